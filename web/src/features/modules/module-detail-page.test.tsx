/**
 * @jest-environment jest-fixed-jsdom
 * @jest-environment-options {"customExportConditions": ["node", "require", "default"]}
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { answer, HttpError, withFakeApi } from '../../testing/api-server';
import { moduleFixture } from '../../testing/fixtures';
import { renderPage } from '../../testing/test-utils';
import ModuleDetailPage from './module-detail-page';
import ModuleLibraryPage from './module-library-page';
import { captureConsoleErrors } from '../../testing/console-errors';

withFakeApi();

const stored = moduleFixture({
  sections: [{ _id: 's1', title: 'Intro', order: 1, role: 'core', contentType: 'PDF', contentUrl: 'k', originalFileName: 'i.pdf', downloadUrl: 'https://s3/i' }],
});

const renderDetail = () =>
  renderPage(<ModuleDetailPage />, {
    path: '/teacher-modules/:moduleId',
    url: '/teacher-modules/m1',
    also: { '/teacher-modules': <ModuleLibraryPage /> },
  });

const consoleErrors = captureConsoleErrors();

let moduleReads: ReturnType<typeof answer<'getModule'>>;
beforeEach(() => {
  moduleReads = answer('getModule', ({ query }) =>
    query.get('usage') === 'true'
      ? { ...stored, usage: { classes: [{ classId: 'c1', className: 'Biology 7A' }], studentsWithProgress: 12, checkAttempts: 30, overrides: 0, prerequisites: 0 } }
      : stored,
  );
  answer('listModules', []);
  answer('listTeacherClasses', []);
});

it('asks before deleting, then shows Module deleted successfully. on the library', async () => {
  const user = userEvent.setup();
  const deletions = answer('deleteModule', undefined);
  const { router } = renderDetail();

  expect(await screen.findByRole('heading', { level: 1, name: 'Fractions' })).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: 'Sections (1)' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/teacher-modules/m1/edit');

  await user.click(screen.getByRole('button', { name: 'Delete' }));
  const dialog = screen.getByRole('alertdialog');
  expect(dialog).toHaveTextContent('Are you sure you want to delete this module?');
  // What would be lost, read when the dialog opens, and read out with the question.
  expect(await within(dialog).findByText(/Biology 7A/)).toHaveTextContent(
    'It is assigned to Biology 7A, and will be removed from that class. Deleting it also deletes the progress of 12 students and 30 check attempts with their scores. This cannot be undone.',
  );
  expect(dialog).toHaveAccessibleDescription(/progress of 12 students/);
  expect(deletions).toHaveLength(0);

  await user.click(screen.getAllByRole('button', { name: 'Delete' }).at(-1)!);
  await waitFor(() => expect(deletions.map(({ params }) => params.id)).toEqual(['m1']));
  await waitFor(() => expect(router.location.pathname).toBe('/teacher-modules'));
  const flash = await screen.findByText('Module deleted successfully.');
  expect(flash.closest('[role="status"]')).toHaveClass('alert-success');
});

it("shows the module's order mode and each section's role and check", async () => {
  const base = stored.sections[0]!;
  answer('getModule', {
    ...stored,
    sequential: true,
    sections: [
      { ...base, _id: 's1', title: 'Halves', order: 1, role: 'core' },
      { ...base, _id: 's2', title: 'Halves again', order: 2, role: 'review' },
    ],
    checks: [{ sectionId: 's1', version: 1, passMark: 70, maxAttempts: 3, questionCount: 5 }],
  });
  renderDetail();
  await screen.findByRole('heading', { name: 'Sections (2)' });
  expect(screen.getByText('In order: each section opens once the one before it is complete.')).toBeInTheDocument();
  const items = screen.getAllByRole('listitem').filter((item) => item.classList.contains('section-item'));
  expect(items.map((item) => item.querySelectorAll('.section-meta')[1]?.textContent)).toEqual([
    'Core section · Check: 5 questions, pass mark 70\u00a0%, 3 attempts',
    'Review section · No check',
  ]);
});

it('keeps the module and alerts Failed to delete module. on failure', async () => {
  consoleErrors.expect(/^Deleting the module failed: ApiError: boom/);
  const user = userEvent.setup();
  answer('deleteModule', new HttpError(500, 'boom'));
  const { router } = renderDetail();

  await user.click(await screen.findByRole('button', { name: 'Delete' }));
  await user.click(screen.getAllByRole('button', { name: 'Delete' }).at(-1)!);

  expect(await screen.findByRole('alert')).toHaveTextContent('Failed to delete module.');
  expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  expect(router.location.pathname).toBe('/teacher-modules/m1');
});

it('links back to the library as it was left (its search, sort and filter), or to the whole library', async () => {
  const state = { librarySearch: 'q=frac&sort=title' };
  const { unmount } = renderPage(<ModuleDetailPage />, { path: '/teacher-modules/:moduleId', url: '/teacher-modules/m1', state });
  expect(await screen.findByRole('link', { name: '← Back to My Modules' })).toHaveAttribute('href', '/teacher-modules?q=frac&sort=title');
  unmount();

  renderDetail();
  expect(await screen.findByRole('link', { name: '← Back to My Modules' })).toHaveAttribute('href', '/teacher-modules');
});

it('says Module not found. for a 404', async () => {
  answer('getModule', new HttpError(404, 'Not found'));
  renderDetail();
  expect(await screen.findByRole('alert')).toHaveTextContent('Module not found.');
});

it('keeps showing the module when a background refresh fails', async () => {
  const { queryClient } = renderDetail();
  await screen.findByRole('heading', { level: 1, name: 'Fractions' });

  const failedReads = answer('getModule', new HttpError(500, 'boom'));
  await act(() => queryClient.refetchQueries());
  await waitFor(() => expect(failedReads).toHaveLength(1));
  expect(moduleReads).toHaveLength(1);
  await waitFor(() => expect(queryClient.getQueryCache().getAll().some((query) => query.state.status === 'error')).toBe(true));
  await act(async () => undefined);

  expect(screen.getByRole('heading', { level: 1, name: 'Fractions' })).toBeInTheDocument();
  expect(screen.queryByText('Failed to load module.')).not.toBeInTheDocument();
});

it('shows each section with its file type, name and size, and View Content opens it in the reader', async () => {
  answer('getModule', moduleFixture({ sections: [{ ...stored.sections[0], size: 1843 }] }));
  renderDetail();
  const row = within(await screen.findByRole('listitem'));
  expect(row.getByText('PDF · i.pdf · 1.8 kB')).toBeInTheDocument();
  expect(row.getByRole('link', { name: 'View Content: Intro' })).toHaveAttribute('href', '/teacher-modules/m1/section/s1');
});

describe('Duplicate and Assign to Classes', () => {
  const schoolClass = (id: string, className: string, assignedModuleIds: string[]) => ({
    _id: id,
    className,
    teacherId: { _id: 'teacher-sub', username: 't' },
    studentIds: [],
    assignedModuleIds,
  });
  /** The teacher's classes, each answering an assignment with the module on it; the assignments received. */
  const givenClasses = (classes: ReturnType<typeof schoolClass>[]) => {
    answer('listTeacherClasses', classes);
    return answer('assignModule', ({ params }) => ({
      ...classes.find((each) => each._id === params.classId)!,
      assignedModuleIds: [{ _id: stored._id, title: stored.title, description: stored.description }],
    }));
  };

  it('duplicates the module once, whatever the clicks, as a copy with the same files and checks', async () => {
    const user = userEvent.setup();
    const creations = answer('createModule', ({ body }) => ({ ...stored, _id: body._id!, title: body.title }));
    const { router } = renderPage(<ModuleDetailPage />, { path: '/teacher-modules/:moduleId', url: '/teacher-modules/m1' });

    await user.dblClick(await screen.findByRole('button', { name: 'Duplicate' }));

    await waitFor(() => expect(router.location.pathname).not.toBe('/teacher-modules/m1'));
    expect(creations).toHaveLength(1);
    const sent = creations[0].body;
    expect(sent).toEqual({
      _id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      title: 'Fractions (copy)',
      description: stored.description,
      sequential: false,
      sections: [{ title: 'Intro', contentUrl: 'k', originalFileName: 'i.pdf', role: 'core' }],
      copyChecksFrom: 'm1',
    });
    expect(router.location.pathname).toBe(`/teacher-modules/${sent._id}`);
  });

  it('assigns the module to several classes at once, showing those that have it already', async () => {
    const user = userEvent.setup();
    const assignments = givenClasses([schoolClass('c1', 'Year 7', ['m1']), schoolClass('c2', 'Year 8', []), schoolClass('c3', 'Year 9', [])]);
    renderDetail();

    const form = within(await screen.findByRole('form', { name: 'Assign to Classes' }));
    await waitFor(() => expect(form.getByRole('checkbox', { name: /Year 7/ })).toBeChecked());
    expect(form.getByRole('checkbox', { name: /Year 7/ })).toBeDisabled();
    await user.click(form.getByLabelText('Year 8'));
    await user.click(form.getByLabelText('Year 9'));
    await user.click(form.getByRole('button', { name: 'Assign to Selected Classes' }));

    expect(await form.findByText('Assigned to Year 8, Year 9.')).toBeInTheDocument();
    expect(assignments.map(({ params, body }) => [params.classId, body.moduleId]).sort()).toEqual([
      ['c2', 'm1'],
      ['c3', 'm1'],
    ]);
  });

  it("assigns with one due date, typed in the school's time, to every class chosen", async () => {
    const user = userEvent.setup();
    const assignments = givenClasses([schoolClass('c2', 'Year 8', []), schoolClass('c3', 'Year 9', [])]);
    renderDetail();

    const form = within(await screen.findByRole('form', { name: 'Assign to Classes' }));
    await user.click(await form.findByLabelText('Year 8'));
    await user.click(form.getByLabelText('Year 9'));
    const due = form.getByLabelText('Due date (optional)');
    fireEvent.change(due, { target: { value: '2026-06-05T17:00' } });
    // The offset named is the one in force on that date (summer time).
    expect(due).toHaveAccessibleDescription(/^School time: Europe\/London \(GMT\+1\)/);
    // That date has passed: the form asks, and assigns only once the teacher ticks that they mean it.
    expect(form.getByText('This date has passed: students would see the module as overdue at once.')).toBeInTheDocument();
    await user.click(form.getByRole('button', { name: 'Assign to Selected Classes' }));
    expect(await form.findByRole('alert')).toHaveTextContent('Choose a later date, or tick “Keep this date that has passed”.');
    expect(due).toBeInvalid();
    expect(assignments).toEqual([]);
    await user.click(form.getByLabelText('Keep this date that has passed'));
    await user.click(form.getByRole('button', { name: 'Assign to Selected Classes' }));
    await form.findByText('Assigned to Year 8, Year 9.');
    expect(assignments.map(({ params, body }) => [params.classId, body]).sort()).toEqual([
      ['c2', { moduleId: 'm1', dueAt: '2026-06-05T16:00:00.000Z' }],
      ['c3', { moduleId: 'm1', dueAt: '2026-06-05T16:00:00.000Z' }],
    ]);
  });

  it('says why there is nothing to assign when every class has the module, with the button disabled', async () => {
    answer('listTeacherClasses', [schoolClass('c1', 'Year 7', ['m1'])]);
    renderDetail();

    const form = within(await screen.findByRole('form', { name: 'Assign to Classes' }));
    const why = await form.findByText('This module is assigned to every one of your classes.');
    const button = form.getByRole('button', { name: 'Assign to Selected Classes' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(why.textContent!);
  });

  it('unassigns from a class that has the module, after the same question as the class page, and says so', async () => {
    const user = userEvent.setup();
    answer('listTeacherClasses', [schoolClass('c1', 'Year 7', ['m1']), schoolClass('c2', 'Year 8', [])]);
    const unassigned = answer('unassignModule', ({ params }) => ({ ...schoolClass(params.classId, 'Year 7', []), assignedModuleIds: [] }));
    renderDetail();

    const form = within(await screen.findByRole('form', { name: 'Assign to Classes' }));
    await user.click(await form.findByRole('button', { name: 'Unassign from Year 7' }));
    expect(form.queryByRole('button', { name: 'Unassign from Year 8' })).not.toBeInTheDocument();
    const dialog = within(screen.getByRole('alertdialog'));
    expect(dialog.getByText(`Unassign "${stored.title}" from Year 7? Your students' progress on it is kept and comes back if you assign it again.`)).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Unassign' }));

    expect(await screen.findByText('Unassigned from Year 7.')).toBeInTheDocument();
    expect(unassigned.map((request) => request.params)).toEqual([{ classId: 'c1', moduleId: stored._id }]);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});
