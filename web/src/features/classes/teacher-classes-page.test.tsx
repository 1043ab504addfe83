/**
 * @jest-environment jest-fixed-jsdom
 * @jest-environment-options {"customExportConditions": ["node", "require", "default"]}
 */
import { screen, waitFor, within } from '@testing-library/react';
import type { ClassSummary } from '@shared/contract/classes';
import { answer, HttpError, withFakeApi } from '../../testing/api-server';
import { renderPage, TEACHER } from '../../testing/test-utils';
import TeacherDashboardPage from '../dashboard/teacher-dashboard-page';
import AnalyticsPage from '../progress/analytics-page';
import TeacherClassesPage from './teacher-classes-page';
import { captureConsoleErrors } from '../../testing/console-errors';

withFakeApi();

const classes: ClassSummary[] = [
  { _id: 'c1', className: 'Year 7 Maths', teacherId: { _id: 'teacher-sub', username: 'Ms Rivera' }, studentIds: ['st1', 'st2'], assignedModuleIds: ['m1'] },
];
const renderClasses = (user = TEACHER) =>
  renderPage(<TeacherClassesPage />, { path: '/teacher-classes', url: '/teacher-classes', user });

captureConsoleErrors();

let classLists: ReturnType<typeof answer<'listTeacherClasses'>>;
beforeEach(() => {
  classLists = answer('listTeacherClasses', classes);
  answer('listModules', []);
  answer('getClassCompletion', ({ params }) => ({ classId: params.classId, studentCount: 2, averagePercentage: 0, modules: [], activeStudentIds: [] }));
});

it("lists the signed-in teacher's classes from /api/classes/teacher/{teacherId}", async () => {
  renderClasses();
  const card = (await screen.findByRole('heading', { name: 'Year 7 Maths' })).closest('li')!;
  expect(classLists.map(({ params }) => params.teacherId)).toEqual(['teacher-sub']);
  expect(within(card).getByRole('link', { name: 'Manage Class' })).toHaveAttribute('href', '/teacher-classes/c1');
});

it('says Could not verify teacher ID. without a user id, and asks nothing', () => {
  renderClasses({ ...TEACHER, userId: '' });
  expect(screen.getByRole('alert')).toHaveTextContent('Could not verify teacher ID.');
  expect(classLists).toHaveLength(0);
});

it('says Could not load classes. when the list fails', async () => {
  answer('listTeacherClasses', new HttpError(500, 'boom'));
  renderClasses();
  expect(await screen.findByRole('alert')).toHaveTextContent('Could not load classes.');
});

it('shares one cached list of classes with the dashboard and the analytics picker', async () => {
  renderPage(
    <>
      <TeacherDashboardPage />
      <TeacherClassesPage />
      <AnalyticsPage />
    </>,
    { path: '/teacher-dashboard', url: '/teacher-dashboard' },
  );
  // The dashboard's panel, the class card and the analytics card.
  await waitFor(() => expect(screen.getAllByText('Year 7 Maths')).toHaveLength(3));
  expect(classLists).toHaveLength(1);
});
