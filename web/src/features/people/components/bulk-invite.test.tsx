/**
 * @jest-environment jest-fixed-jsdom
 * @jest-environment-options {"customExportConditions": ["node", "require", "default"]}
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Person } from '@shared/people';
import { answer, withFakeApi } from '@web/testing/api-server';
import { ADMIN, renderPage } from '@web/testing/test-utils';
import { BulkInvite } from './bulk-invite';
import { ROLE_LABEL } from './labels';

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

  expect(await screen.findByText('Preview: 1 new, 1 already exists, 1 invalid e-mail, 1 duplicate in the list. Nothing has been written yet.')).toBeInTheDocument();
  expect(invitations).toHaveLength(0);
  const preview = screen.getByRole('region', { name: 'Invitation preview' });
  expect(within(preview).getAllByRole('row')).toHaveLength(5);

  await user.click(screen.getByRole('button', { name: 'Invite 1 New Person' }));
  expect(await screen.findByText('Invited 1 of 1.')).toBeInTheDocument();
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

  expect(await screen.findByText('Invited 120 of 120.')).toBeInTheDocument();
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

  expect(await screen.findByText('Invited 1 of 3.')).toBeInTheDocument();
  const rows = within(screen.getByRole('region', { name: 'Invitation results' })).getAllByRole('row').slice(1);
  expect(rows.map((row) => row.textContent)).toEqual([
    'kept@school.exampleInvited ',
    'lost@school.exampleFailed lost@school.example was invited, but their role (Students) could not be confirmed; invite them again to give it.',
    `roleless@school.exampleFailed Invited without the role asked for (${ROLE_LABEL.Students}); invite them again to give it.`,
  ]);
});
