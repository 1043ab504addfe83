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
