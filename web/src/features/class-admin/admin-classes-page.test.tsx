/**
 * @jest-environment jest-fixed-jsdom
 * @jest-environment-options {"customExportConditions": ["node", "require", "default"]}
 */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { answer, HttpError, TEST_ACCESS_TOKEN, withFakeApi } from '../../testing/api-server';
import { ADMIN, renderPage } from '../../testing/test-utils';
import AdminClassesPage from './admin-classes-page';

withFakeApi();
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

beforeEach(() => {
  answer('listAdminClasses', []);
  answer('listPeople', { people: [] });
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
