// Invite many: paste lines or upload a CSV, see every row classified, then invite the new ones in chunks with a
// progress bar and a result per row. Chunks keep each request short however long the list (500 rows and more).
import { useMutation } from '@tanstack/react-query';
import { useState, type ChangeEvent } from 'react';
import { PEOPLE_LIMITS, type InvitationOutcome } from '@shared/people';
import type { Role } from '@shared/roles';
import { Alert } from '@web/components/alert';
import { SelectField } from '@web/components/field';
import { api } from '@web/lib/api-client';
import { useRefreshPeople } from '../api/people';
import {
  addressesToLookUp,
  chunk,
  classifyRows,
  parseInvitationList,
  STATUS_LABEL,
  summarise,
  type PreviewRow,
} from '../utils/invitation-list';
import { ROLE_CHOICES, ROLE_LABEL } from './labels';

type Step = { name: 'edit' } | { name: 'preview'; rows: PreviewRow[] } | { name: 'inviting'; done: number; total: number } | { name: 'done'; results: InvitationOutcome[] };

const OUTCOME_LABEL: Record<InvitationOutcome['outcome'], string> = { invited: 'Invited', exists: 'Already exists', failed: 'Failed' };

/** A row is invited only in the role asked for; the server confirms it, and a row that says otherwise is not shown as done. */
function withRoleChecked(result: InvitationOutcome, role: Role): InvitationOutcome {
  if (result.outcome !== 'invited' || result.person.role === role) return result;
  return { email: result.email, outcome: 'failed', message: `Invited without the role asked for (${ROLE_LABEL[role]}); invite them again to give it.` };
}

export function BulkInvite() {
  const refreshPeople = useRefreshPeople();
  const [text, setText] = useState('');
  const [defaultRole, setDefaultRole] = useState<Role>('Students');
  const [step, setStep] = useState<Step>({ name: 'edit' });
  const lookUp = useMutation({
    mutationFn: async () => {
      const rows = parseInvitationList(text, defaultRole);
      if (rows.length === 0) throw new Error('The list is empty: paste one person per line, or upload a CSV file.');
      const existing = new Set<string>();
      for (const emails of chunk(addressesToLookUp(rows), PEOPLE_LIMITS.lookupMax)) {
        for (const person of (await api.lookupPeople(emails)).people) existing.add(person.email.toLowerCase());
      }
      return classifyRows(rows, existing);
    },
    onSuccess: (rows) => setStep({ name: 'preview', rows }),
  });
  // A chunk that fails stops the run: the outcome keeps the results so far beside the reason.
  const invitation = useMutation({
    mutationFn: async (rows: PreviewRow[]): Promise<{ results: InvitationOutcome[]; stopped?: string }> => {
      const invitations = rows.flatMap((row) => (row.invitation ? [row.invitation] : []));
      const results: InvitationOutcome[] = [];
      setStep({ name: 'inviting', done: 0, total: invitations.length });
      try {
        for (const part of chunk(invitations, PEOPLE_LIMITS.invitationBatchMax)) {
          results.push(...(await api.invitePeople(part)).results.map((result, index) => withRoleChecked(result, part[index]!.role)));
          setStep({ name: 'inviting', done: results.length, total: invitations.length });
        }
        return { results };
      } catch (failure) {
        return { results, stopped: `Stopped after ${results.length} of ${invitations.length}: ${(failure as Error).message}` };
      }
    },
    onSuccess: async ({ results }) => {
      setStep({ name: 'done', results });
      await refreshPeople();
    },
  });
  const error = lookUp.error?.message ?? invitation.data?.stopped;

  const readFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    setText(await file.text());
    setStep({ name: 'edit' });
  };

  const preview = () => {
    invitation.reset();
    lookUp.mutate();
  };

  return (
    <section className="card admin-panel admin-panel-wide" aria-labelledby="invite-many-heading">
      <h2 id="invite-many-heading">Invite many people</h2>
      <p className="muted">
        One person per line: <code>email, name, role</code> (role is Students, Teachers or Admins; a header line is optional).
      </p>
      {error && <Alert tone="error">{error}</Alert>}
      {(step.name === 'edit' || step.name === 'preview') && (
        <div className="admin-form">
          <div className="field">
            <label htmlFor="bulk-list">People to invite</label>
            <textarea
              id="bulk-list"
              rows={6}
              value={text}
              placeholder={'ada@school.example, Ada Lovelace, Teachers\nsam@school.example, Sam Student, Students'}
              onChange={(event) => {
                setText(event.target.value);
                setStep({ name: 'edit' });
              }}
            />
          </div>
          <div className="field">
            <label htmlFor="bulk-file">Or upload a CSV file</label>
            <input id="bulk-file" type="file" accept=".csv,text/csv,text/plain" onChange={(event) => void readFile(event)} />
          </div>
          <SelectField id="bulk-default-role" label="Role when a line gives none" value={defaultRole} options={ROLE_CHOICES} onChange={setDefaultRole} />
          <button type="button" className="button button-secondary" disabled={lookUp.isPending || !text.trim()} onClick={preview}>
            {lookUp.isPending ? 'Checking...' : 'Preview'}
          </button>
        </div>
      )}
      {step.name === 'preview' && <PreviewTable rows={step.rows} onInvite={() => {
            lookUp.reset();
            invitation.mutate(step.rows);
          }} />}
      {step.name === 'inviting' && (
        <div className="bulk-progress">
          <label htmlFor="bulk-progress">
            Inviting {step.done} of {step.total}...
          </label>
          <progress id="bulk-progress" value={step.done} max={step.total} />
        </div>
      )}
      {step.name === 'done' && (
        <>
          <ResultsTable results={step.results} />
          <button
            type="button"
            className="button button-secondary"
            onClick={() => {
              setText('');
              setStep({ name: 'edit' });
            }}
          >
            Invite More People
          </button>
        </>
      )}
    </section>
  );
}

function PreviewTable({ rows, onInvite }: { rows: PreviewRow[]; onInvite: () => void }) {
  const newCount = rows.filter((row) => row.status === 'new').length;
  return (
    <>
      <p role="status" className="bulk-summary">
        Preview: {summarise(rows)}. Nothing has been written yet.
      </p>
      <div className="admin-table-scroll" role="region" aria-label="Invitation preview" tabIndex={0}>
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">Line</th>
              <th scope="col">E-mail</th>
              <th scope="col">Name</th>
              <th scope="col">Role</th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.line} className={row.status === 'new' ? undefined : 'row-skipped'}>
                <td>{row.line}</td>
                <td>{row.email}</td>
                <td>{row.name}</td>
                <td>{row.invitation ? ROLE_LABEL[row.invitation.role] : row.role}</td>
                <td>
                  <strong>{STATUS_LABEL[row.status]}</strong> <span className="muted">{row.message}</span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <button type="button" className="button" disabled={newCount === 0} onClick={onInvite}>
        {newCount === 1 ? 'Invite 1 New Person' : `Invite ${newCount} New People`}
      </button>
    </>
  );
}

function ResultsTable({ results }: { results: InvitationOutcome[] }) {
  const invited = results.filter((result) => result.outcome === 'invited').length;
  return (
    <>
      <p role="status" className="bulk-summary">
        Invited {invited} of {results.length}.
      </p>
      <div className="admin-table-scroll" role="region" aria-label="Invitation results" tabIndex={0}>
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">E-mail</th>
              <th scope="col">Result</th>
            </tr>
          </thead>
          <tbody>
            {results.map((result) => (
              <tr key={result.email}>
                <td>{result.email}</td>
                <td>
                  <strong>{OUTCOME_LABEL[result.outcome]}</strong>{' '}
                  {result.outcome === 'invited' ? (
                    result.temporaryPassword && (
                      <span>
                        Temporary password (shown only now): <code className="temporary-password">{result.temporaryPassword}</code>
                      </span>
                    )
                  ) : (
                    <span className="muted">{result.message}</span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
