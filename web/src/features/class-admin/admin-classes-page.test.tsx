import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api } from '../../lib/api-client';
import { ADMIN, renderPage } from '../../testing/test-utils';
import AdminClassesPage from './admin-classes-page';

jest.mock('../../lib/api-client', () =>
  jest.requireActual('../../testing/mock-api-client').mockApiClient('listAdminClasses', 'createClass', 'listPeople'),
);
const mockedApi = jest.mocked(api);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

beforeEach(() => {
  jest.clearAllMocks();
  mockedApi.listAdminClasses.mockResolvedValue([]);
  mockedApi.listPeople.mockResolvedValue({ people: [] });
});

it('sends one class id per form draft: a retry after a failure repeats it, the next class gets a new one', async () => {
  mockedApi.createClass
    .mockRejectedValueOnce(new Error('The request timed out. Try again.'))
    .mockImplementation(async (input) => ({ classId: input.classId!, className: input.className, studentCount: 0, moduleCount: 0 }));
  renderPage(<AdminClassesPage />, { path: '/admin/classes', url: '/admin/classes', user: ADMIN });

  await userEvent.type(await screen.findByLabelText(/Class name/), 'Year 7 Art');
  await userEvent.click(screen.getByRole('button', { name: 'Create Class' }));
  expect(await screen.findByText('The request timed out. Try again.')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Create Class' }));
  expect(await screen.findByText('Class "Year 7 Art" created.', { exact: false })).toBeInTheDocument();

  await userEvent.type(screen.getByLabelText(/Class name/), 'Year 8 Music');
  await userEvent.click(screen.getByRole('button', { name: 'Create Class' }));
  expect(await screen.findByText('Class "Year 8 Music" created.', { exact: false })).toBeInTheDocument();

  const ids = mockedApi.createClass.mock.calls.map(([input]) => input.classId);
  expect(ids).toHaveLength(3);
  expect(ids[0]).toMatch(UUID);
  expect(ids[1]).toBe(ids[0]);
  expect(ids[2]).toMatch(UUID);
  expect(ids[2]).not.toBe(ids[0]);
});
