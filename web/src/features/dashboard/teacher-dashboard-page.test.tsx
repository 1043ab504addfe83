/**
 * @jest-environment jest-fixed-jsdom
 * @jest-environment-options {"customExportConditions": ["node", "require", "default"]}
 */
import { screen, waitFor, within } from '@testing-library/react';
import { DASHBOARD_CLASS_COUNT, DASHBOARD_MODULE_COUNT } from '@shared/constants';
import type { ClassCompletion } from '@shared/contract/reports';
import type { ClassSummary } from '@shared/contract/classes';
import type { Module } from '@shared/contract/modules';
import { answer, HttpError, withFakeApi } from '../../testing/api-server';
import { renderPage, TEACHER } from '../../testing/test-utils';
import TeacherDashboardPage from './teacher-dashboard-page';
import { captureConsoleErrors } from '../../testing/console-errors';

withFakeApi();

const classes: ClassSummary[] = Array.from({ length: 5 }, (_, index) => ({
  _id: `c${index + 1}`,
  className: `Class ${index + 1}`,
  teacherId: { _id: 'teacher-1', username: 'Ms Rivera' },
  // st1 is in every class: it counts once.
  studentIds: ['st1', `st-${index + 1}`],
  assignedModuleIds: [],
}));
const modules: Module[] = Array.from({ length: 7 }, (_, index) => ({
  _id: `m${index + 1}`,
  title: `Module ${index + 1}`,
  description: '',
  sections: [],
  sequential: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: `2026-01-0${index + 1}T00:00:00.000Z`,
}));
/** A class's completion answer: only the engagement's active students matter here. */
const completion = (classId: string, activeStudentIds: string[]): ClassCompletion => ({
  classId,
  studentCount: 2,
  averagePercentage: 0,
  modules: [],
  activeStudentIds,
});

const stat = (label: string) => screen.getByText(label).closest('.stat-card') as HTMLElement;

const consoleErrors = captureConsoleErrors();

let classLists: ReturnType<typeof answer<'listTeacherClasses'>>;
let completionReads: ReturnType<typeof answer<'getClassCompletion'>>;
beforeEach(() => {
  classLists = answer('listTeacherClasses', classes);
  answer('listModules', modules);
  // st1 (in every class) was active in c1 and c2; st-2 in c2; 'gone' was active in c3 but has left it.
  completionReads = answer('getClassCompletion', ({ params: { classId } }) =>
    completion(classId, ({ c1: ['st1'], c2: ['st1', 'st-2'], c3: ['gone'] } as Record<string, string[]>)[classId] ?? []),
  );
});

it('greets the real user and shows real numbers only', async () => {
  renderPage(<TeacherDashboardPage />, { path: '/teacher-dashboard', url: '/teacher-dashboard' });

  expect(screen.getByRole('heading', { level: 1, name: 'Welcome back, Ada Teacher!' })).toBeInTheDocument();
  expect(await within(stat('Total Students')).findByText('6')).toBeInTheDocument();
  expect(await within(stat('Active Modules')).findByText('7')).toBeInTheDocument();
  expect(within(stat('Avg. Score')).getByText('—')).toBeInTheDocument();
  // st1 and st-2 are 2 of the 6 distinct enrolled students (one small read per class, never a report page).
  expect(await within(stat('Avg. Engagement')).findByText('33%')).toBeInTheDocument();
  expect(completionReads).toHaveLength(classes.length);
  expect(within(stat('Avg. Engagement')).getByText('Students who completed a section in the last 7 days')).toBeInTheDocument();
  expect(within(stat('Avg. Score')).getByText('No scored activities yet')).toBeInTheDocument();
  // The same cached list as My Classes and Class Analytics.
  expect(classLists.map(({ params }) => params.teacherId)).toEqual(['teacher-sub']);
});

it("shows Avg. Score as the mean of each student's best percent per check over every class, with its definition", async () => {
  // c1: two (student, check) bests summing 150; c2: one of 90; the others have no attempt yet.
  const scores: Record<string, Partial<ClassCompletion>> = { c1: { scores: { bestPercentSum: 150, scoredCount: 2 } }, c2: { scores: { bestPercentSum: 90, scoredCount: 1 } } };
  answer('getClassCompletion', ({ params: { classId } }) => ({ ...completion(classId, []), ...(scores[classId] ?? {}) }));
  renderPage(<TeacherDashboardPage />, { path: '/teacher-dashboard', url: '/teacher-dashboard' });

  expect(await within(stat('Avg. Score')).findByText('80%')).toBeInTheDocument();
  expect(within(stat('Avg. Score')).getByText("Mean of each student's best score on every check in your classes")).toBeInTheDocument();
});

it('lists the first classes and the most recently updated modules', async () => {
  renderPage(<TeacherDashboardPage />, { path: '/teacher-dashboard', url: '/teacher-dashboard' });

  const classPanel = within((await screen.findByRole('heading', { name: 'My Classes' })).closest('section')!);
  expect(await classPanel.findAllByRole('listitem')).toHaveLength(DASHBOARD_CLASS_COUNT);
  expect(classPanel.getByRole('link', { name: 'Class 1' })).toHaveAttribute('href', '/teacher-classes/c1');
  expect(classPanel.getByRole('link', { name: 'View all classes' })).toHaveAttribute('href', '/teacher-classes');

  const modulePanel = within(screen.getByRole('heading', { name: 'My Modules Library' }).closest('section')!);
  const items = await modulePanel.findAllByRole('listitem');
  expect(items).toHaveLength(DASHBOARD_MODULE_COUNT);
  expect(items[0]).toHaveTextContent('Module 7');
  expect(modulePanel.getByRole('link', { name: 'Create New Module' })).toHaveAttribute('href', '/create-module');
});

it("shows each class's completion as the server counts it (required sections only), once it has arrived", async () => {
  // The server's percent, from its counters of the required sections: shown as it is, not recomputed.
  answer('getClassCompletion', ({ params: { classId } }) => ({
    ...completion(classId, []),
    averagePercentage: classId === 'c1' ? 75 : 0,
    modules: [{ moduleId: 'm1', moduleTitle: 'Module 1', sections: 2, completions: 3, percentage: 75 }],
  }));
  renderPage(<TeacherDashboardPage />, { path: '/teacher-dashboard', url: '/teacher-dashboard' });

  const classPanel = within((await screen.findByRole('heading', { name: 'My Classes' })).closest('section')!);
  const [first, second] = await classPanel.findAllByRole('listitem');
  await waitFor(() => expect(first).toHaveTextContent('2 Student(s) · 75% complete'));
  expect(second).toHaveTextContent('2 Student(s) · 0% complete');
});

it('shows the empty texts', async () => {
  answer('listTeacherClasses', []);
  answer('listModules', []);
  renderPage(<TeacherDashboardPage />, { path: '/teacher-dashboard', url: '/teacher-dashboard' });
  expect(await screen.findByText('You are not assigned to any classes yet.')).toBeInTheDocument();
  expect(await screen.findByText("You haven't created any modules yet.")).toBeInTheDocument();
  expect(within(stat('Avg. Engagement')).getByText('No students in your classes yet')).toBeInTheDocument();
});

it('says so when the classes cannot be loaded instead of pretending there are none', async () => {
  consoleErrors.expect(/^Loading the classes failed: ApiError: boom/);
  answer('listTeacherClasses', new HttpError(500, 'boom'));
  renderPage(<TeacherDashboardPage />, { path: '/teacher-dashboard', url: '/teacher-dashboard' });
  expect(await screen.findByText('Could not load classes.')).toBeInTheDocument();
  expect(screen.queryByText('You are not assigned to any classes yet.')).not.toBeInTheDocument();
});

it('says Could not load classes. rather than loading for ever when the user has no id', async () => {
  renderPage(<TeacherDashboardPage />, { path: '/teacher-dashboard', url: '/teacher-dashboard', user: { ...TEACHER, userId: '' } });
  expect(screen.getByText('Could not load classes.')).toBeInTheDocument();
  expect(within(stat('Total Students')).getByText('—')).toBeInTheDocument();
  expect(classLists).toHaveLength(0);
  expect(await within(stat('Active Modules')).findByText('7')).toBeInTheDocument();
});
