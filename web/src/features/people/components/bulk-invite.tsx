// Rosters in one step: paste lines or upload a CSV (`email, name, role, class`), see every row classified (new person,
// existing person, already enrolled, error), then invite the new ones and enrol each row's person in its class, in
// chunks with a progress bar and a result per row. Chunks keep each request short however long the list. A retry of
// the same list is safe: pending invitations answer their person, enrolments already made are reported as such.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type ChangeEvent } from 'react';
import { Link } from 'react-router-dom';
import { CLASS_LIMITS } from '@shared/class-admin';
import type { EnrolmentOutcome } from '@shared/contract/rosters';
import { PEOPLE_LIMITS } from '@shared/people';
import type { InvitationOutcome, Person } from '@shared/contract/people';
import type { Role } from '@shared/roles';
import { classKeys } from '@web/api/classes';
import { invitePeople, lookupPeople, useRefreshPeople } from '@web/api/people';
import { classAdminKeys, enrolStudents, listAdminClasses, listClassStudents } from '@web/api/rosters';
import { Alert } from '@web/components/alert';
import { SelectField } from '@web/components/field';
import { addressesToLookUp, classesNamed, classifyRows, isErrorRow, isToDo, parseInvitationList, STATUS_LABEL, summarise, type PreviewRow, type RosterClass } from '../utils/invitation-list';
import { chunk } from '@web/lib/chunk';
import { rememberTemporaryPassword } from '../utils/temporary-passwords';
import { ROLE_CHOICES, ROLE_LABEL } from '@web/lib/people-labels';

/** What happened to one row of the list once confirmed. */
export interface RosterResult {
  line: number;
  email: string;
  name: string;
  invitation?: InvitationOutcome;
  enrolIn?: RosterClass;
  enrolment?: Pick<EnrolmentOutcome, 'outcome' | 'message'> | { outcome: 'failed'; message: string };
  /** A line with nothing done (an error, or nothing to do), with the preview's words: the result lists every line. */
  notDone?: { label: string; message: string; error: boolean };
}

type Step =
  | { name: 'edit' }
  | { name: 'preview'; rows: PreviewRow[] }
  | { name: 'applying'; done: number; total: number }
  | { name: 'done'; results: RosterResult[] };

const INVITATION_LABEL: Record<InvitationOutcome['outcome'], string> = { invited: 'Invited', exists: 'Already exists', failed: 'Not invited' };
const ENROLMENT_LABEL: Record<NonNullable<RosterResult['enrolment']>['outcome'], string> = {
  enrolled: 'Enrolled',
  alreadyEnrolled: 'Already enrolled',
  notFound: 'Not enrolled',
  notStudent: 'Not enrolled',
  failed: 'Not enrolled',
};

/** A row is invited only in the role asked for; the server confirms it, and a row that says otherwise is not shown as done. */
function withRoleChecked(result: InvitationOutcome, role: Role): InvitationOutcome {
  if (result.outcome !== 'invited' || result.person.role === role) return result;
  return { email: result.email, outcome: 'failed', message: `Invited without the role asked for (${ROLE_LABEL[role]}); invite them again to give it.` };
}

/** Every student id in a class, page after page. */
async function enrolledIn(classId: string): Promise<Set<string>> {
  const ids = new Set<string>();
  let cursor: string | undefined;
  do {
    const page = await listClassStudents(classId, cursor);
    for (const student of page.students) ids.add(student.userId);
    cursor = page.next;
  } while (cursor);
  return ids;
}

async function previewList(text: string, defaultRole: Role): Promise<PreviewRow[]> {
  const rows = parseInvitationList(text, defaultRole);
  if (rows.length === 0) throw new Error('The list is empty: paste one person per line, or upload a CSV file.');
  const people = new Map<string, Person>();
  for (const emails of chunk(addressesToLookUp(rows), PEOPLE_LIMITS.lookupMax)) {
    for (const person of (await lookupPeople(emails)).people) people.set(person.email.toLowerCase(), person);
  }
  const classes = rows.some((row) => row.className) ? await listAdminClasses() : [];
  const enrolled = new Map<string, Set<string>>();
  for (const each of classesNamed(rows, classes)) enrolled.set(each.classId, await enrolledIn(each.classId));
  return classifyRows(rows, { people, classes, enrolled });
}

export function BulkInvite() {
  const refreshPeople = useRefreshPeople();
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [defaultRole, setDefaultRole] = useState<Role>('Students');
  const [step, setStep] = useState<Step>({ name: 'edit' });
  const lookUp = useMutation({ mutationFn: () => previewList(text, defaultRole), onSuccess: (rows) => setStep({ name: 'preview', rows }) });
  // A request that fails stops the run: the outcome keeps the results so far beside the reason.
  const apply = useMutation({
    mutationFn: async (rows: PreviewRow[]): Promise<{ results: RosterResult[]; stopped?: string }> => {
      const toDo = rows.filter(isToDo);
      const invitations = toDo.flatMap((row) => (row.invitation ? [row.invitation] : []));
      const enrolments = toDo.filter((row) => row.enrolIn).length;
      const total = invitations.length + enrolments;
      let done = 0;
      const progress = (count: number) => setStep({ name: 'applying', done: (done += count), total });
      progress(0);
      const invited = new Map<string, InvitationOutcome>();
      const enrolled = new Map<string, EnrolmentOutcome>();
      const results = () => rows.map((row) => (isToDo(row) ? resultOf(row, invited, enrolled) : { line: row.line, email: row.email, name: row.name, notDone: { label: STATUS_LABEL[row.status], message: row.message, error: isErrorRow(row) } }));
      try {
        for (const part of chunk(invitations, PEOPLE_LIMITS.invitationBatchMax)) {
          const answers = (await invitePeople(part)).results;
          answers.forEach((answer, index) => invited.set(answer.email, withRoleChecked(answer, part[index]!.role)));
          for (const answer of answers) if (answer.outcome === 'invited' && answer.temporaryPassword) rememberTemporaryPassword(answer.email, answer.temporaryPassword);
          progress(part.length);
        }
        const byClass = new Map<string, string[]>();
        for (const row of toDo) {
          const studentId = studentOf(row, invited);
          if (row.enrolIn && studentId) byClass.set(row.enrolIn.classId, [...(byClass.get(row.enrolIn.classId) ?? []), studentId]);
        }
        for (const [classId, studentIds] of byClass) {
          for (const part of chunk(studentIds, CLASS_LIMITS.enrolBatchMax)) {
            for (const outcome of (await enrolStudents(classId, part)).results) enrolled.set(`${classId}/${outcome.studentId}`, outcome);
            progress(part.length);
          }
        }
        return { results: results() };
      } catch (failure) {
        return { results: results(), stopped: `Stopped after ${done} of ${total} steps: ${(failure as Error).message} Preview the same list again to finish it.` };
      }
    },
    onSettled: async (outcome) => {
      if (outcome) setStep({ name: 'done', results: outcome.results });
      // Class lists count the new students, and rosters (login slips, class pages) list them without a reload.
      await Promise.all([refreshPeople(), queryClient.invalidateQueries({ queryKey: classAdminKeys.all }), queryClient.invalidateQueries({ queryKey: classKeys.all })]);
    },
  });
  const error = lookUp.error?.message ?? apply.data?.stopped;

  const readFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    setText(await file.text());
    setStep({ name: 'edit' });
  };

  const preview = () => {
    apply.reset();
    lookUp.mutate();
  };

  return (
    <section className="card admin-panel admin-panel-wide" aria-labelledby="invite-many-heading">
      <h2 id="invite-many-heading">Invite and enrol from a list</h2>
      <p className="muted">
        One person per line: <code>email, name, role, class</code> (role is Students, Teachers or Admins; class, for
        students, is the name of a class to enrol them in, or empty; a header line is optional).
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
              placeholder={'ada@school.example, Ada Lovelace, Teachers\nsam@school.example, Sam Student, Students, Year 9 Science'}
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
      {step.name === 'preview' && (
        <PreviewTable
          rows={step.rows}
          onConfirm={() => {
            lookUp.reset();
            apply.mutate(step.rows);
          }}
        />
      )}
      {step.name === 'applying' && (
        <div className="bulk-progress">
          <label htmlFor="bulk-progress">
            Inviting and enrolling: {step.done} of {step.total}...
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
            Start Another List
          </button>
        </>
      )}
    </section>
  );
}

function PreviewTable({ rows, onConfirm }: { rows: PreviewRow[]; onConfirm: () => void }) {
  const toDo = rows.filter(isToDo);
  const invitations = toDo.filter((row) => row.invitation).length;
  const enrolments = toDo.filter((row) => row.enrolIn).length;
  return (
    <>
      <p role="status" className="bulk-summary">
        Preview: {summarise(rows)}. Nothing has been written yet.
      </p>
      <div className="admin-table-scroll" role="region" aria-label="Invitation preview" tabIndex={0}>
        <table className="admin-table is-stacked">
          <thead>
            <tr>
              <th scope="col">Line</th>
              <th scope="col">E-mail</th>
              <th scope="col">Name</th>
              <th scope="col">Role</th>
              <th scope="col">Class</th>
              <th scope="col">What will happen</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.line} className={isToDo(row) ? undefined : 'row-skipped'}>
                <td data-label="Line">{row.line}</td>
                <td data-label="E-mail">{row.email}</td>
                <td data-label="Name">{row.person?.name ?? row.name}</td>
                <td data-label="Role">{row.invitation ? ROLE_LABEL[row.invitation.role] : row.person?.role ? ROLE_LABEL[row.person.role] : row.role}</td>
                <td data-label="Class">{row.enrolIn?.className ?? row.className}</td>
                <td data-label="What will happen">
                  <strong>{STATUS_LABEL[row.status]}</strong> <span className="muted">{row.message}</span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <button type="button" className="button" disabled={toDo.length === 0} onClick={onConfirm}>
        {confirmLabel(invitations, enrolments)}
      </button>
    </>
  );
}

const count = (number: number, one: string, many: string) => `${number} ${number === 1 ? one : many}`;

function confirmLabel(invitations: number, enrolments: number): string {
  if (invitations === 0 && enrolments === 0) return 'Nothing to Do';
  const parts = [invitations > 0 && `Invite ${count(invitations, 'New Person', 'New People')}`, enrolments > 0 && `Enrol ${count(enrolments, 'Student', 'Students')}`];
  return parts.filter(Boolean).join(' and ');
}

/** The student a row enrols: their existing account, or the one its invitation just made. */
function studentOf(row: PreviewRow, invited: ReadonlyMap<string, InvitationOutcome>): string | undefined {
  if (row.person) return row.person.userId;
  const invitation = row.invitation && invited.get(row.invitation.email);
  return invitation?.outcome === 'invited' ? invitation.person.userId : undefined;
}

function resultOf(row: PreviewRow, invited: ReadonlyMap<string, InvitationOutcome>, enrolled: ReadonlyMap<string, EnrolmentOutcome>): RosterResult {
  const invitation = row.invitation && invited.get(row.invitation.email);
  const studentId = studentOf(row, invited);
  const enrolment = row.enrolIn && studentId ? enrolled.get(`${row.enrolIn.classId}/${studentId}`) : undefined;
  return {
    line: row.line,
    email: row.invitation?.email ?? row.person?.email ?? row.email,
    name: row.invitation?.name ?? row.person?.name ?? row.name,
    ...(invitation ? { invitation } : {}),
    ...(row.enrolIn ? { enrolIn: row.enrolIn } : {}),
    ...(enrolment
      ? { enrolment }
      : row.enrolIn && invitation && invitation.outcome !== 'invited'
        ? { enrolment: { outcome: 'failed' as const, message: 'Not enrolled, because the invitation did not go through.' } }
        : {}),
  };
}

function ResultsTable({ results }: { results: RosterResult[] }) {
  const invited = results.filter((result) => result.invitation?.outcome === 'invited').length;
  const enrolled = results.filter((result) => result.enrolment?.outcome === 'enrolled').length;
  const classes = new Map(results.flatMap((result) => (result.enrolIn ? [[result.enrolIn.classId, result.enrolIn.className]] : [])));
  const rejected = results.filter((result) => result.notDone?.error).length;
  return (
    <>
      <p role="status" className="bulk-summary">
        Invited {invited} of {results.filter((result) => result.invitation).length}; enrolled {enrolled} of{' '}
        {results.filter((result) => result.enrolIn).length}.{rejected > 0 && ` ${rejected === 1 ? '1 line' : `${rejected} lines`} with errors not done: correct them below and send them again.`}
      </p>
      {classes.size > 0 && (
        <ul className="plain-list" aria-label="Login slips">
          {[...classes].map(([classId, className]) => (
            <li key={classId}>
              <Link to={`/admin/classes/${classId}/login-slips`}>Print login slips for {className}</Link>
            </li>
          ))}
        </ul>
      )}
      <div className="admin-table-scroll" role="region" aria-label="Invitation results" tabIndex={0}>
        <table className="admin-table is-stacked">
          <thead>
            <tr>
              <th scope="col">Line</th>
              <th scope="col">E-mail</th>
              <th scope="col">Result</th>
            </tr>
          </thead>
          <tbody>
            {results.map((result) => (
              <tr key={result.line}>
                <td data-label="Line">{result.line}</td>
                <td data-label="E-mail">{result.email}</td>
                <td data-label="Result">
                  {result.notDone && (
                    <span className="bulk-result">
                      <strong>{result.notDone.label}</strong> <span className="muted">{result.notDone.message}</span>
                    </span>
                  )}
                  {result.invitation && (
                    <span className="bulk-result">
                      <strong>{INVITATION_LABEL[result.invitation.outcome]}</strong>{' '}
                      {result.invitation.outcome === 'invited' ? (
                        result.invitation.temporaryPassword && (
                          <span>
                            Temporary password (shown only now): <code className="temporary-password">{result.invitation.temporaryPassword}</code>
                          </span>
                        )
                      ) : (
                        <span className="muted">{result.invitation.message}</span>
                      )}
                    </span>
                  )}
                  {result.enrolIn && (
                    <span className="bulk-result">
                      <strong>{result.enrolment ? ENROLMENT_LABEL[result.enrolment.outcome] : 'Not enrolled'}</strong>{' '}
                      <span className="muted">
                        {result.enrolment?.outcome === 'enrolled' ? `in ${result.enrolIn.className}` : (result.enrolment?.message ?? 'Stopped before this row.')}
                      </span>
                    </span>
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
