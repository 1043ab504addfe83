// /admin/audit: every admin change, newest first, in pages (Show More Changes), filtered by who made it, what kind of
// change, and the days it was made in (the admin's own time zone), and exported as CSV with the same filters.
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { AUDIT_ACTIONS, AUDIT_LIMITS, type AuditAction } from '@shared/people';
import type { AuditEntry, AuditQuery } from '@shared/contract/audit';
import { displayName } from '@shared/person-name';
import { Alert } from '../../components/alert';
import { SelectField } from '../../components/field';
import { LoadError } from '../../components/load-error';
import { useDocumentTitle } from '../../components/use-document-title';
import { listAuditTrail, useAuditTrail } from '@web/api/audit';
import { usePeople } from '@web/api/people';
import { csvFileName, toCsv } from '@web/lib/csv';
import { downloadCsv } from '@web/lib/download-csv';
import { ACTION_LABEL, AuditLine } from './audit-line';
import '../people/people.css';
import { QueryView } from '@web/components/query-view';

const ACTION_FILTER = [['', 'Any change'], ...AUDIT_ACTIONS.map((action) => [action, ACTION_LABEL[action]] as const)] as const;

/** The instants a day picked in a date input begins or ends at, in the browser's time zone. */
const dayStart = (day: string) => (day ? new Date(`${day}T00:00:00`).toISOString() : undefined);
const dayEnd = (day: string) => (day ? new Date(`${day}T23:59:59.999`).toISOString() : undefined);

async function everyEntry(query: AuditQuery): Promise<{ entries: AuditEntry[]; cut: boolean }> {
  const entries: AuditEntry[] = [];
  let next: string | undefined;
  do {
    const page = await listAuditTrail({ ...query, next });
    entries.push(...page.entries);
    next = page.next;
  } while (next && entries.length < AUDIT_LIMITS.exportMax);
  return { entries: entries.slice(0, AUDIT_LIMITS.exportMax), cut: Boolean(next) || entries.length > AUDIT_LIMITS.exportMax };
}

export default function AuditTrailPage() {
  useDocumentTitle('Audit Trail');
  const [actorId, setActorId] = useState('');
  const [action, setAction] = useState<AuditAction | ''>('');
  const [fromDay, setFromDay] = useState('');
  const [toDay, setToDay] = useState('');
  const query: AuditQuery = {
    ...(actorId ? { actorId } : {}),
    ...(action ? { action } : {}),
    ...(fromDay ? { from: dayStart(fromDay) } : {}),
    ...(toDay ? { to: dayEnd(toDay) } : {}),
  };
  // Teachers' path overrides are in the trail too: both can be who made a change.
  const admins = usePeople({ role: 'Admins' });
  const teachers = usePeople({ role: 'Teachers' });
  const trail = useAuditTrail(query);
  const exporting = useMutation({
    mutationFn: () => everyEntry(query),
    onSuccess: ({ entries }) =>
      downloadCsv(
        csvFileName('audit-trail', fromDay || 'start', toDay || 'now'),
        toCsv(
          ['When (UTC)', 'Who', 'What', 'About', 'Detail'],
          entries.map((entry) => [entry.at, entry.actor, ACTION_LABEL[entry.action], entry.subject, entry.detail ?? '']),
        ),
      ),
  });
  const entries = trail.data?.pages.flatMap((page) => page.entries) ?? [];
  const choicesOf = (people: typeof admins, role: string) => (people.data?.pages.flatMap((page) => page.people) ?? []).map((person) => [person.userId, `${displayName(person)} (${role})`] as const);
  const actorChoices = [['', 'Anyone'], ...choicesOf(admins, 'administrator'), ...choicesOf(teachers, 'teacher')] as const;

  return (
    <>
      <h1>Audit Trail</h1>
      <p className="muted">Every change administrators made to people and classes, and teachers to their students&apos; paths (overrides), newest first.</p>
      <form className="people-filters" role="search" aria-label="Filter changes" onSubmit={(event) => event.preventDefault()}>
        <SelectField id="audit-who" label="Who" value={actorId} options={actorChoices} onChange={setActorId} />
        <SelectField id="audit-what" label="What" value={action} options={ACTION_FILTER} onChange={setAction} />
        <div className="field">
          <label htmlFor="audit-from">From (day)</label>
          <input id="audit-from" type="date" value={fromDay} max={toDay || undefined} onChange={(event) => setFromDay(event.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="audit-to">To (day)</label>
          <input id="audit-to" type="date" value={toDay} min={fromDay || undefined} onChange={(event) => setToDay(event.target.value)} />
        </div>
      </form>
      <div className="actions">
        <button type="button" className="button button-secondary" disabled={exporting.isPending || entries.length === 0} onClick={() => exporting.mutate()}>
          {exporting.isPending ? 'Exporting...' : 'Export CSV'}
        </button>
      </div>
      {exporting.error && <Alert tone="error">Could not export: {exporting.error.message}</Alert>}
      {exporting.data?.cut && (
        <Alert tone="info">The file holds the newest {AUDIT_LIMITS.exportMax} changes; narrow the days to export older ones.</Alert>
      )}
      <section className="card" aria-label="Changes">
        <QueryView
          query={trail}
          loading="Loading changes..."
          error={(error) => <LoadError what="Could not load the audit trail" error={error} />}
          empty={{ when: () => entries.length === 0, show: <p className="empty-state">No change matches these filters.</p> }}
        >
          {() => (
            <ol className="audit-list">
              {entries.map((entry) => (
                <AuditLine key={`${entry.at}-${entry.actorId}-${entry.subject}-${entry.action}`} entry={entry} />
              ))}
            </ol>
          )}
        </QueryView>
        {trail.hasNextPage && (
          <button type="button" className="button button-secondary" disabled={trail.isFetchingNextPage} onClick={() => void trail.fetchNextPage()}>
            {trail.isFetchingNextPage ? 'Loading...' : `Show More Changes (${entries.length} shown)`}
          </button>
        )}
      </section>
    </>
  );
}
