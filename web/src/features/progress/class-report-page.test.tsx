/**
 * @jest-environment jest-fixed-jsdom
 * @jest-environment-options {"customExportConditions": ["node", "require", "default"]}
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { focusManager } from '@tanstack/react-query';
import userEvent from '@testing-library/user-event';
import type { ClassReportRow } from '@shared/contract/reports';
import { answer, HttpError } from '../../testing/api-server';
import { renderClassReport, withClassReportPage } from '../../testing/class-report-page';
import { expectCellNames } from '../../testing/report-cells';
import { preloadData } from './class-report-page';
import { createQueryClient } from '../../app/query-client';
import { REPORT_REFRESH_MS } from '@web/api/reports';
import { downloadCsv } from '@web/lib/download-csv';

jest.mock('@web/lib/download-csv', () => ({ downloadCsv: jest.fn(), downloadFrom: jest.fn() }));

const klass = withClassReportPage([
  { _id: 'm1', title: 'Fractions', description: '' },
  { _id: 'm2', title: 'Decimals', description: '' },
]);

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

const onePage = (list: ClassReportRow[], studentCount = list.length, next?: string) => ({ rows: list, studentCount, ...(next ? { next } : {}) });

it('renders one row per student (a one-page class by name) and one column per module, cells as percentage% (completed/total)', async () => {
  answer('getClassReport', onePage(rows));
  renderClassReport();

  expect(await screen.findByRole('heading', { level: 1, name: 'Student Progress Report: Year 7 Maths' })).toBeInTheDocument();
  const table = await screen.findByRole('table', { name: /Progress of each student/ });
  // Named by their text (a module's full title, shown again in a tip hidden from assistive technology).
  for (const name of ['Student', 'Last activity', 'Fractions', 'Decimals']) expect(within(table).getByRole('columnheader', { name })).toBeInTheDocument();
  expect(within(table).getAllByRole('columnheader')).toHaveLength(4);

  // Sorted by name; each cell says its status in words (beside an icon), not by colour alone.
  const [, aliRow, samRow] = within(table).getAllByRole('row');
  expect(within(samRow).getByRole('rowheader')).toHaveTextContent('sam');
  expectCellNames(samRow, ['Never', 'In progress 50% (1/2)', 'Complete 100% (3/3)']);
  expectCellNames(aliRow, ['Never', 'In progress 33% (1/3)', 'No data']);
  expect(screen.getByRole('link', { name: /Back to Class Selection/ })).toHaveAttribute('href', '/analytics');
});

it('opened as the first page, shows the class and report asked for before it rendered, without asking again', async () => {
  const classRequests = answer('getClass', klass);
  let answerReport!: () => void;
  const reportRequests = answer('getClassReport', () => new Promise((resolve) => (answerReport = () => resolve(onePage(rows)))));
  // The start-up asks while the app's code is still rendering (app/router.tsx, preloadRouteData).
  preloadData({ classId: 'c1' });
  await waitFor(() => expect(reportRequests).toHaveLength(1));
  expect(classRequests).toHaveLength(1);
  expect(reportRequests[0]!.query.get('limit')).toBe('100');

  renderClassReport();
  expect(await screen.findByRole('heading', { level: 1, name: 'Student Progress Report: Year 7 Maths' })).toBeInTheDocument();
  answerReport();
  const table = await screen.findByRole('table', { name: /Progress of each student/ });
  expect(within(table).getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual(['ali', 'sam']);
  // The page's queries took the answers in flight.
  expect(classRequests).toHaveLength(1);
  expect(reportRequests).toHaveLength(1);
});

it('asked for early only after it had rendered (a fast device), asks the API nothing more; a Refresh asks it', async () => {
  answer('getClass', klass);
  const reportRequests = answer('getClassReport', onePage(rows));
  renderClassReport();
  await screen.findByRole('table', { name: /Progress of each student/ });
  expect(reportRequests).toHaveLength(1);
  preloadData({ classId: 'c1' });
  await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
  await waitFor(() => expect(reportRequests).toHaveLength(2));
  expect(reportRequests[1]!.query.get('limit')).toBe('100');
});

it("marks a disabled student's row with Disabled in words, read with the row's cells", async () => {
  answer('getClassReport', onePage([{ ...rows[0], disabled: true }, rows[1]]));
  renderClassReport();
  const table = await screen.findByRole('table', { name: /Progress of each student/ });
  const [, aliRow, samRow] = within(table).getAllByRole('row');
  expect(within(samRow).getByRole('rowheader')).toHaveTextContent(/^samDisabled$/);
  expect(within(aliRow).getByRole('rowheader')).not.toHaveTextContent('Disabled');
});

it("keeps each module's full title as its heading's name, and shows it in full on focus", async () => {
  const long = 'Photosynthesis unit: light and dark reactions';
  answer('getClass', { ...klass, assignedModuleIds: [{ _id: 'm1', title: long, description: '' }] });
  answer('getClassReport', onePage([{ ...rows[1], modules: [{ ...rows[1].modules[0]!, moduleTitle: long }] }]));
  renderClassReport();
  const table = await screen.findByRole('table', { name: /Progress of each student/ });
  const heading = within(table).getAllByRole('columnheader')[2]!;
  // The heading opens the drill-down; its name is the whole title, however the narrow column cuts what it shows.
  const button = within(heading).getByRole('button', { name: long });
  const tip = heading.querySelector('.report-column-tip');
  expect(tip).toHaveTextContent(long);
  expect(tip).toHaveAttribute('aria-hidden', 'true');
  expect(button).toHaveClass('report-column-focus');
});

describe('while open', () => {
  afterEach(() => {
    focusManager.setFocused(undefined);
    jest.useRealTimers();
  });

  it('is read again every 30 seconds while in view, and not while the tab is in the background', async () => {
    jest.useFakeTimers();
    const reads = answer('getClassReport', onePage(rows));
    renderClassReport({ queryClient: createQueryClient() });
    const table = await screen.findByRole('table', { name: /Progress of each student/ });
    expect(reads).toHaveLength(1);

    // Sam completes the last section of Fractions meanwhile.
    const completed = { ...rows[0], modules: rows[0].modules.map((cell) => ({ ...cell, completed: cell.total, percentage: 100 })) };
    answer('getClassReport', onePage([completed, rows[1]]));
    await act(async () => jest.advanceTimersByTime(REPORT_REFRESH_MS));
    await waitFor(() => expect(within(within(table).getAllByRole('row')[2]).getAllByRole('cell')[1]).toHaveAccessibleName('Complete 100% (2/2)'));

    const hiddenReads = answer('getClassReport', onePage(rows));
    act(() => focusManager.setFocused(false));
    await act(async () => jest.advanceTimersByTime(REPORT_REFRESH_MS * 4));
    expect(hiddenReads).toHaveLength(0);
  });
});

it('shows the empty text when nobody has progress yet', async () => {
  answer('getClassReport', onePage([]));
  renderClassReport();
  expect(await screen.findByText('No progress data found for this class yet.')).toBeInTheDocument();
  expect(screen.queryByRole('table')).not.toBeInTheDocument();
});

it('shows the failure text', async () => {
  answer('getClassReport', new HttpError(500, 'boom'));
  renderClassReport();
  expect(await screen.findByRole('alert')).toHaveTextContent('Could not load progress report for this class.');
});

it('shows the report under the plain heading when the class cannot be read', async () => {
  answer('getClass', new HttpError(500, 'boom'));
  answer('getClassReport', onePage(rows));
  renderClassReport();
  expect(await screen.findByRole('heading', { level: 1, name: 'Student Progress Report' })).toBeInTheDocument();
  expect(await screen.findByRole('table', { name: 'Progress of each student in each module of this class' })).toBeInTheDocument();
});

/** 200 students, "student 1" to "student 200", each half way through one module. */
const classOf200 = (): ClassReportRow[] =>
  Array.from({ length: 200 }, (_, index) => ({
    studentId: `st${index}`,
    studentName: `student ${index + 1}`,
    lastActivityAt: null,
    modules: [{ moduleId: 'm1', moduleTitle: 'Fractions', percentage: 50, completed: 1, total: 2, completedAt: {} }],
  }));

it('renders a large class a screenful of rows at a time, telling assistive technology how many rows there are', async () => {
  const many = classOf200();
  answer('getClassReport', ({ query }) => (query.has('cursor') ? onePage(many.slice(100), 200) : onePage(many.slice(0, 100), 200, 'next-page')));
  renderClassReport();

  const table = await screen.findByRole('table', { name: /Progress of each student/ });
  expect(table).toHaveAttribute('aria-rowcount', '201');
  const rendered = within(table).getAllByRole('rowheader');
  expect(rendered[0]).toHaveTextContent('student 1');
  expect(rendered.length).toBeGreaterThan(5);
  expect(rendered.length).toBeLessThan(60);
  expect(within(table).queryByRole('rowheader', { name: 'student 200' })).not.toBeInTheDocument();
  // Scrolling the window while the table mounts would force a layout of the whole table inside that task.
  expect(window.scrollTo).not.toHaveBeenCalled();
});

it('asks for the next page only while the loaded rows end near the screen, not again while they render', async () => {
  const many = classOf200();
  // The API answers fewer rows than asked for when a page's rows would not fit its answer (20 here).
  const reads = answer('getClassReport', ({ query }) => {
    const from = Number(query.get('cursor') ?? 0);
    return onePage(many.slice(from, from + 20), 200, from + 20 < 200 ? String(from + 20) : undefined);
  });
  renderClassReport();

  const table = await screen.findByRole('table', { name: /Progress of each student/ });
  expect(within(table).getAllByRole('rowheader')[0]).toHaveTextContent('student 1');
  await waitFor(() => expect(reads).toHaveLength(3));
  await act(() => new Promise((resolve) => setTimeout(resolve, 300)));
  // The first screenful (fewer than 30 rows) is 30 rows or more from the end of 60 loaded rows: no fourth page.
  expect(reads.map((read) => read.query.get('cursor'))).toEqual([null, '20', '40']);
  expect(screen.getByRole('button', { name: 'Show the summary of all 200 students' })).toBeInTheDocument();
});

it('loads the next page by itself when the last loaded rows are on screen, in the order the pages come', async () => {
  const student = (index: number): ClassReportRow => ({
    studentId: `st${index}`,
    studentName: `student ${40 - index}`,
    lastActivityAt: null,
    modules: [{ moduleId: 'm1', moduleTitle: 'Fractions', percentage: 0, completed: 0, total: 2, completedAt: {} }],
  });
  const all = Array.from({ length: 40 }, (_, index) => student(index));
  const pageReads = answer('getClassReport', ({ query }) => (query.has('cursor') ? onePage(all.slice(20), 40) : onePage(all.slice(0, 20), 40, 'after-20')));
  renderClassReport();

  const table = await screen.findByRole('table', { name: /Progress of each student/ });
  expect(table).toHaveAttribute('aria-rowcount', '41');
  expect(await within(table).findByRole('rowheader', { name: 'student 1' })).toBeInTheDocument();
  expect(within(table).getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual(all.map((row) => row.studentName));
  const lastRead = pageReads.at(-1)!;
  expect([lastRead.params.classId, lastRead.query.get('cursor')]).toEqual(['c1', 'after-20']);
});

describe('sort and filter', () => {
  const NOW = Date.now();
  const ago = (days: number) => new Date(NOW - days * 24 * 60 * 60 * 1000).toISOString();
  const cell = (completed: number, total = 2) => ({
    moduleId: 'm1',
    moduleTitle: 'Fractions',
    percentage: Math.round((completed / total) * 100),
    completed,
    total,
    completedAt: {},
  });
  const students: ClassReportRow[] = [
    { studentId: 'a', studentName: 'Ava', lastActivityAt: ago(1), modules: [cell(2)] },
    { studentId: 'b', studentName: 'Ben', lastActivityAt: null, modules: [cell(0)] },
    { studentId: 'c', studentName: 'Cai', lastActivityAt: ago(10), modules: [cell(1)] },
    { studentId: 'd', studentName: 'Dee', lastActivityAt: ago(3), modules: [cell(1)] },
  ];
  const names = () => within(screen.getByRole('table', { name: /Progress of each student/ })).getAllByRole('rowheader').map((cell) => cell.textContent);

  beforeEach(() => answer('getClassReport', onePage(students, students.length)));

  it('sorts by name, overall progress (lowest first) and last activity (longest ago first)', async () => {
    const user = userEvent.setup();
    renderClassReport();
    await screen.findByRole('table', { name: /Progress of each student/ });
    expect(names()).toEqual(['Ava', 'Ben', 'Cai', 'Dee']);
    await user.selectOptions(screen.getByLabelText('Sort by'), 'progress');
    expect(names()).toEqual(['Ben', 'Cai', 'Dee', 'Ava']);
    await user.selectOptions(screen.getByLabelText('Sort by'), 'activity');
    expect(names()).toEqual(['Ben', 'Cai', 'Dee', 'Ava']);
  });

  it('filters not started, stalled (after the days the teacher chooses) and complete, and says how many are shown', async () => {
    const user = userEvent.setup();
    renderClassReport();
    await screen.findByRole('table', { name: /Progress of each student/ });
    expect(screen.getByText('Showing 4 of 4 students')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Show'), 'not-started');
    expect(names()).toEqual(['Ben']);
    await user.selectOptions(screen.getByLabelText('Show'), 'stalled');
    expect(names()).toEqual(['Cai']);
    const days = screen.getByLabelText('Stalled after (days)');
    await user.clear(days);
    await user.type(days, '3');
    expect(names()).toEqual(['Cai', 'Dee']);
    expect(days).not.toHaveAttribute('aria-invalid');
    // Out of range: said under the field, and the report keeps the last valid number.
    for (const typed of ['-3', '1000', '2.5']) {
      await user.clear(days);
      await user.click(days);
      await user.paste(typed);
      expect(screen.getByRole('alert')).toHaveTextContent('Enter a whole number of days from 1 to 365; the report still uses the last valid number.');
      expect(days).toHaveAttribute('aria-invalid', 'true');
      expect(days).toHaveAccessibleDescription(/Enter a whole number of days/);
      expect(names()).toEqual(['Cai', 'Dee']);
    }
    await user.clear(days);
    await user.type(days, '3');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Show'), 'complete');
    expect(names()).toEqual(['Ava']);
    expect(screen.getByText('Showing 1 of 4 students')).toBeInTheDocument();
  });

  it('shows a student who attempted a check without passing as struggling, in their cell and under its filter, not as not started', async () => {
    const eli: ClassReportRow = { studentId: 'e', studentName: 'Eli', lastActivityAt: ago(0), modules: [{ ...cell(0), struggling: true }] };
    answer('getClassReport', onePage([...students, eli], students.length + 1));
    const user = userEvent.setup();
    renderClassReport();
    const table = await screen.findByRole('table', { name: /Progress of each student/ });
    expect(within(within(table).getByRole('rowheader', { name: 'Eli' }).closest('tr')!).getAllByRole('cell')[1]).toHaveAccessibleName(/^Struggling 0%/);
    await user.selectOptions(screen.getByLabelText('Show'), 'struggling');
    expect(names()).toEqual(['Eli']);
    await user.selectOptions(screen.getByLabelText('Show'), 'not-started');
    expect(names()).toEqual(['Ben']);
  });

  it('summarises the class above the table', async () => {
    renderClassReport();
    const summary = await screen.findByRole('region', { name: 'Class summary' });
    await within(summary).findByText('50%');
    const figure = (label: string) => within(summary).getByText(label).nextElementSibling?.textContent;
    expect([figure('Not started'), figure('Stalled'), figure('Complete')]).toEqual(['1', '1', '1']);
    expect(within(summary).getByRole('img', { name: /Completions per day, last 30 days/ })).toBeInTheDocument();
  });

  it("opens a student's modules with dates from their name, and how often and long they read each section", async () => {
    const user = userEvent.setup();
    answer('listPathOverrides', { classId: 'c1', studentId: 'c', overrides: [] });
    answer('listModules', []);
    const readingReads = answer('getStudentReading', {
      classId: 'c1',
      studentId: 'c',
      modules: [
        {
          moduleId: 'm1',
          moduleTitle: 'Fractions',
          sections: [
            { sectionId: 's1', sectionTitle: 'Halves', opened: 3, minutes: 12 },
            { sectionId: 's2', sectionTitle: 'Quarters', opened: 1, minutes: 0 },
            { sectionId: 's3', sectionTitle: 'Thirds', opened: 0, minutes: 0 },
          ],
        },
      ],
    });
    renderClassReport();
    await user.click(await screen.findByRole('button', { name: 'Cai' }));
    const dialog = screen.getByRole('dialog', { name: 'Cai: progress in Year 7 Maths' });
    expect(within(dialog).getByRole('rowheader', { name: 'Fractions' })).toBeInTheDocument();
    const reading = await within(dialog).findByRole('table', { name: 'Fractions' });
    expect(within(dialog).getByRole('region', { name: 'Reading of Cai: Fractions' })).toContainElement(reading);
    expect(within(reading).getAllByRole('row').slice(1).map((row) => row.textContent)).toEqual([
      'HalvesOpened 3 times · 12 min',
      'QuartersOpened 1 time · 0 min',
      'ThirdsNot opened',
    ]);
    expect(readingReads.map((request) => request.params)).toEqual([{ classId: 'c1', studentId: 'c' }]);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

it('loads every page before a filter applies to a class of several pages, saying so meanwhile', async () => {
  const user = userEvent.setup();
  const student = (index: number, completed: number): ClassReportRow => ({
    studentId: `st${index}`,
    studentName: `student ${index}`,
    lastActivityAt: null,
    modules: [{ moduleId: 'm1', moduleTitle: 'Fractions', percentage: completed * 50, completed, total: 2, completedAt: {} }],
  });
  let releaseSecond = () => {};
  const secondPage = new Promise<void>((resolve) => (releaseSecond = resolve));
  answer('getClassReport', async ({ query }) => {
    if (!query.has('cursor')) return onePage([student(1, 2), student(2, 0)], 4, 'after-2');
    await secondPage;
    return onePage([student(3, 2), student(4, 1)], 4);
  });
  renderClassReport();
  await screen.findByRole('table', { name: /Progress of each student/ });
  expect(screen.getByRole('button', { name: 'Show the summary of all 4 students' })).toBeInTheDocument();

  await user.selectOptions(screen.getByLabelText('Show'), 'complete');
  expect(screen.getByText('Loading all 4 students...')).toBeInTheDocument();
  releaseSecond();
  const table = await screen.findByRole('table', { name: /Progress of each student/ });
  expect(within(table).getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual(['student 1', 'student 3']);
  expect(screen.getByRole('region', { name: 'Class summary' })).toBeInTheDocument();
});

it("shows each student's e-mail under the name in the Student column, in the row header's accessible name", async () => {
  const email = 'sam.a-rather-long-address@secondary-school.example';
  answer('getClassReport', onePage([{ ...rows[0], studentEmail: email }, rows[1]]));
  renderClassReport();
  const table = await screen.findByRole('table', { name: /Progress of each student/ });
  const sam = await within(table).findByRole('rowheader', { name: `sam ${email}` });
  expect(within(sam).getByText(email)).toHaveAttribute('title', email);
  // A student whose enrolment has no e-mail yet shows the name alone.
  expect(within(table).getByRole('rowheader', { name: 'ali' })).toHaveTextContent(/^ali$/);
});

/** Fractions is past due, Decimals not due yet; sam finished Fractions, ali has not. */
function givenOverdueWork() {
  answer('getClass', {
    ...klass,
    assignedModuleIds: [
      { _id: 'm1', title: 'Fractions', description: '', dueAt: '2020-01-10T16:00:00.000Z' },
      { _id: 'm2', title: 'Decimals', description: '', dueAt: '2099-01-10T16:00:00.000Z' },
    ],
  });
  answer('getClassReport', onePage([
    { ...rows[0], modules: [rows[0].modules[0], { ...rows[0].modules[1], percentage: 100, completed: 2, total: 2 }] },
    rows[1],
  ]));
}

it('filters students with overdue work and nudges one about a module, once', async () => {
  const user = userEvent.setup();
  givenOverdueWork();
  const nudges = answer('nudgeStudent', ({ params }) => ({ classId: params.classId, moduleId: params.moduleId, studentId: 'st2', dueAt: '2020-01-10T16:00:00.000Z', sentAt: '2026-01-01T00:00:00.000Z' }));
  renderClassReport();
  await screen.findByRole('table', { name: /Progress of each student/ });

  await user.selectOptions(screen.getByLabelText('Show'), 'overdue');
  expect(within(screen.getByRole('table', { name: /Progress of each student/ })).getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual(['ali']);
  const overdue = within(screen.getByRole('region', { name: 'Overdue work (1)' }));
  expect(overdue.getByRole('listitem')).toHaveTextContent(/^ali · Fractions \(1\/3\) Due Fri 10 Jan, \d\d:\d\d \(GMT.*\)Overdue/);

  const nudge = overdue.getByRole('button', { name: 'Nudge ali about Fractions' });
  await user.click(nudge);
  expect(await overdue.findByText('Reminder sent')).toBeInTheDocument();
  expect(nudge).toBeDisabled();
  expect(nudges.map(({ params, body }) => [params.classId, params.moduleId, body.studentId])).toEqual([['c1', 'm1', 'st2']]);
});

it('says when a reminder could not be sent, and lets the teacher try again', async () => {
  const user = userEvent.setup();
  givenOverdueWork();
  answer('nudgeStudent', new HttpError(500, 'boom'));
  renderClassReport();
  await screen.findByRole('table', { name: /Progress of each student/ });
  await user.selectOptions(screen.getByLabelText('Show'), 'overdue');
  const overdue = within(screen.getByRole('region', { name: 'Overdue work (1)' }));
  await user.click(overdue.getByRole('button', { name: 'Nudge ali about Fractions' }));
  expect(await overdue.findByText('Could not send the reminder. Try again.')).toBeInTheDocument();
  expect(overdue.getByRole('button', { name: 'Nudge ali about Fractions' })).toBeEnabled();
});

// The second page stays on its way, so the class is not all loaded when the teacher exports.
describe('export of a class not all loaded', () => {
  beforeEach(() => jest.mocked(downloadCsv).mockClear());

  it('exports a class not all loaded from the whole-class download, asking again while the API prepares it', async () => {
    answer('getClassReport', ({ query }) => (query.has('cursor') ? new Promise<never>(() => {}) : onePage(rows.slice(0, 1), 2, 'after-1')));
    let asks = 0;
    let releaseReady = () => {};
    const ready = new Promise<void>((resolve) => (releaseReady = resolve));
    const downloads = answer('getClassDownload', async () =>
      ++asks === 1
        ? { ready: false, studentCount: 2, pendingStudents: 1 }
        : (await ready, {
            ready: true,
            modules: [{ moduleId: 'm2', moduleTitle: 'Decimals' }, { moduleId: 'm1', moduleTitle: 'Fractions' }],
            rows: [
              { studentId: 'st2', studentName: 'ali', lastActivityAt: null, cells: [[0, 0, 3], [33, 1, 3, 2, 1, 64]] },
              { studentId: 'st1', studentName: 'sam', studentEmail: 'sam@example.com', lastActivityAt: null, cells: [[100, 3, 3], [50, 1, 2, 2, 0, null]] },
            ],
          }),
    );
    renderClassReport();
    await screen.findByRole('table', { name: /Progress of each student/ });
    // Two clicks in the same moment (a double click lands before the button re-renders disabled).
    const exportButton = screen.getByRole('button', { name: 'Export CSV' });
    act(() => {
      fireEvent.click(exportButton);
      fireEvent.click(exportButton);
    });
    // While the API prepares it, the teacher is told, and a second click cannot start another.
    expect(await screen.findByText('Preparing the CSV of all 2 students...')).toHaveAttribute('role', 'status');
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
    releaseReady();
    await waitFor(() => expect(downloadCsv).toHaveBeenCalledTimes(1));
    expect(screen.queryByText('Preparing the CSV of all 2 students...')).not.toBeInTheDocument();
    expect(downloads).toHaveLength(2);
    const [, csv] = jest.mocked(downloadCsv).mock.calls[0]!;
    expect(csv.replace(/^\uFEFF/, '').split(/\r?\n/).slice(0, 3)).toEqual([
      'Student,E-mail,Last activity,Fractions,Decimals,Fractions (score)',
      'ali,,,33% (1/3),0% (0/3),64% (1/2 checks passed)',
      'sam,sam@example.com,,50% (1/2),100% (3/3),— (0/2 checks passed)',
    ]);
  });

  it('says when the whole-class download failed, and downloads nothing', async () => {
    const user = userEvent.setup();
    answer('getClassReport', ({ query }) => (query.has('cursor') ? new Promise<never>(() => {}) : onePage(rows.slice(0, 1), 2, 'after-1')));
    answer('getClassDownload', new HttpError(404, 'Class not found.'));
    renderClassReport();
    await screen.findByRole('table', { name: /Progress of each student/ });
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('Could not download the report. Try again.')).toBeInTheDocument();
    expect(downloadCsv).not.toHaveBeenCalled();
  });
});
