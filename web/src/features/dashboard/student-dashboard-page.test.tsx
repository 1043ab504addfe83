/**
 * @jest-environment jest-fixed-jsdom
 * @jest-environment-options {"customExportConditions": ["node", "require", "default"]}
 */
import { screen, within } from '@testing-library/react';
import type { ClassSummary } from '@shared/contract/classes';
import type { StudentModuleProgress } from '@shared/contract/progress';
import { answer, withFakeApi } from '../../testing/api-server';
import { renderPage, STUDENT } from '../../testing/test-utils';
import StudentDashboardPage from './student-dashboard-page';

withFakeApi();

const summary = (id: string, className: string, modules: number): ClassSummary => ({
  _id: id,
  className,
  teacherId: { _id: 't1', username: 'teacher@example.com' },
  studentIds: ['student-sub'],
  assignedModuleIds: Array.from({ length: modules }, (_, index) => `m${index + 1}`),
});

const moduleProgress = (moduleId: string, completed: number, total: number, nextSectionId: string | null): StudentModuleProgress => ({
  moduleId,
  moduleTitle: `Module ${moduleId}`,
  completed,
  total,
  percentage: total ? Math.round((completed / total) * 100) : 0,
  completedSections: [],
  nextSectionId,
});

const card = (className: string) => within(screen.getByRole('heading', { name: className }).closest('li')!);

let progressReads: ReturnType<typeof answer<'getStudentClassProgress'>>;
beforeEach(() => {
  answer('listStudentClasses', [summary('c1', 'Biology', 2), summary('c2', 'Physics', 1)]);
  progressReads = answer('getStudentClassProgress', ({ params: { classId } }) => ({
    classId,
    studentId: 'student-sub',
    modules:
      classId === 'c1'
        ? [moduleProgress('m1', 3, 3, null), moduleProgress('m2', 1, 4, 'm2-s2')]
        : [moduleProgress('m9', 2, 2, null)],
  }));
});

it("shows each class's completion and Continue to the first section not yet complete, modules in syllabus order", async () => {
  renderPage(<StudentDashboardPage />, { path: '/student-dashboard', url: '/student-dashboard', user: STUDENT });
  await screen.findByRole('heading', { name: 'Biology' });
  expect(await card('Biology').findByText('4 of 7 sections complete')).toBeInTheDocument();
  expect(card('Biology').getByRole('progressbar', { name: '4 of 7 sections complete' })).toHaveAttribute('value', '4');
  expect(card('Biology').getByRole('link', { name: 'Continue Biology: Module m2' })).toHaveAttribute(
    'href',
    '/student/class/c1/module/m2/section/m2-s2',
  );
  expect(card('Biology').getByRole('link', { name: 'View Class' })).toHaveAttribute('href', '/student/class/c1');
  expect(progressReads.map(({ params }) => params).sort((a, b) => a.classId.localeCompare(b.classId))).toEqual([
    { classId: 'c1', studentId: 'student-sub' },
    { classId: 'c2', studentId: 'student-sub' },
  ]);
});

it('offers no Continue in a class whose sections are all complete', async () => {
  renderPage(<StudentDashboardPage />, { path: '/student-dashboard', url: '/student-dashboard', user: STUDENT });
  await screen.findByRole('heading', { name: 'Physics' });
  expect(await card('Physics').findByText('2 of 2 sections complete')).toBeInTheDocument();
  expect(card('Physics').queryByRole('link', { name: /^Continue/ })).not.toBeInTheDocument();
  expect(card('Physics').getByRole('link', { name: 'View Class' })).toBeInTheDocument();
});

it('lists the work still to do that has a due date, earliest first, marking overdue work in words', async () => {
  answer('getStudentClassProgress', ({ params: { classId } }) => ({
    classId,
    studentId: 'student-sub',
    modules: [
      { ...moduleProgress('m1', 0, 3, 'm1-s1'), dueAt: '2099-06-01T12:00:00.000Z' },
      { ...moduleProgress('m2', 1, 4, 'm2-s2'), dueAt: '2021-01-01T12:00:00.000Z' },
      { ...moduleProgress('m3', 2, 2, null), dueAt: '2020-01-01T12:00:00.000Z' },
      moduleProgress('m4', 0, 1, 'm4-s1'),
    ],
  }));
  renderPage(<StudentDashboardPage />, { path: '/student-dashboard', url: '/student-dashboard', user: STUDENT });
  await screen.findByRole('heading', { name: 'Biology' });
  const due = within(await card('Biology').findByRole('list', { name: 'Due dates in Biology' }));
  const items = due.getAllByRole('listitem');
  // The complete module and the undated one are not listed.
  expect(items.map((item) => item.textContent)).toEqual([
    expect.stringMatching(/^Module m2 Due Fri 1 Jan, \d\d:\d\d \(GMT.*\)Overdue$/),
    expect.stringMatching(/^Module m1 Due \w{3} \d+ Jun, \d\d:\d\d \(GMT.*\)$/),
  ]);
  expect(within(items[0]).getByText('Overdue')).toBeInTheDocument();
});

it('says which modules are locked and why', async () => {
  answer('getStudentClassProgress', ({ params: { classId } }) => ({
    classId,
    studentId: 'student-sub',
    modules: [moduleProgress('m1', 0, 3, 'm1-s1'), { ...moduleProgress('m2', 0, 2, null), lockedReason: 'Complete “Module m1” to open this.' }],
  }));
  renderPage(<StudentDashboardPage />, { path: '/student-dashboard', url: '/student-dashboard', user: STUDENT });
  await screen.findByRole('heading', { name: 'Biology' });
  const locked = within(await card('Biology').findByRole('list', { name: 'Locked modules in Biology' }));
  expect(locked.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Module m2: locked. Complete “Module m1” to open this.']);
});

it('lists a locked module with a due date once, under Locked with its due date', async () => {
  answer('getStudentClassProgress', ({ params: { classId } }) => ({
    classId,
    studentId: 'student-sub',
    modules: [
      { ...moduleProgress('m1', 0, 3, 'm1-s1'), dueAt: '2099-03-01T17:00:00.000Z' },
      { ...moduleProgress('m2', 0, 2, null), dueAt: '2099-03-08T17:00:00.000Z', lockedReason: 'Complete “Module m1” to open this.' },
    ],
  }));
  renderPage(<StudentDashboardPage />, { path: '/student-dashboard', url: '/student-dashboard', user: STUDENT });
  await screen.findByRole('heading', { name: 'Biology' });
  const locked = within(await card('Biology').findByRole('list', { name: 'Locked modules in Biology' }));
  expect(locked.getAllByRole('listitem')).toHaveLength(1);
  expect(locked.getByRole('listitem')).toHaveTextContent(/^Module m2: locked\. Complete “Module m1” to open this\. Due \w{3} 8 Mar/);
  const due = within(card('Biology').getByRole('list', { name: 'Due dates in Biology' }));
  expect(due.getAllByRole('listitem').map((item) => item.textContent)).toEqual([expect.stringMatching(/^Module m1 Due/)]);
  expect(card('Biology').getAllByText(/Module m2/)).toHaveLength(1);
});
