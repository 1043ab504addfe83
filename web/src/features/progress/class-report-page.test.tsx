import { screen, within } from '@testing-library/react';
import type { ClassDetail, ClassReportRow } from '../../../../shared/entities';
import { api, ApiError } from '../../lib/api-client';
import { renderPage } from '../../testing/test-utils';
import ClassReportPage from './class-report-page';

jest.mock('../../lib/api-client', () =>
  jest.requireActual('../../testing/mock-api-client').mockApiClient('getClass', 'getClassReport'),
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
    lastActivityAt: null,
    modules: [
      { moduleId: 'm2', moduleTitle: 'Decimals', percentage: 100, completed: 3, total: 3, completedAt: {} },
      { moduleId: 'm1', moduleTitle: 'Fractions', percentage: 50, completed: 1, total: 2, completedAt: {} },
    ],
  },
  {
    studentId: 'st2',
    studentName: 'ali',
    lastActivityAt: null,
    modules: [{ moduleId: 'm1', moduleTitle: 'Fractions', percentage: 33.333, completed: 1, total: 3, completedAt: {} }],
  },
];

const renderReport = () => renderPage(<ClassReportPage />, { path: '/analytics/:classId', url: '/analytics/c1' });

beforeEach(() => {
  jest.clearAllMocks();
  // jsdom has no scrolling; the large table's virtualizer asks to stay where the page is.
  window.scrollTo = jest.fn();
  mockedApi.getClass.mockResolvedValue(klass);
});

it('renders one row per student and one column per module, cells as percentage% (completed/total)', async () => {
  mockedApi.getClassReport.mockResolvedValue(rows);
  renderReport();

  expect(await screen.findByRole('heading', { level: 1, name: 'Student Progress Report: Year 7 Maths' })).toBeInTheDocument();
  const table = await screen.findByRole('table', { name: /Progress of each student/ });
  expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Student', 'Fractions', 'Decimals']);

  const [, samRow, aliRow] = within(table).getAllByRole('row');
  expect(within(samRow).getByRole('rowheader')).toHaveTextContent('sam');
  expect(within(samRow).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['50% (1/2)', '100% (3/3)']);
  expect(within(aliRow).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['33% (1/3)', '—No data']);
  expect(screen.getByRole('link', { name: /Back to Class Selection/ })).toHaveAttribute('href', '/analytics');
});

it('shows the empty text when nobody has progress yet', async () => {
  mockedApi.getClassReport.mockResolvedValue([]);
  renderReport();
  expect(await screen.findByText('No progress data found for this class yet.')).toBeInTheDocument();
  expect(screen.queryByRole('table')).not.toBeInTheDocument();
});

it('shows the failure text', async () => {
  mockedApi.getClassReport.mockRejectedValue(new ApiError(500, 'boom'));
  renderReport();
  expect(await screen.findByRole('alert')).toHaveTextContent('Could not load progress report for this class.');
});

it('renders a large class a screenful of rows at a time, telling assistive technology how many rows there are', async () => {
  const many: ClassReportRow[] = Array.from({ length: 200 }, (_, index) => ({
    studentId: `st${index}`,
    studentName: `student ${index + 1}`,
    lastActivityAt: null,
    modules: [{ moduleId: 'm1', moduleTitle: 'Fractions', percentage: 50, completed: 1, total: 2, completedAt: {} }],
  }));
  mockedApi.getClassReport.mockResolvedValue(many);
  renderReport();

  const table = await screen.findByRole('table', { name: /Progress of each student/ });
  expect(table).toHaveAttribute('aria-rowcount', '201');
  const rendered = within(table).getAllByRole('rowheader');
  expect(rendered[0]).toHaveTextContent('student 1');
  expect(rendered.length).toBeGreaterThan(5);
  expect(rendered.length).toBeLessThan(60);
  expect(within(table).queryByRole('rowheader', { name: 'student 200' })).not.toBeInTheDocument();
});
