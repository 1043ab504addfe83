/**
 * @jest-environment jest-fixed-jsdom
 * @jest-environment-options {"customExportConditions": ["node", "require", "default"]}
 */
import { screen, within } from '@testing-library/react';
import type { ClassSummary, StudentModuleProgress } from '@shared/entities';
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
