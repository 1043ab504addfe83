/**
 * @jest-environment jest-fixed-jsdom
 * @jest-environment-options {"customExportConditions": ["node", "require", "default"]}
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CheckAnalysis, StudentAttempts } from '@shared/contract/checks';
import type { ClassDetail } from '@shared/contract/classes';
import type { ClassReportRow, ModuleReport } from '@shared/contract/reports';
import { answer, withFakeApi } from '../../testing/api-server';
import { moduleFixture } from '../../testing/fixtures';
import { expectCellNames } from '../../testing/report-cells';
import { renderPage } from '../../testing/test-utils';
import ClassReportPage from '../progress/class-report-page';

withFakeApi();

const klass: ClassDetail = {
  _id: 'c1',
  className: 'Year 7 Biology',
  teacherId: { _id: 't1', username: 'Ms Rivera' },
  studentIds: [],
  assignedModuleIds: [
    { _id: 'm1', title: 'Cells', description: '' },
    { _id: 'm2', title: 'Plants', description: '' },
  ],
};

const rows: ClassReportRow[] = [
  {
    studentId: 'st1',
    studentName: 'Sam',
    lastActivityAt: null,
    modules: [
      {
        moduleId: 'm1',
        moduleTitle: 'Cells',
        percentage: 50,
        completed: 1,
        total: 2,
        completedAt: {},
        scores: { checks: 2, passed: 1, meanBestPercent: 75 },
      },
      { moduleId: 'm2', moduleTitle: 'Plants', percentage: 0, completed: 0, total: 1, completedAt: {} },
    ],
  },
];

const moduleReport: ModuleReport = {
  moduleId: 'm1',
  moduleTitle: 'Cells',
  sections: [
    { _id: 's1', title: 'Organelles' },
    { _id: 's2', title: 'Division' },
  ],
  checks: [
    { sectionId: 's1', passMark: 70 },
    { sectionId: 's2', passMark: 70 },
  ],
  rows: [{ studentId: 'st1', studentName: 'Sam', completedAt: { s1: null }, scores: { s1: { bestPercent: 90, attempts: 2, passed: true }, s2: { bestPercent: 60, attempts: 1, passed: false } } }],
};

const analysis: CheckAnalysis = {
  classId: 'c1',
  moduleId: 'm1',
  sectionId: 's1',
  version: 1,
  attempts: 4,
  questions: [
    {
      id: 'q1',
      kind: 'single',
      prompt: 'Which organelle makes energy?',
      correct: 1,
      percentCorrect: 25,
      options: [
        { id: 'a', text: 'Nucleus', picks: 2, correct: false },
        { id: 'b', text: 'Mitochondrion', picks: 1, correct: true },
        { id: 'c', text: 'Ribosome', picks: 1, correct: false },
      ],
    },
    { id: 'q2', kind: 'text', prompt: "Name the cell's control centre.", correct: 3, percentCorrect: 75 },
  ],
};

const history: StudentAttempts = {
  classId: 'c1',
  studentId: 'st1',
  attempts: [
    { attemptId: 'a2', moduleId: 'm1', sectionId: 's1', version: 1, submittedAt: new Date(2026, 10, 21, 9, 30).toISOString(), score: 9, maxScore: 10, percent: 90, passed: true },
    { attemptId: 'a1', moduleId: 'm1', sectionId: 's1', version: 1, submittedAt: new Date(2026, 10, 20, 14, 5).toISOString(), score: 4, maxScore: 10, percent: 40, passed: false },
  ],
};

let analysisReads: ReturnType<typeof answer<'getCheckAnalysis'>>;
let attemptReads: ReturnType<typeof answer<'listStudentAttempts'>>;
beforeEach(() => {
  window.scrollTo = jest.fn();
  answer('getClass', klass);
  answer('getClassReport', { rows, studentCount: 1 });
  answer('getModuleReport', moduleReport);
  answer('listModules', [
    moduleFixture({ _id: 'm1', title: 'Cells', sections: [{ _id: 's1', title: 'Organelles', order: 1, role: 'core', contentType: 'PDF', contentUrl: 'k', originalFileName: 'o.pdf' }] }),
  ]);
  analysisReads = answer('getCheckAnalysis', analysis);
  attemptReads = answer('listStudentAttempts', history);
  answer('listPathOverrides', { classId: 'c1', studentId: 'st1', overrides: [] });
  answer('getStudentReading', { classId: 'c1', studentId: 'st1', modules: [] });
});

const renderReport = () => renderPage(<ClassReportPage />, { path: '/analytics/:classId', url: '/analytics/c1' });

it('shows a Scores view beside Completion: mean best percent and checks passed per student and module', async () => {
  const user = userEvent.setup();
  renderReport();
  const table = await screen.findByRole('table', { name: /Progress of each student/ });
  expectCellNames(within(table).getAllByRole('row')[1]!, ['Never', 'In progress 50% (1/2)', 'Not started 0% (0/1)']);

  await user.click(screen.getByRole('button', { name: 'Scores' }));
  expect(screen.getByRole('button', { name: 'Scores' })).toHaveAttribute('aria-pressed', 'true');
  expect(within(table).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['Never', '75% (1/2 checks passed)', 'No checks']);
});

it("shows each student's best score and attempts per check in the module drill-down, and a check's item analysis with the most-picked wrong option", async () => {
  const user = userEvent.setup();
  renderReport();
  await user.click(await screen.findByRole('button', { name: 'Cells' }));
  const dialog = await screen.findByRole('dialog');
  const scores = await within(dialog).findByRole('table', { name: /best score and attempts on each check/ });
  expect(within(scores).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['90% (2 attempts, passed)', '60% (1 attempt)']);

  await user.click(within(dialog).getByRole('button', { name: 'Item analysis: Organelles' }));
  const item = await within(dialog).findByRole('region', { name: 'Item analysis: Organelles' });
  expect(await within(item).findByText('25% answered right')).toBeInTheDocument();
  expect(within(item).getByText('4 attempts at version 1.')).toBeInTheDocument();
  const nucleus = within(item).getByText('Nucleus').closest('li')!;
  expect(nucleus).toHaveTextContent('2 picked');
  expect(nucleus).toHaveTextContent('Most-picked wrong answer');
  expect(within(item).getByText('Ribosome').closest('li')).not.toHaveTextContent('Most-picked wrong answer');
  expect(within(item).getByText('75% answered right')).toBeInTheDocument();
  expect(analysisReads.map(({ params }) => params)).toContainEqual({ classId: 'c1', moduleId: 'm1', sectionId: 's1' });
});

it("lists a student's attempts with their dates in the student drill-down", async () => {
  const user = userEvent.setup();
  renderReport();
  await user.click(await screen.findByRole('button', { name: /Sam/ }));
  const dialog = await screen.findByRole('dialog');
  expect(within(dialog).getByText('75% (1/2 checks passed)')).toBeInTheDocument();
  const attempts = await within(dialog).findByRole('region', { name: 'Attempts of Sam' });
  const items = await within(attempts).findAllByRole('listitem');
  expect(items.map((item) => item.textContent)).toEqual(['Cells: OrganellesNov 21, 2026 09:3090% · passed', 'Cells: OrganellesNov 20, 2026 14:0540% · not passed']);
  expect(attemptReads.map(({ params }) => params)).toContainEqual({ classId: 'c1', studentId: 'st1' });
});
