import { screen, within } from '@testing-library/react';
import type { ClassDetail, ClassReportRow } from '@shared/entities';
import { api, ApiError } from '../../lib/api-client';
import { renderPage } from '../../testing/test-utils';
import ClassReportPage from './class-report-page';

jest.mock('../../lib/api-client', () =>
  jest.requireActual('../../testing/mock-api-client').mockApiClient('getClass', 'getClassReportPage'),
);
const mockedApi = jest.mocked(api);

const klass: ClassDetail = {
  _id: 'c1',
  className: 'Year 7 Maths',
  teacherId: { _id: 't1', username: 'Ms Rivera' },
  studentIds: [],
  assignedModuleIds: [
    { _id: 'm1', title: 'Fractions', description: '' },
    { _id: 'm2', title: 'Decimals', description: '' },
  ],
};

const rows: ClassReportRow[] = [
  {
    studentId: 'st1',
    studentName: 'sam',
    modules: [
      { moduleId: 'm2', moduleTitle: 'Decimals', percentage: 100, completed: 3, total: 3 },
      { moduleId: 'm1', moduleTitle: 'Fractions', percentage: 50, completed: 1, total: 2 },
    ],
  },
  {
    studentId: 'st2',
    studentName: 'ali',
    modules: [{ moduleId: 'm1', moduleTitle: 'Fractions', percentage: 33.333, completed: 1, total: 3 }],
  },
];

const renderReport = () => renderPage(<ClassReportPage />, { path: '/analytics/:classId', url: '/analytics/c1' });

beforeEach(() => {
  jest.clearAllMocks();
  // jsdom has no scrolling; the large table's virtualizer asks to stay where the page is.
  window.scrollTo = jest.fn();
  mockedApi.getClass.mockResolvedValue(klass);
});

const onePage = (list: ClassReportRow[], studentCount = list.length, next?: string) => ({ rows: list, studentCount, ...(next ? { next } : {}) });

it('renders one row per student (a one-page class by name) and one column per module, cells as percentage% (completed/total)', async () => {
  mockedApi.getClassReportPage.mockResolvedValue(onePage(rows));
  renderReport();

  expect(await screen.findByRole('heading', { level: 1, name: 'Student Progress Report: Year 7 Maths' })).toBeInTheDocument();
  const table = await screen.findByRole('table', { name: /Progress of each student/ });
  expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Student', 'Fractions', 'Decimals']);

  const [, aliRow, samRow] = within(table).getAllByRole('row');
  expect(within(samRow).getByRole('rowheader')).toHaveTextContent('sam');
  expect(within(samRow).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['50% (1/2)', '100% (3/3)']);
  expect(within(aliRow).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['33% (1/3)', '—No data']);
  expect(screen.getByRole('link', { name: /Back to Class Selection/ })).toHaveAttribute('href', '/analytics');
});

it('shows the empty text when nobody has progress yet', async () => {
  mockedApi.getClassReportPage.mockResolvedValue(onePage([]));
  renderReport();
  expect(await screen.findByText('No progress data found for this class yet.')).toBeInTheDocument();
  expect(screen.queryByRole('table')).not.toBeInTheDocument();
});

it('shows the failure text', async () => {
  mockedApi.getClassReportPage.mockRejectedValue(new ApiError(500, 'boom'));
  renderReport();
  expect(await screen.findByRole('alert')).toHaveTextContent('Could not load progress report for this class.');
});

it('renders a large class a screenful of rows at a time, telling assistive technology how many rows there are', async () => {
  const many: ClassReportRow[] = Array.from({ length: 200 }, (_, index) => ({
    studentId: `st${index}`,
    studentName: `student ${index + 1}`,
    modules: [{ moduleId: 'm1', moduleTitle: 'Fractions', percentage: 50, completed: 1, total: 2 }],
  }));
  mockedApi.getClassReportPage.mockImplementation(async (_classId, cursor) =>
    cursor ? onePage(many.slice(100), 200) : onePage(many.slice(0, 100), 200, 'next-page'),
  );
  renderReport();

  const table = await screen.findByRole('table', { name: /Progress of each student/ });
  expect(table).toHaveAttribute('aria-rowcount', '201');
  const rendered = within(table).getAllByRole('rowheader');
  expect(rendered[0]).toHaveTextContent('student 1');
  expect(rendered.length).toBeGreaterThan(5);
  expect(rendered.length).toBeLessThan(60);
  expect(within(table).queryByRole('rowheader', { name: 'student 200' })).not.toBeInTheDocument();
});

it('loads the next page by itself when the last loaded rows are on screen, in the order the pages come', async () => {
  const student = (index: number): ClassReportRow => ({
    studentId: `st${index}`,
    studentName: `student ${40 - index}`,
    modules: [{ moduleId: 'm1', moduleTitle: 'Fractions', percentage: 0, completed: 0, total: 2 }],
  });
  const all = Array.from({ length: 40 }, (_, index) => student(index));
  mockedApi.getClassReportPage.mockImplementation(async (_classId, cursor) =>
    cursor ? onePage(all.slice(20), 40) : onePage(all.slice(0, 20), 40, 'after-20'),
  );
  renderReport();

  const table = await screen.findByRole('table', { name: /Progress of each student/ });
  expect(table).toHaveAttribute('aria-rowcount', '41');
  expect(await within(table).findByRole('rowheader', { name: 'student 1' })).toBeInTheDocument();
  expect(within(table).getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual(all.map((row) => row.studentName));
  expect(mockedApi.getClassReportPage).toHaveBeenLastCalledWith('c1', 'after-20');
});

it("shows each student's e-mail under the name in the Student column, in the row header's accessible name", async () => {
  const email = 'sam.a-rather-long-address@secondary-school.example';
  mockedApi.getClassReportPage.mockResolvedValue(onePage([{ ...rows[0], studentEmail: email }, rows[1]]));
  renderReport();
  const table = await screen.findByRole('table', { name: /Progress of each student/ });
  const sam = await within(table).findByRole('rowheader', { name: `sam ${email}` });
  expect(within(sam).getByText(email)).toHaveAttribute('title', email);
  // A student whose enrolment has no e-mail yet shows the name alone.
  expect(within(table).getByRole('rowheader', { name: 'ali' })).toHaveTextContent(/^ali$/);
});
