/**
 * @jest-environment jest-fixed-jsdom
 * @jest-environment-options {"customExportConditions": ["node", "require", "default"]}
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ClassDetail } from '@shared/contract/classes';
import type { Module } from '@shared/contract/modules';
import { answer, HttpError, withFakeApi } from '../../testing/api-server';
import { renderPage } from '../../testing/test-utils';
import ManageClassPage from './manage-class-page';
import { captureConsoleErrors } from '../../testing/console-errors';

withFakeApi();

const makeModule = (id: string, title: string): Module => ({
  _id: id,
  title,
  description: `${title} description`,
  sections: [],
  sequential: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});
const ref = ({ _id, title, description }: Module) => ({ _id, title, description });
const fractions = makeModule('m1', 'Fractions');
const decimals = makeModule('m2', 'Decimals');
const geometry = makeModule('m3', 'Geometry');

const klass: ClassDetail = {
  _id: 'c1',
  className: 'Year 7 Maths',
  teacherId: { _id: 'teacher-1', username: 'Ms Rivera' },
  studentIds: [
    { _id: 'st1', username: 'sam', email: 'sam@school.example' },
    { _id: 'st2', username: 'ali' },
  ],
  assignedModuleIds: [ref(fractions)],
};

const renderManage = () => renderPage(<ManageClassPage />, { path: '/teacher-classes/:classId', url: '/teacher-classes/c1' });
const dropdown = () => screen.getByRole('combobox', { name: 'Module' });
const assignedList = () => within(screen.getByRole('heading', { name: /Assigned Modules/ }).closest('section')!);

const consoleErrors = captureConsoleErrors();

let classReads: ReturnType<typeof answer<'getClass'>>;
let assignments: ReturnType<typeof answer<'assignModule'>>;
beforeEach(() => {
  classReads = answer('getClass', klass);
  answer('listModules', [fractions, decimals, geometry]);
  assignments = answer('assignModule', new HttpError(500, 'not answered by this test'));
});

it('shows the roster and the assigned modules, and offers only modules not yet assigned', async () => {
  renderManage();
  expect(await screen.findByRole('heading', { level: 1, name: 'Year 7 Maths' })).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: 'Students (2)' })).toBeInTheDocument();
  const students = within(screen.getByRole('heading', { name: 'Students (2)' }).closest('section')!);
  // Each by name, with the e-mail where the roster keeps it.
  expect(students.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['samsam@school.example', 'ali']);
  expect(students.getByText('sam@school.example')).toHaveAttribute('title', 'sam@school.example');
  expect(assignedList().getByText('Fractions')).toBeInTheDocument();

  await waitFor(() => expect(within(dropdown()).getAllByRole('option')).toHaveLength(3));
  expect(within(dropdown()).getAllByRole('option').map((option) => option.textContent)).toEqual([
    '-- Select a module --',
    'Decimals',
    'Geometry',
  ]);
});

it('asks for a selection before assigning', async () => {
  const user = userEvent.setup();
  renderManage();
  await user.click(await screen.findByRole('button', { name: 'Assign Module' }));
  expect(screen.getByRole('alert')).toHaveTextContent('Please select a module to assign.');
  expect(assignments).toHaveLength(0);
});

it('replaces the screen data with the returned class and clears the dropdown', async () => {
  const user = userEvent.setup();
  assignments = answer('assignModule', { ...klass, assignedModuleIds: [ref(fractions), ref(decimals)] });
  renderManage();
  await screen.findByRole('option', { name: 'Decimals' });

  await user.selectOptions(dropdown(), 'Decimals');
  await user.click(screen.getByRole('button', { name: 'Assign Module' }));

  await waitFor(() => expect(assignments.map(({ params, body }) => [params.classId, body.moduleId])).toEqual([['c1', 'm2']]));
  expect(await assignedList().findByText('Decimals')).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: 'Assigned Modules (2)' })).toBeInTheDocument();
  expect(dropdown()).toHaveValue('');
  expect(within(dropdown()).queryByRole('option', { name: 'Decimals' })).not.toBeInTheDocument();
  expect(classReads).toHaveLength(1); // the answer was used, not a refetch
});

it("assigns with a due date typed in the school's time zone, which it names, and lists the due date", async () => {
  const user = userEvent.setup();
  assignments = answer('assignModule', { ...klass, assignedModuleIds: [ref(fractions), { ...ref(decimals), dueAt: '2099-12-05T17:00:00.000Z' }] });
  renderManage();
  await screen.findByRole('option', { name: 'Decimals' });
  const due = screen.getByLabelText('Due date (optional)');
  expect(due).toHaveAccessibleDescription('School time: Europe/London (GMT+0)');

  await user.selectOptions(dropdown(), 'Decimals');
  fireEvent.change(due, { target: { value: '2099-12-05T17:00' } });
  await user.click(screen.getByRole('button', { name: 'Assign Module' }));

  await waitFor(() => expect(assignments.map(({ body }) => body)).toEqual([{ moduleId: 'm2', dueAt: '2099-12-05T17:00:00.000Z' }]));
  expect(await assignedList().findByText(/^Due Sat 5 Dec, \d\d:\d\d \(GMT/)).toBeInTheDocument();
  expect(due).toHaveValue('');
});

it("changes an assigned module's due date, shown in the school's time in the dialog, by assigning it again", async () => {
  const user = userEvent.setup();
  classReads = answer('getClass', { ...klass, assignedModuleIds: [{ ...ref(fractions), dueAt: '2099-12-05T17:00:00.000Z' }] });
  assignments = answer('assignModule', { ...klass, assignedModuleIds: [{ ...ref(fractions), dueAt: '2099-12-12T09:30:00.000Z' }] });
  renderManage();
  await user.click(await screen.findByRole('button', { name: 'Due date of Fractions' }));
  const dialog = within(screen.getByRole('dialog', { name: 'Due date of Fractions' }));
  const due = dialog.getByLabelText('Due date (optional)');
  expect(due).toHaveValue('2099-12-05T17:00');
  fireEvent.change(due, { target: { value: '2099-12-12T09:30' } });
  await user.click(dialog.getByRole('button', { name: 'Save Due Date' }));
  await waitFor(() => expect(assignments.map(({ body }) => body)).toEqual([{ moduleId: 'm1', dueAt: '2099-12-12T09:30:00.000Z' }]));
  expect(await screen.findByText('Fractions: due date saved.')).toBeInTheDocument();
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(assignedList().getByText(/^Due Sat 12 Dec,/)).toBeInTheDocument();
});

it('assigns without a due date when none is typed', async () => {
  const user = userEvent.setup();
  assignments = answer('assignModule', { ...klass, assignedModuleIds: [ref(fractions), ref(geometry)] });
  renderManage();
  await screen.findByRole('option', { name: 'Geometry' });
  await user.selectOptions(dropdown(), 'Geometry');
  await user.click(screen.getByRole('button', { name: 'Assign Module' }));
  await waitFor(() => expect(assignments.map(({ body }) => body)).toEqual([{ moduleId: 'm3' }]));
});

it('shows the failure alert and keeps the data', async () => {
  consoleErrors.expect(/^Assigning the module failed: ApiError: boom/);
  const user = userEvent.setup();
  answer('assignModule', new HttpError(500, 'boom'));
  renderManage();
  await screen.findByRole('option', { name: 'Geometry' });

  await user.selectOptions(dropdown(), 'Geometry');
  await user.click(screen.getByRole('button', { name: 'Assign Module' }));

  expect(await screen.findByRole('alert')).toHaveTextContent('Failed to assign the module.');
  expect(assignedList().queryByText('Geometry')).not.toBeInTheDocument();
  expect(dropdown()).toHaveValue('m3');
});

it('says Class not found. for a 404 and Failed to load class details. otherwise', async () => {
  answer('getClass', new HttpError(404, 'Not found'));
  const first = renderManage();
  expect(await screen.findByRole('alert')).toHaveTextContent('Class not found.');
  first.unmount();

  answer('getClass', new HttpError(500, 'boom'));
  renderManage();
  expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load class details.');
});

it.each([
  ['has no modules', [], 'You have no modules yet. Create a module to assign it here.'],
  ['has assigned every module', [fractions], 'Every one of your modules is already assigned to this class.'],
])('says why there is nothing to assign, and disables Assign Module, when the teacher %s', async (_case, modules, hint) => {
  answer('listModules', modules);
  renderManage();
  await waitFor(() => expect(dropdown()).toHaveAccessibleDescription(hint));
  expect(dropdown()).toBeDisabled();
  expect(screen.getByRole('button', { name: 'Assign Module' })).toBeDisabled();
});

it('makes a module wait for another from its Prerequisite dialog, and says so in the list', async () => {
  const user = userEvent.setup();
  classReads = answer('getClass', { ...klass, assignedModuleIds: [ref(fractions), ref(decimals)] });
  const changes = answer('setModulePrerequisite', { ...klass, assignedModuleIds: [ref(fractions), { ...ref(decimals), prerequisiteModuleId: 'm1' }] });
  renderManage();
  await user.click(await screen.findByRole('button', { name: 'Prerequisite of Decimals' }));
  const dialog = within(screen.getByRole('dialog', { name: 'Prerequisite of Decimals' }));
  expect(dialog.getAllByRole('option').map((option) => option.textContent)).toEqual(['None: opens at once', 'Fractions']);
  await user.selectOptions(dialog.getByLabelText('Complete first'), 'm1');
  await user.click(dialog.getByRole('button', { name: 'Save Prerequisite' }));
  expect(await screen.findByText('Decimals now opens after Fractions.')).toBeInTheDocument();
  expect(changes.map(({ params, body }) => [params, body])).toEqual([[{ classId: 'c1', moduleId: 'm2' }, { prerequisiteModuleId: 'm1' }]]);
  expect(assignedList().getByText('Opens after Fractions')).toBeInTheDocument();
});
