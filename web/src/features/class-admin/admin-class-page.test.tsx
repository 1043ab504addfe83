/**
 * @jest-environment jest-fixed-jsdom
 * @jest-environment-options {"customExportConditions": ["node", "require", "default"]}
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { answer, HttpError, withFakeApi } from '../../testing/api-server';
import { ADMIN, renderPage } from '../../testing/test-utils';
import AdminClassPage from './admin-class-page';

withFakeApi();

const student = (index: number) => ({ userId: `s${String(index).padStart(4, '0')}`, name: `Student ${index}` });

let rosterPages: ReturnType<typeof answer<'listClassStudents'>>;
beforeEach(() => {
  answer('getAdminClass', { classId: 'c1', className: 'Whole year', studentCount: 150, moduleCount: 0 });
  rosterPages = answer('listClassStudents', ({ query }) =>
    query.get('cursor')
      ? { students: Array.from({ length: 50 }, (_, index) => student(100 + index)), studentCount: 150 }
      : { students: Array.from({ length: 100 }, (_, index) => student(index)), studentCount: 150, next: 'page-2' },
  );
  answer('getClass', new HttpError(500, 'not needed'));
  answer('getClassReport', { rows: [], studentCount: 150 });
  answer('listPeople', { people: [] });
});

it('shows the class size without a limit and pages the roster with Show More Students', async () => {
  renderPage(<AdminClassPage />, { path: '/admin/classes/:classId', url: '/admin/classes/c1', user: ADMIN });
  const roster = within((await screen.findByRole('heading', { name: 'Students (150)' })).closest('section')!);
  expect(await roster.findByText('Student 99')).toBeInTheDocument();
  expect(roster.queryByText('Student 100')).not.toBeInTheDocument();

  await userEvent.click(roster.getByRole('button', { name: 'Show More Students (100 of 150 shown)' }));
  expect(await roster.findByText('Student 149')).toBeInTheDocument();
  expect(rosterPages.at(-1)).toMatchObject({ params: { classId: 'c1' } });
  expect(rosterPages.at(-1)!.query.get('cursor')).toBe('page-2');
  expect(roster.queryByRole('button', { name: /Show More Students/ })).not.toBeInTheDocument();
  expect(screen.queryByText(/at most|is full/)).not.toBeInTheDocument();
});

it('tells two students with the same name apart by their e-mails', async () => {
  answer('getAdminClass', { classId: 'c1', className: 'Whole year', studentCount: 2, moduleCount: 0 });
  answer('listClassStudents', {
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

it('offers every student who matches for enrolment, a few at a time, saying how many more there are', async () => {
  const candidate = (index: number) => ({
    userId: `p${String(index).padStart(2, '0')}`,
    email: `p${index}@school.example`,
    name: `Pupil ${String(index).padStart(2, '0')}`,
    role: 'Students' as const,
    status: 'active' as const,
    createdAt: '2026-09-01T08:00:00.000Z',
  });
  answer('getAdminClass', { classId: 'c1', className: 'Whole year', studentCount: 0, moduleCount: 0 });
  answer('listClassStudents', { students: [], studentCount: 0 });
  const searches = answer('listPeople', ({ query }) =>
    query.get('next')
      ? { people: Array.from({ length: 12 }, (_, index) => candidate(20 + index)) }
      : { people: Array.from({ length: 20 }, (_, index) => candidate(index)), next: 'page-2' },
  );
  const user = userEvent.setup();
  renderPage(<AdminClassPage />, { path: '/admin/classes/:classId', url: '/admin/classes/c1', user: ADMIN });
  const panel = within((await screen.findByRole('heading', { name: 'Enrol a student' })).closest('section')!);
  expect(await panel.findByText('Pupil 07')).toBeInTheDocument();
  expect(panel.queryByText('Pupil 08')).not.toBeInTheDocument();

  await user.click(panel.getByRole('button', { name: 'Show More Students (8 shown; more match)' }));
  expect(await panel.findByRole('button', { name: 'Show More Students (24 of 32 shown)' })).toBeInTheDocument();
  expect(searches.at(-1)!.query.get('next')).toBe('page-2');
  await user.click(panel.getByRole('button', { name: 'Show More Students (24 of 32 shown)' }));
  expect(panel.getByText('Pupil 31')).toBeInTheDocument();
  expect(panel.getAllByRole('button', { name: /^Enrol / })).toHaveLength(32);
  expect(panel.queryByRole('button', { name: /Show More Students/ })).not.toBeInTheDocument();
});

it('says the students to enrol could not be loaded rather than that none matches', async () => {
  answer('listPeople', new HttpError(500, 'Something went wrong.'));
  renderPage(<AdminClassPage />, { path: '/admin/classes/:classId', url: '/admin/classes/c1', user: ADMIN });
  const enrolOne = within((await screen.findByRole('heading', { name: 'Enrol a student' })).closest('section')!);
  expect(await enrolOne.findByRole('alert')).toHaveTextContent('Could not load the students to enrol: Something went wrong.');
  expect(enrolOne.queryByText('No student to enrol matches.')).not.toBeInTheDocument();
});
