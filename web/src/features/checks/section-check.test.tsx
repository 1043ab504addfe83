/**
 * @jest-environment jest-fixed-jsdom
 * @jest-environment-options {"customExportConditions": ["node", "require", "default"]}
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AttemptAnswer, StudentCheck } from '@shared/contract/checks';
import type { Section } from '@shared/contract/modules';
import type { RequestOf } from '@shared/contract';
import { answer, CONNECTION_FAILS, HttpError, withFakeApi } from '../../testing/api-server';
import { moduleFixture } from '../../testing/fixtures';
import { captureConsoleErrors } from '../../testing/console-errors';
import { renderPage, STUDENT } from '../../testing/test-utils';
import ReaderPage from '../reader/reader-page';
import { NotificationBell } from '../notifications/components/notification-bell';

jest.mock('../reader/viewers/pdf-viewer', () => ({ __esModule: true, default: () => <p>PDF viewer</p> }));
withFakeApi();

const section = (id: string, order: number): Section => ({
  _id: id,
  title: `Section ${order}`,
  order,
  contentType: 'PDF',
  contentUrl: `k-${id}`,
  originalFileName: `${id}.pdf`,
  downloadUrl: `https://bucket/${id}?sig=1`,
  role: 'core',
});

const studentCheck: StudentCheck = {
  moduleId: 'm1',
  sectionId: 's1',
  version: 1,
  passMark: 70,
  maxAttempts: 3,
  showCorrectness: true,
  showAnswers: true,
  questions: [
    { id: 'q1', kind: 'single', prompt: 'Which organelle makes energy?', points: 1, options: [{ id: 'a', text: 'Nucleus' }, { id: 'b', text: 'Mitochondrion' }] },
    { id: 'q2', kind: 'truefalse', prompt: 'Cells have walls in plants.', points: 1 },
    { id: 'q3', kind: 'number', prompt: 'How many chromosomes in a human cell?', points: 2 },
  ],
  attempts: [],
  attemptsUsed: 0,
};

const failedAttempt: AttemptAnswer = {
  attemptId: 'set-by-test',
  version: 1,
  submittedAt: '2026-11-20T10:00:00.000Z',
  score: 1,
  maxScore: 4,
  percent: 25,
  passed: false,
  answers: { q1: ['a'], q2: true },
  results: [
    { questionId: 'q1', correct: false, earned: 0, points: 1, answer: ['b'], explanation: 'The mitochondrion makes ATP.' },
    { questionId: 'q2', correct: true, earned: 1, points: 1, answer: true },
    { questionId: 'q3', correct: false, earned: 0, points: 2, answer: { value: 46, tolerance: 0 } },
  ],
  attemptsUsed: 1,
  attemptsLeft: 2,
  bestPercent: 25,
};

const openAsStudent = () =>
  renderPage(<ReaderPage />, {
    path: '/student/class/:classId/module/:moduleId/section/:sectionId',
    url: '/student/class/c1/module/m1/section/s1',
    user: STUDENT,
  });

const consoleErrors = captureConsoleErrors();

beforeEach(() => {
  answer(
    'getModule',
    moduleFixture({ sections: [section('s1', 1), section('s2', 2)], checks: [{ sectionId: 's1', version: 1, passMark: 70, maxAttempts: 3, questionCount: 3 }] }),
  );
  answer('getProgress', { studentId: 'student-sub', moduleId: 'm1', classId: 'c1', completedSections: [] });
  // The reader reports the section opened.
  answer('recordReading', ({ params }) => ({ sectionId: params.sectionId, opened: 1, minutes: 0 }));
});

type Submission = AttemptAnswer | HttpError | typeof CONNECTION_FAILS;

/** Answers the check's routes as the server would: the read lists the attempts recorded so far. Returns the requests. */
function answerCheck(check: StudentCheck, submit: (body: RequestOf<'submitAttempt'>) => Submission | Promise<Submission>) {
  const attempts = [...check.attempts];
  const reads = answer('getCheck', () => ({ ...check, attempts: [...attempts], attemptsUsed: attempts.length }));
  const submissions = answer('submitAttempt', async ({ body }) => {
    const answered = await submit(body);
    if (answered instanceof HttpError || answered === CONNECTION_FAILS) return answered;
    const { attemptsUsed: _used, attemptsLeft: _left, bestPercent: _best, ...recorded } = answered;
    if (!attempts.some((each) => each.attemptId === recorded.attemptId)) attempts.push(recorded);
    return { ...recorded, attemptsUsed: attempts.length, attemptsLeft: null, bestPercent: 25 };
  });
  return { reads, submissions };
}

it('offers the check instead of Mark as Complete, and reads it for the class without any answer', async () => {
  const { reads } = answerCheck(studentCheck, () => failedAttempt);
  openAsStudent();
  const check = await screen.findByRole('region', { name: 'Check your understanding' });
  expect(await within(check).findByText('Which organelle makes energy?')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Mark as Complete' })).not.toBeInTheDocument();
  expect(screen.getByText('Pass the check below (70%) to complete this section')).toBeInTheDocument();
  expect(within(check).getByText('3 questions · pass mark 70% · 3 attempts left.')).toBeInTheDocument();
  expect(reads.map(({ params, query }) => [params, query.toString()])).toContainEqual([{ id: 'm1', sectionId: 's1' }, 'classId=c1']);
});

it('submits once however often Submit is pressed, then shows the score, each result with its explanation and correct answer, and the attempts left', async () => {
  const user = userEvent.setup();
  let finishSubmission: (attempt: AttemptAnswer) => void = () => undefined;
  const { submissions } = answerCheck(studentCheck, () => new Promise((resolve) => (finishSubmission = resolve)));
  openAsStudent();
  const check = await screen.findByRole('region', { name: 'Check your understanding' });

  await user.click(await within(check).findByRole('radio', { name: 'Nucleus' }));
  await user.click(within(check).getByRole('radio', { name: 'True' }));
  expect(within(check).getByText('1 question not answered (counted as wrong).')).toBeInTheDocument();
  const submit = within(check).getByRole('button', { name: 'Submit answers' });
  await user.dblClick(submit);
  await user.click(submit);
  await waitFor(() => expect(submissions).toHaveLength(1));
  const [{ params, body }] = submissions;
  expect(params).toEqual({ id: 'm1', sectionId: 's1' });
  expect(body).toEqual({ attemptId: expect.stringMatching(/^[0-9a-f-]{36}$/), classId: 'c1', answers: { q1: ['a'], q2: true } });

  finishSubmission({ ...failedAttempt, attemptId: body.attemptId });
  expect(await within(check).findByText('Score: 1 / 4 (25%) — Not passed')).toBeInTheDocument();
  expect(submissions).toHaveLength(1);
  expect(within(check).getByText('The mitochondrion makes ATP.')).toBeInTheDocument();
  expect(within(check).getByText('Correct answer: Mitochondrion')).toBeInTheDocument();
  expect(within(check).getByText('Correct answer: 46')).toBeInTheDocument();
  expect(within(check).getByText('Your answer: Nucleus')).toBeInTheDocument();
  expect(within(check).getByText('Your answer: not answered')).toBeInTheDocument();
  expect(within(check).getByText(/2 attempts left\./)).toBeInTheDocument();

  // Another attempt gets its own id.
  await user.click(within(check).getByRole('button', { name: 'Try again' }));
  await user.click(within(check).getByRole('radio', { name: 'Mitochondrion' }));
  await user.click(within(check).getByRole('button', { name: 'Submit answers' }));
  await waitFor(() => expect(submissions).toHaveLength(2));
  expect(submissions[1].body.attemptId).not.toBe(body.attemptId);
});

describe('an attempt on a check that shows less', () => {
  const withResults = (results: AttemptAnswer['results']): AttemptAnswer => ({ ...failedAttempt, attemptId: 'a1', results });
  const showOutcome = async (check: StudentCheck) => {
    answerCheck({ ...check, maxAttempts: null, attempts: [check.attempts[0]!] }, () => failedAttempt);
    openAsStudent();
    const region = await screen.findByRole('region', { name: 'Check your understanding' });
    expect(await within(region).findByText('Score: 1 / 4 (25%) — Not passed')).toBeInTheDocument();
    return region;
  };

  it('shows the score and the answers given, and says the teacher shows nothing more, when it shows neither', async () => {
    const attempt = withResults([{ questionId: 'q1', points: 1 }, { questionId: 'q2', points: 1 }, { questionId: 'q3', points: 2 }]);
    const region = await showOutcome({ ...studentCheck, showCorrectness: false, showAnswers: false, attempts: [attempt] });
    expect(within(region).getByText('Your teacher shows only your score for this check, not which answers were right.')).toBeInTheDocument();
    expect(within(region).getByText('Your answer: Nucleus')).toBeInTheDocument();
    expect(within(region).getByText('Your answer: True')).toBeInTheDocument();
    expect(within(region).queryByText(/^(Right|Wrong|Partly right)$|Correct answer|of \d+ points?/)).not.toBeInTheDocument();
    expect(region.querySelector('.is-right, .is-wrong')).toBeNull();
  });

  it('marks right and wrong without any correct answer when it shows only which were right', async () => {
    const attempt = withResults([
      { questionId: 'q1', points: 1, correct: false, earned: 0 },
      { questionId: 'q2', points: 1, correct: true, earned: 1 },
      { questionId: 'q3', points: 2, correct: false, earned: 0 },
    ]);
    const region = await showOutcome({ ...studentCheck, showCorrectness: true, showAnswers: false, attempts: [attempt] });
    expect(within(region).getByText('Right')).toBeInTheDocument();
    expect(within(region).getAllByText('Wrong')).toHaveLength(2);
    expect(within(region).queryByText(/Correct answer|Your teacher shows/)).not.toBeInTheDocument();
  });

  it('gives the correct answers and explanations without right or wrong when it shows only the answers', async () => {
    const attempt = withResults([
      { questionId: 'q1', points: 1, answer: ['b'], explanation: 'The mitochondrion makes ATP.' },
      { questionId: 'q2', points: 1, answer: true },
      { questionId: 'q3', points: 2, answer: { value: 46, tolerance: 0 } },
    ]);
    const region = await showOutcome({ ...studentCheck, showCorrectness: false, showAnswers: true, attempts: [attempt] });
    expect(within(region).getByText('Your teacher shows the correct answers for this check, but not which of your answers were right.')).toBeInTheDocument();
    expect(within(region).getByText('Correct answer: Mitochondrion')).toBeInTheDocument();
    expect(within(region).getByText('The mitochondrion makes ATP.')).toBeInTheDocument();
    expect(within(region).queryByText(/^(Right|Wrong|Partly right)$/)).not.toBeInTheDocument();
  });
});

it('sends the same attempt id again when a submission got no answer, keeping what was chosen', async () => {
  consoleErrors.expect(/Submitting the attempt failed/);
  const user = userEvent.setup();
  const ids: string[] = [];
  answerCheck(studentCheck, ({ attemptId }) => {
    ids.push(attemptId);
    return ids.length === 1 ? CONNECTION_FAILS : { ...failedAttempt, attemptId };
  });
  openAsStudent();
  const check = await screen.findByRole('region', { name: 'Check your understanding' });
  await user.click(await within(check).findByRole('radio', { name: 'Nucleus' }));
  await user.click(within(check).getByRole('button', { name: 'Submit answers' }));
  expect(await within(check).findByText(/Could not reach the server\..*Your answers are kept: submit again\./)).toBeInTheDocument();
  expect(within(check).getByRole('radio', { name: 'Nucleus' })).toBeChecked();

  await user.click(within(check).getByRole('button', { name: 'Submit answers' }));
  expect(await within(check).findByText('Score: 1 / 4 (25%) — Not passed')).toBeInTheDocument();
  expect(ids).toHaveLength(2);
  expect(ids[1]).toBe(ids[0]);
});

it('keeps the answers of an attempt across a reload, and sends them with the same attempt id', async () => {
  const user = userEvent.setup();
  const { submissions } = answerCheck(studentCheck, ({ attemptId }) => ({ ...failedAttempt, attemptId }));
  const first = openAsStudent();
  let check = await screen.findByRole('region', { name: 'Check your understanding' });
  await user.click(await within(check).findByRole('radio', { name: 'Nucleus' }));
  await user.type(within(check).getByLabelText('Your answer to question 3'), '46');
  const kept = JSON.parse(window.sessionStorage.getItem('learning-paths:check-attempt:c1:m1:s1:1')!) as { attemptId: string };
  first.unmount();

  openAsStudent();
  check = await screen.findByRole('region', { name: 'Check your understanding' });
  expect(await within(check).findByRole('radio', { name: 'Nucleus' })).toBeChecked();
  expect(within(check).getByLabelText('Your answer to question 3')).toHaveValue('46');
  await user.click(within(check).getByRole('button', { name: 'Submit answers' }));
  await waitFor(() => expect(submissions).toHaveLength(1));
  expect(submissions[0].body).toEqual({ attemptId: kept.attemptId, classId: 'c1', answers: { q1: ['a'], q3: 46 } });

  // Recorded: a reload shows the outcome, and a new attempt starts empty.
  expect(await within(check).findByText('Score: 1 / 4 (25%) — Not passed')).toBeInTheDocument();
  expect(window.sessionStorage.length).toBe(0);
});

it('a passing attempt that finishes the module shows "You finished" in the bell at once', async () => {
  const user = userEvent.setup();
  let finished = false;
  answer('getNotifications', () => ({
    unread: finished ? 1 : 0,
    items: finished ? [{ id: 'n1', kind: 'finished' as const, at: new Date().toISOString(), classId: 'c1', className: 'Year 9 Science', moduleId: 'm1', moduleTitle: 'Cells' }] : [],
  }));
  answerCheck(studentCheck, ({ attemptId }) => {
    finished = true;
    return { ...failedAttempt, attemptId, percent: 100, passed: true };
  });
  renderPage(
    <>
      <NotificationBell />
      <ReaderPage />
    </>,
    { path: '/student/class/:classId/module/:moduleId/section/:sectionId', url: '/student/class/c1/module/m1/section/s1', user: STUDENT },
  );
  await screen.findByRole('button', { name: /^Notifications/ });
  const check = await screen.findByRole('region', { name: 'Check your understanding' });
  await user.click(await within(check).findByRole('radio', { name: 'Mitochondrion' }));
  await user.click(within(check).getByRole('button', { name: 'Submit answers' }));
  expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
});

it('refuses a number that is not one before sending anything', async () => {
  const user = userEvent.setup();
  const { submissions } = answerCheck(studentCheck, () => failedAttempt);
  openAsStudent();
  const check = await screen.findByRole('region', { name: 'Check your understanding' });
  await user.type(await within(check).findByLabelText('Your answer to question 3'), 'forty');
  await user.click(within(check).getByRole('button', { name: 'Submit answers' }));
  expect(within(check).getByLabelText('Your answer to question 3')).toHaveAccessibleDescription('Enter a number, such as 12 or 3.5.');
  expect(submissions).toHaveLength(0);
});

it('says when every attempt is used, and shows the refusal the server gives', async () => {
  consoleErrors.expect(/Submitting the attempt failed/);
  const user = userEvent.setup();
  const used = { ...failedAttempt, attemptId: 'a1' };
  answerCheck({ ...studentCheck, maxAttempts: 1, attempts: [used] }, () => failedAttempt);
  const { unmount } = openAsStudent();
  const check = await screen.findByRole('region', { name: 'Check your understanding' });
  expect(await within(check).findByText('You have used all 1 attempt at this check. Ask your teacher if you need another.')).toBeInTheDocument();
  expect(within(check).queryByRole('button', { name: 'Submit answers' })).not.toBeInTheDocument();
  expect(within(check).getByText('Score: 1 / 4 (25%) — Not passed')).toBeInTheDocument();
  unmount();

  // The teacher lowered the limit meanwhile: the server's 409 is shown as it is.
  answerCheck(studentCheck, () => new HttpError(409, 'You have used all 1 attempt at this check.'));
  openAsStudent();
  const again = await screen.findByRole('region', { name: 'Check your understanding' });
  await user.click(await within(again).findByRole('radio', { name: 'Nucleus' }));
  await user.click(within(again).getByRole('button', { name: 'Submit answers' }));
  expect(await within(again).findByText('You have used all 1 attempt at this check.')).toBeInTheDocument();
});

it('keeps Mark as Complete for a section without a check', async () => {
  const { reads, submissions } = answerCheck(studentCheck, () => failedAttempt);
  renderPage(<ReaderPage />, {
    path: '/student/class/:classId/module/:moduleId/section/:sectionId',
    url: '/student/class/c1/module/m1/section/s2',
    user: STUDENT,
  });
  expect(await screen.findByRole('button', { name: 'Mark as Complete' })).toBeInTheDocument();
  expect(screen.queryByRole('region', { name: 'Check your understanding' })).not.toBeInTheDocument();
  expect([reads, submissions]).toEqual([[], []]);
});

it('offers no check in a section locked on the student’s path, and does not ask for it', async () => {
  const { reads } = answerCheck(studentCheck, () => failedAttempt);
  answer(
    'getModule',
    moduleFixture({
      sections: [{ ...section('s1', 1), state: 'locked', reason: 'Complete “Section 0” to open this.', downloadUrl: undefined }, section('s2', 2)],
      checks: [{ sectionId: 's1', version: 1, passMark: 70, maxAttempts: 3, questionCount: 3 }],
    }),
  );
  openAsStudent();
  expect(await screen.findByText('Complete “Section 0” to open this.')).toBeInTheDocument();
  expect(screen.queryByRole('region', { name: 'Check your understanding' })).not.toBeInTheDocument();
  expect(screen.queryByText(/Pass the check below/)).not.toBeInTheDocument();
  expect(reads).toHaveLength(0);
});

it('does not ask for the check of a section the teacher excused the student from', async () => {
  const { reads } = answerCheck(studentCheck, () => failedAttempt);
  answer(
    'getModule',
    moduleFixture({
      sections: [{ ...section('s1', 1), state: 'excused', reason: 'Your teacher excused you from this: Ill that week.' }, section('s2', 2)],
      checks: [{ sectionId: 's1', version: 1, passMark: 70, maxAttempts: 3, questionCount: 3 }],
    }),
  );
  openAsStudent();
  expect(await screen.findByText('Excused: this check is not needed.')).toBeInTheDocument();
  expect(screen.getByText('Your teacher excused you from this: Ill that week.')).toBeInTheDocument();
  expect(screen.queryByRole('region', { name: 'Check your understanding' })).not.toBeInTheDocument();
  expect(screen.queryByText(/Pass the check below/)).not.toBeInTheDocument();
  expect(reads).toHaveLength(0);
});

it('shows why the server refuses an attempt on a section that locked meanwhile', async () => {
  consoleErrors.expect(/Submitting the attempt failed/);
  const user = userEvent.setup();
  answerCheck(studentCheck, () => new HttpError(409, 'Pass the check in “Cells” to open this.'));
  openAsStudent();
  const check = await screen.findByRole('region', { name: 'Check your understanding' });
  await user.click(await within(check).findByRole('radio', { name: 'Nucleus' }));
  await user.click(within(check).getByRole('button', { name: 'Submit answers' }));
  expect(await within(check).findByRole('alert')).toHaveTextContent('Pass the check in “Cells” to open this.');
});
