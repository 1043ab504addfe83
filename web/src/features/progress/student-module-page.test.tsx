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
