import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api } from '../../lib/api-client';
import { ADMIN, renderPage } from '../../testing/test-utils';
import AdminClassPage from './admin-class-page';

jest.mock('../../lib/api-client', () =>
  jest
    .requireActual('../../testing/mock-api-client')
    .mockApiClient('getAdminClass', 'listClassStudents', 'getClass', 'getClassReportPage', 'listPeople'),
);
const mockedApi = jest.mocked(api);

const student = (index: number) => ({ userId: `s${String(index).padStart(4, '0')}`, name: `Student ${index}` });

beforeEach(() => {
  jest.clearAllMocks();
  mockedApi.getAdminClass.mockResolvedValue({ classId: 'c1', className: 'Whole year', studentCount: 150, moduleCount: 0 });
  mockedApi.listClassStudents.mockImplementation(async (_classId, cursor) =>
    cursor
      ? { students: Array.from({ length: 50 }, (_, index) => student(100 + index)), studentCount: 150 }
      : { students: Array.from({ length: 100 }, (_, index) => student(index)), studentCount: 150, next: 'page-2' },
  );
  mockedApi.getClass.mockRejectedValue(new Error('not needed'));
  mockedApi.getClassReportPage.mockResolvedValue({ rows: [], studentCount: 150 });
  mockedApi.listPeople.mockResolvedValue({ people: [] });
});

it('shows the class size without a limit and pages the roster with Show More Students', async () => {
  renderPage(<AdminClassPage />, { path: '/admin/classes/:classId', url: '/admin/classes/c1', user: ADMIN });
  const roster = within((await screen.findByRole('heading', { name: 'Students (150)' })).closest('section')!);
  expect(await roster.findByText('Student 99')).toBeInTheDocument();
  expect(roster.queryByText('Student 100')).not.toBeInTheDocument();

  await userEvent.click(roster.getByRole('button', { name: 'Show More Students (100 of 150 shown)' }));
  expect(await roster.findByText('Student 149')).toBeInTheDocument();
  expect(mockedApi.listClassStudents).toHaveBeenLastCalledWith('c1', 'page-2');
  expect(roster.queryByRole('button', { name: /Show More Students/ })).not.toBeInTheDocument();
  expect(screen.queryByText(/at most|is full/)).not.toBeInTheDocument();
});

it('tells two students with the same name apart by their e-mails', async () => {
  mockedApi.getAdminClass.mockResolvedValue({ classId: 'c1', className: 'Whole year', studentCount: 2, moduleCount: 0 });
  mockedApi.listClassStudents.mockResolvedValue({
    students: [
      { userId: 's1', name: 'Alex Kim', email: 'alex.kim@school.example' },
      { userId: 's2', name: 'Alex Kim', email: 'alex.kim2@school.example' },
    ],
    studentCount: 2,
  });
  renderPage(<AdminClassPage />, { path: '/admin/classes/:classId', url: '/admin/classes/c1', user: ADMIN });
  const roster = within((await screen.findByRole('heading', { name: 'Students (2)' })).closest('section')!);
  expect(await roster.findByText('alex.kim@school.example')).toHaveAttribute('title', 'alex.kim@school.example');
  expect(roster.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
    'Alex Kimalex.kim@school.exampleUnenrol',
    'Alex Kimalex.kim2@school.exampleUnenrol',
  ]);
});
