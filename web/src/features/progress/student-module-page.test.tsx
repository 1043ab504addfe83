/**
 * @jest-environment jest-fixed-jsdom
 * @jest-environment-options {"customExportConditions": ["node", "require", "default"]}
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '../../lib/api-client';
import { answer, HttpError, withFakeApi } from '../../testing/api-server';
import { moduleFixture } from '../../testing/fixtures';
import { renderPage, STUDENT } from '../../testing/test-utils';
import StudentModulePage from './student-module-page';
import { captureConsoleErrors } from '../../testing/console-errors';

withFakeApi();

const stored = moduleFixture({
  sections: [
    { _id: 's1', title: 'Intro', order: 1, role: 'core', contentType: 'PDF', contentUrl: 'k1', originalFileName: 'intro.pdf', downloadUrl: 'https://s3/intro?sig' },
    { _id: 's2', title: 'Practice', order: 2, role: 'core', contentType: 'WORD', contentUrl: 'k2', originalFileName: 'p.docx', downloadUrl: 'https://s3/p?sig' },
  ],
});

const renderModule = () =>
  renderPage(<StudentModulePage />, {
    path: '/student/class/:classId/module/:moduleId',
    url: '/student/class/c1/module/m1',
    user: STUDENT,
  });
const sectionItem = (title: string) => screen.getByRole('heading', { name: new RegExp(title) }).closest('li')!;

const consoleErrors = captureConsoleErrors();

let progressReads: ReturnType<typeof answer<'getProgress'>>;
beforeEach(() => {
  answer('getModule', stored);
  // No progress stored yet, unless a test says otherwise.
  progressReads = answer('getProgress', new HttpError(404, 'No progress'));
  // The module in the class: no due date, no scores, unless a test says otherwise.
  answer('getStudentClassProgress', { classId: 'c1', studentId: 'student-sub', modules: [] });
});

it('treats a 404 on progress as nothing completed', async () => {
  renderModule();

  expect(await screen.findByRole('heading', { level: 1, name: 'Fractions' })).toBeInTheDocument();
  expect(progressReads.map(({ params }) => params)).toContainEqual({ studentId: 'student-sub', moduleId: 'm1', classId: 'c1' });
  const buttons = screen.getAllByRole('button', { name: 'Mark as Complete' });
  expect(buttons).toHaveLength(2);
  buttons.forEach((button) => expect(button).toBeEnabled());
  expect(screen.getByText('0 of 2 sections complete')).toBeInTheDocument();
});

it("shows each section's file and links View Content to the section's reader in the class", async () => {
  renderModule();
  await screen.findByRole('heading', { level: 1, name: 'Fractions' });
  expect(within(sectionItem('Intro')).getByText('PDF · intro.pdf')).toBeInTheDocument();
  expect(within(sectionItem('Practice')).getByText('Word · p.docx')).toBeInTheDocument();
  const link = within(sectionItem('Intro')).getByRole('link', { name: /View Content/ });
  expect(link).toHaveAttribute('href', '/student/class/c1/module/m1/section/s1');
});

it('turns Mark as Complete into a disabled Completed', async () => {
  const user = userEvent.setup();
  const marks = answer('markComplete', {
    studentId: 'student-sub',
    moduleId: 'm1',
    classId: 'c1',
    completedSections: ['s1'],
    updatedAt: '2026-01-03T00:00:00.000Z',
  });
  renderModule();
  await screen.findByRole('heading', { level: 1, name: 'Fractions' });

  await user.click(within(sectionItem('Intro')).getByRole('button', { name: 'Mark as Complete' }));

  expect(await within(sectionItem('Intro')).findByRole('button', { name: 'Completed' })).toBeDisabled();
  expect(marks.map(({ body }) => body)).toEqual([{ studentId: 'student-sub', moduleId: 'm1', classId: 'c1', sectionId: 's1' }]);
  expect(within(sectionItem('Practice')).getByRole('button', { name: 'Mark as Complete' })).toBeEnabled();
  expect(screen.getByText('1 of 2 sections complete')).toBeInTheDocument();
});

it('shows stored progress as Completed', async () => {
  answer('getProgress', {
    studentId: 'student-sub',
    moduleId: 'm1',
    classId: 'c1',
    completedSections: ['s2'],
    updatedAt: '2026-01-03T00:00:00.000Z',
  });
  renderModule();
  expect(await within(await findSection('Practice')).findByRole('button', { name: 'Completed' })).toBeDisabled();
  expect(within(sectionItem('Intro')).getByRole('button', { name: 'Mark as Complete' })).toBeEnabled();
});

async function findSection(title: string) {
  return (await screen.findByRole('heading', { name: new RegExp(title) })).closest('li')!;
}

it('alerts Could not update progress. when marking fails and keeps the button', async () => {
  consoleErrors.expect(/^Marking the section complete failed: ApiError: boom/);
  const user = userEvent.setup();
  answer('markComplete', new HttpError(500, 'boom'));
  renderModule();
  await screen.findByRole('heading', { level: 1, name: 'Fractions' });

  await user.click(within(sectionItem('Intro')).getByRole('button', { name: 'Mark as Complete' }));

  expect(await screen.findByRole('alert')).toHaveTextContent('Could not update progress.');
  expect(within(sectionItem('Intro')).getByRole('button', { name: 'Mark as Complete' })).toBeEnabled();
});

it('says Failed to load module content. when the module cannot be read', async () => {
  consoleErrors.expect(/^Loading the module failed: ApiError: boom/);
  answer('getModule', new HttpError(500, 'boom'));
  renderModule();
  expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load module content.');
});

describe('marking while another mark is on its way', () => {
  const progress = (completedSections: string[]) => ({
    studentId: 'student-sub',
    moduleId: 'm1',
    classId: 'c1',
    completedSections,
    updatedAt: '2026-01-03T00:00:00.000Z',
  });

  it('holds every Mark as Complete button until the pending one is answered', async () => {
    const user = userEvent.setup();
    let finishMark: (value: ReturnType<typeof progress>) => void = () => undefined;
    const marks = answer('markComplete', () => new Promise((resolve) => (finishMark = resolve)));
    renderModule();
    await screen.findByRole('heading', { level: 1, name: 'Fractions' });

    await user.click(within(sectionItem('Intro')).getByRole('button', { name: 'Mark as Complete' }));
    expect(within(sectionItem('Intro')).getByRole('button', { name: 'Saving...' })).toBeDisabled();
    expect(within(sectionItem('Practice')).getByRole('button', { name: 'Mark as Complete' })).toBeDisabled();

    finishMark(progress(['s1']));
    expect(await within(sectionItem('Intro')).findByRole('button', { name: 'Completed' })).toBeDisabled();
    expect(within(sectionItem('Practice')).getByRole('button', { name: 'Mark as Complete' })).toBeEnabled();
    expect(marks).toHaveLength(1);
  });

  it('never un-completes a section shown as done when an older answer arrives last', async () => {
    const user = userEvent.setup();
    answer('getProgress', progress(['s2']));
    // Written before s2's mark reached the server: it lacks s2, which has no undo.
    answer('markComplete', progress(['s1']));
    renderModule();
    expect(await within(await findSection('Practice')).findByRole('button', { name: 'Completed' })).toBeDisabled();

    await user.click(within(sectionItem('Intro')).getByRole('button', { name: 'Mark as Complete' }));

    expect(await within(sectionItem('Intro')).findByRole('button', { name: 'Completed' })).toBeDisabled();
    expect(within(sectionItem('Practice')).getByRole('button', { name: 'Completed' })).toBeDisabled();
    expect(screen.getByText('2 of 2 sections complete')).toBeInTheDocument();
  });
});

describe('renewing the module in the background', () => {
  it('keeps the page when reading the module again fails', async () => {
    consoleErrors.expect(/^Loading the module failed: ApiError: boom/);
    const { queryClient } = renderModule();
    await screen.findByRole('heading', { level: 1, name: 'Fractions' });

    answer('getModule', new HttpError(500, 'boom'));
    await act(() => queryClient.refetchQueries());
    await waitFor(() => expect(console.error).toHaveBeenCalledWith('Loading the module failed:', expect.any(ApiError)));

    expect(screen.getByRole('heading', { level: 1, name: 'Fractions' })).toBeInTheDocument();
    expect(screen.queryByText('Failed to load module content.')).not.toBeInTheDocument();
  });
});

it('offers the check instead of Mark as Complete for a section that has one, with the best score so far', async () => {
  answer('getModule', { ...stored, checks: [{ sectionId: 's1', version: 1, passMark: 70, maxAttempts: null, questionCount: 5 }] });
  answer('getStudentClassProgress', {
    classId: 'c1',
    studentId: 'student-sub',
    modules: [
      {
        moduleId: 'm1',
        moduleTitle: 'Fractions',
        percentage: 0,
        completed: 0,
        total: 2,
        completedSections: [],
        nextSectionId: 's1',
        scores: { checks: 1, passed: 0, meanBestPercent: 40, bySection: { s1: { bestPercent: 40, attempts: 1, passed: false } } },
      },
    ],
  });
  renderModule();
  await screen.findByRole('heading', { level: 1, name: 'Fractions' });

  const intro = within(sectionItem('Intro'));
  expect(intro.queryByRole('button', { name: 'Mark as Complete' })).not.toBeInTheDocument();
  expect(await intro.findByText('Best score 40%')).toBeInTheDocument();
  expect(intro.getByRole('link', { name: 'Try the check again: Intro' })).toHaveAttribute('href', '/student/class/c1/module/m1/section/s1');
  expect(within(sectionItem('Practice')).getByRole('button', { name: 'Mark as Complete' })).toBeEnabled();
});

describe("the student's path", () => {
  const pathModule = moduleFixture({
    sequential: true,
    sections: [
      { ...stored.sections[0], state: 'complete' },
      {
        _id: 's-review',
        title: 'Cells again',
        order: 2,
        role: 'review',
        contentType: 'PDF',
        contentUrl: 'k3',
        originalFileName: 'again.pdf',
        downloadUrl: 'https://s3/again?sig',
        state: 'open',
        reason: 'Because you scored 45 % on “Intro”, review this first.',
      },
      { ...stored.sections[1], state: 'locked', reason: 'Complete “Cells again” to open this.', downloadUrl: undefined },
      {
        _id: 's-extra',
        title: 'Going further',
        order: 4,
        role: 'optional',
        contentType: 'PDF',
        contentUrl: 'k4',
        originalFileName: 'further.pdf',
        downloadUrl: 'https://s3/further?sig',
        state: 'skipped',
        reason: 'Because you scored 45 % on “Intro”, you can skip this.',
      },
    ],
  });

  beforeEach(() => {
    answer('getModule', pathModule);
    answer('getProgress', { studentId: 'student-sub', moduleId: 'm1', classId: 'c1', completedSections: ['s1'] });
  });

  it('shows a locked section with what unlocks it and offers neither View Content nor Mark as Complete', async () => {
    renderModule();
    const locked = within(await screen.findByRole('heading', { name: /Practice/ }).then((heading) => heading.closest('li')!));
    expect(locked.getByText('Locked')).toBeInTheDocument();
    expect(locked.getByText('Complete “Cells again” to open this.')).toBeInTheDocument();
    expect(locked.queryByRole('link')).not.toBeInTheDocument();
    expect(locked.queryByRole('button')).not.toBeInTheDocument();
  });

  it('says why a review section was released, marks a skipped one in words and counts only the required sections', async () => {
    renderModule();
    const review = within(await screen.findByRole('heading', { name: /Cells again/ }).then((heading) => heading.closest('li')!));
    expect(review.getByText('Review')).toBeInTheDocument();
    expect(review.getByText('Because you scored 45 % on “Intro”, review this first.')).toBeInTheDocument();
    expect(review.getByRole('button', { name: 'Mark as Complete' })).toBeEnabled();
    const skipped = within(sectionItem('Going further'));
    expect(skipped.getByText('Skipped')).toBeInTheDocument();
    expect(skipped.getByText('Because you scored 45 % on “Intro”, you can skip this.')).toBeInTheDocument();
    // Intro, the released review and the locked core section; not the skipped optional one.
    expect(screen.getByText('1 of 3 sections complete')).toBeInTheDocument();
  });

  it("shows the server's sentence when it refuses a mark with 409, and reads the module again", async () => {
    consoleErrors.expect(/^Marking the section complete failed: ApiError: Complete “Intro” to open this\./);
    const user = userEvent.setup();
    answer('markComplete', new HttpError(409, 'Complete “Intro” to open this.'));
    const reads = answer('getModule', pathModule);
    renderModule();
    await user.click(within(await screen.findByRole('heading', { name: /Cells again/ }).then((heading) => heading.closest('li')!)).getByRole('button', { name: 'Mark as Complete' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Complete “Intro” to open this.');
    await waitFor(() => expect(reads).toHaveLength(2));
  });
});

const classProgressWith = (module: Record<string, unknown>) =>
  answer('getStudentClassProgress', {
    classId: 'c1',
    studentId: 'student-sub',
    modules: [{ moduleId: 'm1', moduleTitle: 'Fractions', percentage: 0, completed: 0, total: 2, completedSections: [], nextSectionId: 's1', ...module }],
  });

it('shows the due date of the module in the class, and Overdue once it has passed with work left', async () => {
  classProgressWith({ dueAt: '2026-01-09T16:00:00.000Z' });
  renderModule();
  await screen.findByRole('heading', { level: 1, name: 'Fractions' });
  const due = await screen.findByText(/^Due \w{3} 9 Jan, \d\d:\d\d \(GMT/);
  expect(due.closest('.module-due')).toHaveTextContent('Overdue');
});

it('does not ask for the check of a section the teacher excused the student from', async () => {
  answer('getModule', {
    ...stored,
    sections: [{ ...stored.sections[0], state: 'excused', reason: 'Your teacher excused you from this: Ill that week.' }, stored.sections[1]],
    checks: [{ sectionId: 's1', version: 1, passMark: 70, maxAttempts: null, questionCount: 5 }],
  });
  classProgressWith({});
  renderModule();
  await screen.findByRole('heading', { level: 1, name: 'Fractions' });
  const intro = within(sectionItem('Intro'));
  expect(intro.getByText('Excused: this check is not needed.')).toBeInTheDocument();
  expect(intro.queryByRole('link', { name: /check/ })).not.toBeInTheDocument();
  expect(intro.queryByRole('button', { name: 'Mark as Complete' })).not.toBeInTheDocument();
});
