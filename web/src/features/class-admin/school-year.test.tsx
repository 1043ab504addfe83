/**
 * @jest-environment jest-fixed-jsdom
 * @jest-environment-options {"customExportConditions": ["node", "require", "default"]}
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { answer, HttpError, withFakeApi } from '../../testing/api-server';
import { ADMIN, renderPage } from '../../testing/test-utils';
import AdminClassesPage from './admin-classes-page';
import AdminClassPage from './admin-class-page';

withFakeApi();
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const BIOLOGY = { classId: 'class-1', className: 'Biology 7A', teacher: { userId: 't-1', name: 'Ada Teacher' }, studentCount: 24, moduleCount: 3 };
const OLD = { classId: 'class-0', className: 'Biology 6A', studentCount: 20, moduleCount: 2, archivedAt: '2026-07-01T10:00:00.000Z' };

beforeEach(() => {
  answer('listAdminClasses', [BIOLOGY, OLD]);
  answer('listPeople', { people: [] });
  answer('getRetention', { days: null });
});

const openClasses = () => renderPage(<AdminClassesPage />, { path: '/admin/classes', url: '/admin/classes', user: ADMIN });

it('lists archived classes apart from the current ones', async () => {
  openClasses();
  const current = await screen.findByRole('list', { name: 'Classes' });
  expect(within(current).getByText('Biology 7A')).toBeInTheDocument();
  expect(within(current).queryByText('Biology 6A')).not.toBeInTheDocument();
  expect(within(screen.getByRole('list', { name: 'Archived classes' })).getByText('Biology 6A')).toBeInTheDocument();
});

it('saves the retention in days, and shows the server’s refusal in words', async () => {
  const saved = answer('setRetention', ({ body }) => (body.days === 30 ? { days: 30, setAt: '2026-11-29T10:00:00.000Z', setBy: 'Alex' } : new HttpError(400, 'Not allowed.')));
  openClasses();
  const days = await screen.findByLabelText(/Days after archiving/);
  await userEvent.type(days, '0');
  await userEvent.click(screen.getByRole('button', { name: 'Save Retention' }));
  expect(await screen.findByText(/days must be a whole number of days from 1 to 3650/)).toBeInTheDocument();
  await userEvent.clear(days);
  await userEvent.type(days, '30');
  await userEvent.click(screen.getByRole('button', { name: 'Save Retention' }));
  expect(await screen.findByText('Saved: deleted 30 days after a class is archived.')).toBeInTheDocument();
  expect(saved.map(({ body }) => body)).toEqual([{ days: 30 }]);
});

it('starts a new school year: the chosen classes, a label and a preview, then one request with a new id per class', async () => {
  const rolled = answer('rollOverClasses', ({ body }) => ({
    classes: body.classes.map(({ fromClassId, classId }) => ({ fromClassId, classId, className: `Biology 7A ${body.yearLabel}`, moduleCount: 3, created: true, oldArchived: body.archiveOld })),
  }));
  openClasses();
  const section = within(await screen.findByRole('region', { name: 'Start a new school year' }));
  await userEvent.click(section.getByRole('checkbox', { name: 'Biology 7A' }));
  expect(section.queryByRole('checkbox', { name: 'Biology 6A' })).not.toBeInTheDocument();
  await userEvent.type(section.getByLabelText(/Year label/), '2027-28');
  await userEvent.click(section.getByRole('button', { name: 'Preview' }));
  expect(section.getByText('Biology 7A 2027-28')).toBeInTheDocument();
  await userEvent.click(section.getByRole('button', { name: 'Confirm New School Year' }));
  expect(await section.findByText('New school year started: Biology 7A 2027-28.')).toBeInTheDocument();
  expect(rolled.map(({ body }) => body)).toEqual([{ yearLabel: '2027-28', archiveOld: true, classes: [{ fromClassId: 'class-1', classId: expect.stringMatching(UUID) }] }]);
});

it('archives a class after a confirmation, and offers Unarchive on an archived one', async () => {
  answer('getAdminClass', BIOLOGY);
  answer('listClassStudents', { students: [], studentCount: 0 });
  answer('getClass', new HttpError(500, 'not needed'));
  answer('getClassReport', { rows: [], studentCount: 0 });
  const archived = answer('archiveClass', () => ({ ...BIOLOGY, archivedAt: '2026-11-29T10:00:00.000Z' }));
  renderPage(<AdminClassPage />, { path: '/admin/classes/:classId', url: '/admin/classes/class-1', user: ADMIN });
  await userEvent.click(await screen.findByRole('button', { name: 'Archive class' }));
  await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Archive class' }));
  expect(await screen.findByText('Archived.')).toBeInTheDocument();
  expect(archived).toHaveLength(1);
});
