/**
 * @jest-environment jest-fixed-jsdom
 * @jest-environment-options {"customExportConditions": ["node", "require", "default"]}
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Person } from '@shared/contract/people';
import { answer, HttpError, withFakeApi } from '@web/testing/api-server';
import { ADMIN, renderPage } from '@web/testing/test-utils';
import PeoplePage from '../people-page';

withFakeApi();
jest.setTimeout(30_000);

const person = (userId: string, name: string, role: Person['role']): Person => ({
  userId,
  email: `${userId}@school.example`,
  name,
  role,
  status: 'active',
  createdAt: '2026-09-01T08:00:00.000Z',
});
const everyone = [person(ADMIN.userId, ADMIN.name, 'Admins'), person('amara', 'Amara Okafor', 'Students'), person('tess', 'Tess Teacher', 'Teachers'), person('ted', 'Ted Teacher', 'Teachers')];
const outcome = (userId: string) => ({ pseudonym: `erased-${userId}`, modules: { outcome: 'none' as const, count: 0 }, classes: { outcome: 'none' as const, count: 0 } });

beforeEach(() => {
  answer('listPeople', ({ query }) => ({ people: everyone.filter((each) => !query.get('role') || each.role === query.get('role')) }));
});

const render = () => renderPage(<PeoplePage />, { path: '/admin/people', url: '/admin/people', user: ADMIN });

it('erases a student only once their e-mail is typed, then closes', async () => {
  const erased = answer('erasePerson', ({ params }) => outcome(params.userId));
  const user = userEvent.setup();
  render();
  expect(await screen.findByText('Amara Okafor')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: `Erase ${ADMIN.name}` })).not.toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Erase Amara Okafor' }));
  const dialog = screen.getByRole('dialog', { name: 'Erase Amara Okafor?' });
  expect(dialog).toHaveTextContent('This cannot be undone.');
  expect(within(dialog).queryByLabelText('Their modules and classes')).not.toBeInTheDocument();

  await user.type(within(dialog).getByLabelText('Type amara@school.example to confirm'), 'amara@school.example.org');
  await user.click(within(dialog).getByRole('button', { name: 'Erase for Good' }));
  expect(within(dialog).getByText('This is not their e-mail address; type it exactly.')).toBeInTheDocument();
  expect(erased).toHaveLength(0);

  await user.clear(within(dialog).getByLabelText('Type amara@school.example to confirm'));
  await user.type(within(dialog).getByLabelText('Type amara@school.example to confirm'), 'Amara@School.example');
  await user.click(within(dialog).getByRole('button', { name: 'Erase for Good' }));
  await screen.findByRole('button', { name: 'Erase Amara Okafor' });
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(erased.map(({ params, body }) => [params.userId, body])).toEqual([['amara', { confirm: 'Amara@School.example' }]]);
});

it("asks what becomes of a teacher's modules, and shows the server's refusal in the dialog", async () => {
  const erased = answer('erasePerson', ({ body, params }) =>
    body.transferModulesTo || body.deleteModules ? outcome(params.userId) : new HttpError(400, 'This person owns 2 modules and teaches 1 class: choose a teacher to take them over, or delete the modules with the person.'),
  );
  const user = userEvent.setup();
  render();
  await user.click(await screen.findByRole('button', { name: 'Erase Tess Teacher' }));
  const dialog = screen.getByRole('dialog', { name: 'Erase Tess Teacher?' });
  await user.type(within(dialog).getByLabelText('Type tess@school.example to confirm'), 'tess@school.example');
  await user.click(within(dialog).getByRole('button', { name: 'Erase for Good' }));
  expect(await within(dialog).findByText(/owns 2 modules and teaches 1 class/)).toBeInTheDocument();

  const choice = within(dialog).getByLabelText('Their modules and classes');
  expect(within(choice).getAllByRole('option').map((option) => option.textContent)).toEqual(['Choose what happens to them', 'Move to Ted Teacher', 'Delete them with this person']);
  await user.selectOptions(choice, 'ted');
  await user.click(within(dialog).getByRole('button', { name: 'Erase for Good' }));
  await screen.findByRole('button', { name: 'Erase Tess Teacher' });
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(erased.map(({ body }) => body)).toEqual([{ confirm: 'tess@school.example' }, { confirm: 'tess@school.example', transferModulesTo: 'ted' }]);
});
