/**
 * @jest-environment jest-fixed-jsdom
 * @jest-environment-options {"customExportConditions": ["node", "require", "default"]}
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Person } from '@shared/contract/people';
import { answer, withFakeApi } from '@web/testing/api-server';
import { ADMIN, renderPage } from '@web/testing/test-utils';
import PeoplePage from './people-page';

withFakeApi();
jest.setTimeout(30_000);

const person = (userId: string, name: string, status: Person['status'] = 'active'): Person => ({
  userId,
  email: `${userId}@school.example`,
  name,
  role: 'Students',
  status,
  createdAt: '2026-09-01T08:00:00.000Z',
});
const everyone = [person(ADMIN.userId, ADMIN.name), person('amara', 'Amara Okafor'), person('ben', 'Ben Brontë'), person('gone', 'Gone Person')];

let lists: ReturnType<typeof answer<'listPeople'>>;
beforeEach(() => {
  lists = answer('listPeople', ({ query }) => ({
    people: everyone.filter((each) => !query.get('search') || each.name.toLowerCase().includes(query.get('search')!.toLowerCase())),
  }));
});

const render = () => renderPage(<PeoplePage />, { path: '/admin/people', url: '/admin/people', user: ADMIN });

it('asks the directory for what is typed and the filters chosen, and lists who it answers', async () => {
  const user = userEvent.setup();
  render();
  await user.type(screen.getByLabelText('Search by name or e-mail'), 'amara');
  await user.selectOptions(screen.getByLabelText('Status'), 'active');
  const list = await screen.findByRole('list', { name: 'People' });
  expect(await within(list).findByText('Amara Okafor')).toBeInTheDocument();
  expect(within(list).queryByText('Ben Brontë')).not.toBeInTheDocument();
  expect(Object.fromEntries(lists.at(-1)!.query)).toEqual({ search: 'amara', status: 'active' });
});

it('disables several selected people after asking, and reports each one that could not be changed, keeping it selected', async () => {
  const changes = answer('setPeopleAccess', ({ body }) => ({
    results: body.userIds.map((userId) =>
      userId === 'gone'
        ? { userId, outcome: 'failed' as const, message: 'There is no such person; reload the list.' }
        : { userId, outcome: 'done' as const, person: { ...everyone.find((each) => each.userId === userId)!, status: 'disabled' as const } },
    ),
  }));
  const user = userEvent.setup();
  render();
  await screen.findByText('Amara Okafor');
  expect(screen.queryByRole('checkbox', { name: `Select ${ADMIN.name}` })).not.toBeInTheDocument();
  await user.click(screen.getByRole('checkbox', { name: 'Select Amara Okafor' }));
  await user.click(screen.getByRole('checkbox', { name: 'Select Gone Person' }));
  const bar = screen.getByRole('group', { name: 'Selected people' });
  expect(bar).toHaveTextContent('2 people selected');

  await user.click(within(bar).getByRole('button', { name: 'Disable Selected' }));
  expect(screen.getByRole('alertdialog')).toHaveTextContent('Disable 2 people? They are signed out everywhere and cannot sign in until they are enabled again.');
  expect(changes).toHaveLength(0);
  await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Disable' }));

  expect(await screen.findByText('Disabled 1 of 2 people.', { exact: false })).toHaveTextContent('Gone Person: There is no such person; reload the list.');
  expect(changes.map(({ body }) => body)).toEqual([{ access: 'disabled', userIds: ['amara', 'gone'] }]);
  expect(screen.getByRole('group', { name: 'Selected people' })).toHaveTextContent('1 person selected');
  expect(screen.getByRole('checkbox', { name: 'Select Gone Person' })).toBeChecked();
});

it("exports a person's data and offers the zip the API links to", async () => {
  const exports = answer('exportPersonData', ({ params }) => ({
    url: `https://storage.test/protected/exports/${params.userId}/1/data-export-2026-11-29.zip?signed`,
    fileName: 'data-export-2026-11-29.zip',
    expiresAt: '2026-11-29T10:15:00.000Z',
    bytes: 2048,
  }));
  const user = userEvent.setup();
  render();
  await screen.findByText('Amara Okafor');
  await user.click(screen.getByRole('button', { name: 'Export data of Amara Okafor' }));
  const link = await screen.findByRole('link', { name: 'Save data-export-2026-11-29.zip' });
  expect(link).toHaveAttribute('href', 'https://storage.test/protected/exports/amara/1/data-export-2026-11-29.zip?signed');
  expect(exports.map(({ params }) => params.userId)).toEqual(['amara']);
});
