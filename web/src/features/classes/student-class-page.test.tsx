/**
 * @jest-environment jest-fixed-jsdom
 * @jest-environment-options {"customExportConditions": ["node", "require", "default"]}
 */
import { screen, within } from '@testing-library/react';
import { answer, withFakeApi } from '../../testing/api-server';
import { renderPage, STUDENT } from '../../testing/test-utils';
import StudentClassPage from './student-class-page';

withFakeApi();

const modules = [
  { _id: 'm1', title: 'Atoms', description: 'What matter is made of' },
  { _id: 'm2', title: 'Cells', description: 'What living things are made of' },
  { _id: 'm3', title: 'Energy', description: 'Where it comes from' },
];
const progress = (moduleId: string, completed: number, total: number) => ({
  moduleId,
  moduleTitle: moduleId,
  completed,
  total,
  percentage: 0,
  completedSections: [],
  nextSectionId: completed < total ? 'next' : null,
});

it('shows each module of the syllabus with its completion and state', async () => {
  answer('getClass', {
    _id: 'c1',
    className: 'Year 9 Science',
    teacherId: { _id: 't1', username: 'teacher@example.com' },
    studentIds: [{ _id: 'student-sub', username: 'student@example.com' }],
    assignedModuleIds: modules,
  });
  const progressReads = answer('getStudentClassProgress', {
    classId: 'c1',
    studentId: 'student-sub',
    modules: [
      progress('m1', 0, 3),
      { ...progress('m2', 2, 5), scores: { checks: 3, passed: 2, meanBestPercent: 78, bySection: {} } },
      progress('m3', 4, 4),
    ],
  });
  renderPage(<StudentClassPage />, { path: '/student/class/:classId', url: '/student/class/c1', user: STUDENT });

  const item = (title: string) => within(screen.getByRole('link', { name: title }).closest('li')!);
  expect(await screen.findByText('2 of 5 sections complete')).toBeInTheDocument();
  expect(item('Atoms').getByText('Not started')).toBeInTheDocument();
  expect(item('Atoms').getByText('0 of 3 sections complete')).toBeInTheDocument();
  expect(item('Cells').getByText('In progress')).toBeInTheDocument();
  expect(item('Energy').getByText('Complete')).toBeInTheDocument();
  expect(item('Energy').getByText('4 of 4 sections complete')).toBeInTheDocument();
  // The student's own score, only where the module has checks.
  expect(item('Cells').getByText('Your score: 78% (2/3 checks passed)')).toBeInTheDocument();
  expect(item('Atoms').queryByText(/Your score/)).not.toBeInTheDocument();
  expect(progressReads.map(({ params }) => params)).toEqual([{ classId: 'c1', studentId: 'student-sub' }]);
});

it('orders the syllabus by due date, undated last, and marks overdue work in words', async () => {
  answer('getClass', {
    _id: 'c1',
    className: 'Year 9 Science',
    teacherId: { _id: 't1', username: 'teacher@example.com' },
    studentIds: [{ _id: 'student-sub', username: 'student@example.com' }],
    assignedModuleIds: [
      { ...modules[0], dueAt: '2099-03-01T17:00:00.000Z' },
      { ...modules[1], dueAt: '2021-01-01T17:00:00.000Z' },
      { ...modules[2], dueAt: '2020-01-01T17:00:00.000Z' },
      { _id: 'm4', title: 'Zoology', description: 'Animals' },
    ],
  });
  answer('getStudentClassProgress', {
    classId: 'c1',
    studentId: 'student-sub',
    modules: [progress('m1', 0, 3), progress('m2', 2, 5), progress('m3', 4, 4), progress('m4', 0, 2)],
  });
  renderPage(<StudentClassPage />, { path: '/student/class/:classId', url: '/student/class/c1', user: STUDENT });

  await screen.findByText('2 of 5 sections complete');
  const items = within(screen.getByRole('list')).getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);
  expect(items).toEqual(['Energy', 'Cells', 'Atoms', 'Zoology']);
  const item = (title: string) => within(screen.getByRole('link', { name: title }).closest('li')!);
  expect(item('Cells').getByText(/^Due Fri 1 Jan, \d\d:\d\d \(GMT/)).toBeInTheDocument();
  expect(item('Cells').getByText('Overdue')).toBeInTheDocument();
  // Past due but complete, or not due yet: not overdue.
  expect(item('Energy').getByText(/^Due /)).toBeInTheDocument();
  expect(item('Energy').queryByText('Overdue')).not.toBeInTheDocument();
  expect(item('Atoms').queryByText('Overdue')).not.toBeInTheDocument();
  expect(item('Zoology').queryByText(/^Due /)).not.toBeInTheDocument();
});

it('says why a module waiting for another is locked', async () => {
  answer('getClass', { _id: 'c1', className: 'Year 9 Science', teacherId: { _id: 't1', username: 'teacher@example.com' }, studentIds: [], assignedModuleIds: modules });
  answer('getStudentClassProgress', {
    classId: 'c1',
    studentId: 'student-sub',
    modules: [progress('m1', 0, 3), { ...progress('m2', 0, 2), nextSectionId: null, lockedReason: 'Complete “Atoms” to open this.' }, progress('m3', 0, 1)],
  });
  renderPage(<StudentClassPage />, { path: '/student/class/:classId', url: '/student/class/c1', user: STUDENT });
  const cells = within((await screen.findByRole('link', { name: 'Cells' })).closest('li')!);
  expect(await cells.findByText('Complete “Atoms” to open this.')).toBeInTheDocument();
  expect(cells.getByText('Locked.')).toBeInTheDocument();
  expect(within(screen.getByRole('link', { name: 'Atoms' }).closest('li')!).queryByText('Locked.')).not.toBeInTheDocument();
});
