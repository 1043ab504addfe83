/**
 * @jest-environment jest-fixed-jsdom
 * @jest-environment-options {"customExportConditions": ["node", "require", "default"]}
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Person } from '@shared/contract/people';
import { answer, withFakeApi } from '@web/testing/api-server';
import { ADMIN, renderPage } from '@web/testing/test-utils';
import { useClassRoster } from '@web/api/rosters';
import { BulkInvite } from './bulk-invite';
import { ROLE_LABEL } from '@web/lib/people-labels';

withFakeApi();
// Typing and rendering preview tables in jsdom is slow on a shared two-core machine; the default 5 s is too tight.
jest.setTimeout(30_000);

const person = (email: string): Person => ({ userId: email, email, name: email, role: 'Students', status: 'active', createdAt: '' });

let lookUps: ReturnType<typeof answer<'lookupPeople'>>;
let invitations: ReturnType<typeof answer<'invitePeople'>>;
beforeEach(() => {
  lookUps = answer('lookupPeople', ({ body }) => ({ people: body.emails.filter((email) => email.startsWith('old')).map(person) }));
  invitations = answer('invitePeople', ({ body }) => ({
    results: body.people.map((row) => ({ email: row.email, outcome: 'invited' as const, person: person(row.email), temporaryPassword: `pw-${row.email}` })),
  }));
});

const render = () => renderPage(<BulkInvite />, { path: '/admin/people', url: '/admin/people', user: ADMIN });

it('previews every row before writing anything, then invites only the new ones', async () => {
  const user = userEvent.setup();
  render();
  await user.click(screen.getByLabelText('People to invite'));
  await user.paste('email,name,role\nnew@school.example,New One,Students\nold@school.example,Old One,Teachers\nbad,Bad,Students\nnew@school.example,Twice,Students');
  await user.click(screen.getByRole('button', { name: 'Preview' }));

  expect(await screen.findByText('Preview: 1 new, 1 existing (nothing to do), 2 with errors. Nothing has been written yet.')).toBeInTheDocument();
  expect(invitations).toHaveLength(0);
  const preview = screen.getByRole('region', { name: 'Invitation preview' });
  expect(within(preview).getAllByRole('row')).toHaveLength(5);

  await user.click(screen.getByRole('button', { name: 'Invite 1 New Person' }));
  expect(await screen.findByText('Invited 1 of 1; enrolled 0 of 0. 2 lines with errors not done: correct them below and send them again.')).toBeInTheDocument();
  // Every line is in the result, the rejected ones with why.
  const results = within(screen.getByRole('region', { name: 'Invitation results' })).getAllByRole('row').slice(1);
  expect(results.map((row) => row.textContent)).toEqual([
    expect.stringMatching(/^2new@school\.exampleInvited/),
    expect.stringMatching(/^3old@school\.exampleExisting person/),
    expect.stringMatching(/^4badError: e-mail/),
    expect.stringMatching(/^5new@school\.exampleError: repeated line/),
  ]);
  expect(invitations.map(({ body }) => body.people)).toEqual([[{ email: 'new@school.example', name: 'New One', role: 'Students' }]]);
  expect(screen.getByText('pw-new@school.example')).toBeInTheDocument();
});

it('sends a long list in requests of 25, looking addresses up 100 at a time', async () => {
  const user = userEvent.setup();
  render();
  const lines = Array.from({ length: 120 }, (_, index) => `p${index}@school.example,Person ${index}`).join('\n');
  await user.click(screen.getByLabelText('People to invite'));
  await user.paste(lines);
  await user.click(screen.getByRole('button', { name: 'Preview' }));
  await user.click(await screen.findByRole('button', { name: 'Invite 120 New People' }));

  expect(await screen.findByText('Invited 120 of 120; enrolled 0 of 0.')).toBeInTheDocument();
  expect(lookUps.map(({ body }) => body.emails.length)).toEqual([100, 20]);
  expect(invitations.map(({ body }) => body.people.length)).toEqual([25, 25, 25, 25, 20]);
});

it('shows a row whose role could not be confirmed as failed, with what to do, and counts only the others as invited', async () => {
  answer('invitePeople', ({ body }) => ({
    results: body.people.map((row) =>
      row.email.startsWith('lost')
        ? { email: row.email, outcome: 'failed' as const, message: `${row.email} was invited, but their role (Students) could not be confirmed; invite them again to give it.` }
        : row.email.startsWith('roleless')
          ? { email: row.email, outcome: 'invited' as const, person: { ...person(row.email), role: null } }
          : { email: row.email, outcome: 'invited' as const, person: person(row.email) },
    ),
  }));
  const user = userEvent.setup();
  render();
  await user.click(screen.getByLabelText('People to invite'));
  await user.paste('kept@school.example,Kim Kept\nlost@school.example,Lou Lost\nroleless@school.example,Rae Roleless');
  await user.click(screen.getByRole('button', { name: 'Preview' }));
  await user.click(await screen.findByRole('button', { name: 'Invite 3 New People' }));

  expect(await screen.findByText('Invited 1 of 3; enrolled 0 of 0.')).toBeInTheDocument();
  const rows = within(screen.getByRole('region', { name: 'Invitation results' })).getAllByRole('row').slice(1);
  expect(rows.map((row) => row.textContent)).toEqual([
    '1kept@school.exampleInvited ',
    '2lost@school.exampleNot invited lost@school.example was invited, but their role (Students) could not be confirmed; invite them again to give it.',
    `3roleless@school.exampleNot invited Invited without the role asked for (${ROLE_LABEL.Students}); invite them again to give it.`,
  ]);
});

it('invites and enrols from one CSV: a preview per row, then each row done once, and the same list again has nothing to do', async () => {
  const science = { classId: 'c9', className: 'Year 9 Science', studentCount: 1, moduleCount: 0 };
  const roster = new Set(['id-kim@school.example']);
  const existing = new Map([['sam@school.example', person('sam@school.example')], ['kim@school.example', person('kim@school.example')]]);
  for (const each of existing.values()) each.userId = `id-${each.email}`;
  answer('listAdminClasses', [science]);
  answer('listClassStudents', () => ({
    students: [...roster].map((userId) => ({ userId, name: userId })),
    studentCount: roster.size,
  }));
  answer('lookupPeople', ({ body }) => ({ people: body.emails.flatMap((email) => (existing.has(email) ? [existing.get(email)!] : [])) }));
  answer('invitePeople', ({ body }) => ({
    results: body.people.map((row) => {
      const invited = { ...person(row.email), userId: `id-${row.email}`, name: row.name, status: 'invited' as const };
      existing.set(row.email, invited);
      return { email: row.email, outcome: 'invited' as const, person: invited, temporaryPassword: `pw-${row.email}` };
    }),
  }));
  const enrolments = answer('enrolStudents', ({ body }) => ({
    results: body.studentIds.map((studentId) => {
      const outcome = roster.has(studentId) ? ('alreadyEnrolled' as const) : ('enrolled' as const);
      roster.add(studentId);
      return { studentId, outcome, message: outcome };
    }),
  }));
  const user = userEvent.setup();
  render();
  const list = 'email,name,role,class\npia@school.example,Pia Pupil,Students,year 9 science\nsam@school.example,Sam,Students,Year 9 Science\nkim@school.example,Kim,Students,Year 9 Science\nlee@school.example,Lee,Students,Year 12 Latin';
  await user.click(screen.getByLabelText('People to invite'));
  await user.paste(list);
  await user.click(screen.getByRole('button', { name: 'Preview' }));

  expect(await screen.findByText('Preview: 1 new, 1 existing to enrol, 1 already enrolled, 1 with errors. Nothing has been written yet.')).toBeInTheDocument();
  const rows = within(screen.getByRole('region', { name: 'Invitation preview' })).getAllByRole('row').slice(1);
  expect(rows.map((row) => row.lastElementChild?.textContent)).toEqual([
    'New person Will be invited and enrolled in Year 9 Science.',
    'Existing person to enrol Has an account; will be enrolled in Year 9 Science.',
    'Already enrolled Already enrolled in Year 9 Science; nothing to do.',
    'Error: class There is no class named "Year 12 Latin"; create it first or correct the name.',
  ]);
  await user.click(screen.getByRole('button', { name: 'Invite 1 New Person and Enrol 2 Students' }));

  expect(await screen.findByText('Invited 1 of 1; enrolled 2 of 2. 1 line with errors not done: correct them below and send them again.')).toBeInTheDocument();
  expect(enrolments.map(({ params, body }) => [params.classId, body.studentIds])).toEqual([['c9', ['id-pia@school.example', 'id-sam@school.example']]]);
  expect(screen.getByText('pw-pia@school.example')).toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Start Another List' }));
  await user.click(screen.getByLabelText('People to invite'));
  await user.paste(list);
  await user.click(screen.getByRole('button', { name: 'Preview' }));
  expect(await screen.findByText('Preview: 3 already enrolled, 1 with errors. Nothing has been written yet.')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Nothing to Do' })).toBeDisabled();
});

/** A class's roster as the login slips and the class page read it, on screen beside the import. */
function RosterOf({ classId }: { classId: string }) {
  const roster = useClassRoster(classId);
  return <ul aria-label="Roster">{roster.data?.pages.flatMap((page) => page.students).map((student) => <li key={student.userId}>{student.name}</li>)}</ul>;
}

it('a roster on screen (login slips) lists the students the import just enrolled, without a reload', async () => {
  const roster = new Map<string, string>();
  answer('listAdminClasses', [{ classId: 'c9', className: 'Year 9 Science', studentCount: 0, moduleCount: 0 }]);
  answer('listClassStudents', () => ({ students: [...roster].map(([userId, name]) => ({ userId, name })), studentCount: roster.size }));
  answer('enrolStudents', ({ body }) => ({
    results: body.studentIds.map((studentId) => {
      roster.set(studentId, `Pupil ${studentId}`);
      return { studentId, outcome: 'enrolled' as const, message: 'enrolled' };
    }),
  }));
  const user = userEvent.setup();
  renderPage(
    <>
      <BulkInvite />
      <RosterOf classId="c9" />
    </>,
    { path: '/admin/people', url: '/admin/people', user: ADMIN },
  );
  const list = screen.getByRole('list', { name: 'Roster' });
  await user.click(screen.getByLabelText('People to invite'));
  await user.paste('new@school.example,New One,Students,Year 9 Science');
  await user.click(screen.getByRole('button', { name: 'Preview' }));
  await user.click(await screen.findByRole('button', { name: 'Invite 1 New Person and Enrol 1 Student' }));
  expect(await within(list).findByText('Pupil new@school.example')).toBeInTheDocument();
});
