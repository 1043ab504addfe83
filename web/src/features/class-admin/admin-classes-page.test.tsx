/**
 * @jest-environment jest-fixed-jsdom
 * @jest-environment-options {"customExportConditions": ["node", "require", "default"]}
 */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { readableTextMessages } from '@shared/readable-text';
import { answer, HttpError, TEST_ACCESS_TOKEN, withFakeApi } from '../../testing/api-server';
import { ADMIN, renderPage } from '../../testing/test-utils';
import AdminClassesPage from './admin-classes-page';

withFakeApi();
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

beforeEach(() => {
  answer('listAdminClasses', []);
  answer('listPeople', { people: [] });
  answer('getRetention', { days: null });
});

it('sends one class id per form draft: a retry after a failure repeats it, the next class gets a new one', async () => {
  let attempts = 0;
  const created = answer('createClass', ({ body }) =>
    ++attempts === 1
      ? new HttpError(503, 'The request timed out. Try again.')
      : { classId: body.classId!, className: body.className, studentCount: 0, moduleCount: 0 },
  );
  renderPage(<AdminClassesPage />, { path: '/admin/classes', url: '/admin/classes', user: ADMIN });

  await userEvent.type(await screen.findByLabelText(/Class name/), 'Year 7 Art');
  await userEvent.click(screen.getByRole('button', { name: 'Create Class' }));
  expect(await screen.findByText('The request timed out. Try again.')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Create Class' }));
  expect(await screen.findByText('Class "Year 7 Art" created.', { exact: false })).toBeInTheDocument();

  await userEvent.type(screen.getByLabelText(/Class name/), 'Year 8 Music');
  await userEvent.click(screen.getByRole('button', { name: 'Create Class' }));
  expect(await screen.findByText('Class "Year 8 Music" created.', { exact: false })).toBeInTheDocument();

  expect(created[0]!.authorization).toBe(`Bearer ${TEST_ACCESS_TOKEN}`);
  const ids = created.map(({ body }) => body.classId);
  expect(ids).toHaveLength(3);
  expect(ids[0]).toMatch(UUID);
  expect(ids[1]).toBe(ids[0]);
  expect(ids[2]).toMatch(UUID);
  expect(ids[2]).not.toBe(ids[0]);
});

it('refuses a class name with a control character before sending anything, and sends a name typed in two ways composed', async () => {
  const created = answer('createClass', ({ body }) => ({ classId: body.classId!, className: body.className, studentCount: 0, moduleCount: 0 }));
  renderPage(<AdminClassesPage />, { path: '/admin/classes', url: '/admin/classes', user: ADMIN });

  await userEvent.click(await screen.findByLabelText(/Class name/));
  await userEvent.paste('Year 7\u001B[2J');
  await userEvent.click(screen.getByRole('button', { name: 'Create Class' }));
  expect(await screen.findByText(readableTextMessages('Class name').control)).toBeInTheDocument();
  expect(created).toHaveLength(0);

  await userEvent.clear(screen.getByLabelText(/Class name/));
  await userEvent.type(screen.getByLabelText(/Class name/), 'Cafe\u0301 club');
  await userEvent.click(screen.getByRole('button', { name: 'Create Class' }));
  expect(await screen.findByText('Class "Café club" created.', { exact: false })).toBeInTheDocument();
  expect(created.map(({ body }) => body.className)).toEqual(['Caf\u00E9 club']);
});
