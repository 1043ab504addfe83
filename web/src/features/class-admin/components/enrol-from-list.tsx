// Enrol a pasted list of e-mail addresses: a preview first (will be enrolled, already enrolled, not a student, no
// account with an "Invite them" action, not an address, listed twice), then the enrolments in chunks with a result.
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { CLASS_LIMITS } from '@shared/class-admin';
import type { EnrolmentOutcome } from '@shared/contract/rosters';
import { PEOPLE_LIMITS } from '@shared/people';
import { personNameSchema, type Person } from '@shared/contract/people';
import { displayName } from '@shared/person-name';
import { invitePerson, lookupPeople } from '@web/api/people';
import { useEnrolStudents } from '@web/api/rosters';
import { Alert } from '@web/components/alert';
import { chunk } from '@web/lib/chunk';
import { TemporaryPassword } from '../../people';
import { addressesIn, classifyEnrolments, ENROLMENT_STATUS_LABEL, type EnrolmentRow } from '../utils/enrolment-preview';

export function EnrolFromList({ classId, enrolledIds }: { classId: string; enrolledIds: ReadonlySet<string> }) {
  const enrol = useEnrolStudents(classId);
  const [text, setText] = useState('');
  // The last preview's people stay on screen while an invitation from it checks the list again.
  const [people, setPeople] = useState<Person[] | null>(null);
  const lookUp = useMutation({
    mutationFn: async (addresses: string[]) => {
      const found: Person[] = [];
      for (const emails of chunk(addresses, PEOPLE_LIMITS.lookupMax)) found.push(...(await lookupPeople(emails)).people);
      return found;
    },
    onSuccess: setPeople,
  });
  // A chunk that fails stops the run: the outcome keeps the results so far beside the reason.
  const enrolment = useMutation({
    mutationFn: async (ready: EnrolmentRow[]): Promise<{ results: EnrolmentOutcome[]; stopped?: string }> => {
      const results: EnrolmentOutcome[] = [];
      try {
        for (const part of chunk(ready.map((row) => row.person!.userId), CLASS_LIMITS.enrolBatchMax)) {
          results.push(...(await enrol.mutateAsync(part)).results);
        }
        return { results };
      } catch (failure) {
        return { results, stopped: `Stopped after ${results.length} of ${ready.length}: ${(failure as Error).message}` };
      }
    },
    onSuccess: ({ stopped }) => {
      if (stopped) return;
      setText('');
      setPeople(null);
    },
  });
  const rows = people && classifyEnrolments(text, people, enrolledIds);
  const busy = lookUp.isPending || enrolment.isPending;
  const error = lookUp.error?.message ?? enrolment.data?.stopped;
  const results = enrolment.data?.results;

  const preview = () => {
    enrolment.reset();
    lookUp.mutate(addressesIn(text));
  };

  const ready = rows?.filter((row) => row.status === 'willEnrol') ?? [];
  return (
    <section className="card admin-panel admin-panel-wide" aria-labelledby="enrol-list-heading">
      <h2 id="enrol-list-heading">Enrol from a list</h2>
      {error && <Alert tone="error">{error}</Alert>}
      {results && (
        <Alert tone="success" onDismiss={() => enrolment.reset()}>
          Enrolled {results.filter((result) => result.outcome === 'enrolled').length} of {results.length}.
          {results
            .filter((result) => result.outcome !== 'enrolled')
            .map((result) => ` ${result.student ? displayName(result.student) : result.studentId}: ${result.message}`)
            .join('')}
        </Alert>
      )}
      <div className="admin-form">
        <div className="field">
          <label htmlFor="enrol-list">Students' e-mail addresses</label>
          <textarea
            id="enrol-list"
            rows={4}
            value={text}
            placeholder="One per line, or separated by commas"
            onChange={(event) => {
              setText(event.target.value);
              setPeople(null);
            }}
          />
        </div>
        <button type="button" className="button button-secondary" disabled={busy || !text.trim()} onClick={preview}>
          {busy && !rows ? 'Checking...' : 'Preview'}
        </button>
      </div>
      {rows && (
        <>
          <div className="admin-table-scroll" role="region" aria-label="Enrolment preview" tabIndex={0}>
            <table className="admin-table">
              <thead>
                <tr>
                  <th scope="col">E-mail</th>
                  <th scope="col">Name</th>
                  <th scope="col">Status</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row, index) => (
                  <tr key={`${row.email}-${index}`} className={row.status === 'willEnrol' ? undefined : 'row-skipped'}>
                    <td>{row.email}</td>
                    <td>{row.person ? displayName(row.person) : ''}</td>
                    <td>
                      <strong>{ENROLMENT_STATUS_LABEL[row.status]}</strong>
                      {row.status === 'unknown' && <InviteThem email={row.email} onInvited={preview} />}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <button type="button" className="button" disabled={busy || ready.length === 0} onClick={() => enrolment.mutate(ready)}>
            {ready.length === 1 ? 'Enrol 1 Student' : `Enrol ${ready.length} Students`}
          </button>
        </>
      )}
    </section>
  );
}

/** Invites an address that has no account as a student, right from the preview. */
function InviteThem({ email, onInvited }: { email: string; onInvited: () => void }) {
  const [name, setName] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const invitation = useMutation({ mutationFn: invitePerson, onSuccess: onInvited });
  const problem = invalid ?? invitation.error?.message;
  const password = invitation.data?.temporaryPassword;
  const invite = () => {
    const checked = personNameSchema.safeParse(name);
    setInvalid(checked.success ? null : checked.error.issues[0].message);
    if (checked.success) invitation.mutate({ email, name: checked.data, role: 'Students' });
  };
  if (password) return <TemporaryPassword email={email} password={password} onDismiss={() => invitation.reset()} />;
  return (
    <div className="invite-them">
      {problem && <span className="field-hint">{problem}</span>}
      <label className="visually-hidden" htmlFor={`invite-${email}`}>
        Full name of {email}
      </label>
      <input id={`invite-${email}`} placeholder="Full name" value={name} maxLength={PEOPLE_LIMITS.nameMaxLength} onChange={(event) => setName(event.target.value)} />
      <button type="button" className="link-button" disabled={invitation.isPending} onClick={invite}>
        Invite them
      </button>
    </div>
  );
}
