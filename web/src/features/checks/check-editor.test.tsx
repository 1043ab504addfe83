/**
 * @jest-environment jest-fixed-jsdom
 * @jest-environment-options {"customExportConditions": ["node", "require", "default"]}
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TeacherCheck } from '@shared/contract/checks';
import type { RequestOf } from '@shared/contract';
import { answer, HttpError, withFakeApi } from '../../testing/api-server';
import { moduleFixture } from '../../testing/fixtures';
import { captureConsoleErrors } from '../../testing/console-errors';
import { renderPage } from '../../testing/test-utils';
import EditModulePage from '../modules/edit-module-page';

withFakeApi();

const stored = moduleFixture({
  sections: [
    { _id: 's1', title: 'Intro', order: 1, role: 'core', contentType: 'PDF', contentUrl: 'protected/t/1-intro.pdf', originalFileName: 'intro.pdf' },
    { _id: 's2', title: 'Practice', order: 2, role: 'core', contentType: 'WORD', contentUrl: 'protected/t/2-practice.docx', originalFileName: 'practice.docx' },
  ],
  checks: [{ sectionId: 's2', version: 2, passMark: 70, maxAttempts: null, questionCount: 1 }],
});

const savedCheck: TeacherCheck = {
  moduleId: 'm1',
  sectionId: 's2',
  version: 2,
  attemptCount: 4,
  updatedAt: '2026-01-02T00:00:00.000Z',
  passMark: 70,
  maxAttempts: null,
  showCorrectness: false,
  showAnswers: false,
  bands: [],
  questions: [{ id: 'q1', kind: 'truefalse', prompt: 'Water boils at 100 °C at sea level.', points: 1, answer: true }],
};

/** Answers the checks routes the editor calls: s1 has no check yet, s2 has `savedCheck`; returns the saves received. */
function answerChecks(put: (body: RequestOf<'putCheck'>) => TeacherCheck | HttpError = () => savedCheck) {
  answer('getCheck', ({ params }) => (params.sectionId === 's2' ? savedCheck : new HttpError(404, 'This section has no check.')));
  return answer('putCheck', ({ body }) => put(body));
}

const renderEdit = () => renderPage(<EditModulePage />, { path: '/teacher-modules/:moduleId/edit', url: '/teacher-modules/m1/edit' });

const consoleErrors = captureConsoleErrors();

beforeEach(() => {
  answer('getModule', stored);
  answer('listModules', [stored]);
  // The edit screen checks the path (class prerequisites) as it loads.
  answer('checkPath', { problems: [] });
});

it('adds a check to a section: the limits are stated, the shared schema refuses an empty prompt before anything is sent, then it saves', async () => {
  const user = userEvent.setup();
  const saves = answerChecks((body) => ({ ...savedCheck, sectionId: 's1', version: 1, attemptCount: 0, ...body } as TeacherCheck));
  renderEdit();

  await user.click(await screen.findByRole('button', { name: 'Add check to section Intro' }));
  const editor = await screen.findByRole('region', { name: 'Check: Intro' });
  expect(within(editor).getByText(/Up to 50 questions, 8 options per question and 1,000 characters per prompt\./)).toBeInTheDocument();
  expect(await within(editor).findByLabelText('Pass mark (%)')).toHaveValue(70);
  expect(within(editor).getByLabelText('Attempts allowed')).toHaveValue('');
  // A new check shows students only their score until the teacher chooses more.
  const shows = within(editor).getByRole('group', { name: 'After each attempt, show students' });
  expect(within(shows).getByRole('checkbox', { name: 'Which questions they got right' })).not.toBeChecked();
  expect(within(shows).getByRole('checkbox', { name: 'The correct answers and your explanations' })).not.toBeChecked();
  expect(within(shows).getByText('Students see only their score.')).toBeInTheDocument();

  await user.click(within(editor).getByRole('button', { name: 'Add check' }));
  const prompt = within(editor).getByLabelText('Question 1 prompt');
  expect(prompt).toHaveAccessibleDescription(expect.stringContaining('Prompt is required.'));
  expect(within(editor).getByLabelText('Option 1')).toHaveAccessibleDescription(expect.stringContaining('Option text is required.'));
  expect(within(editor).getByText('A single-choice question has exactly one correct option.')).toBeInTheDocument();
  expect(saves).toHaveLength(0);

  await user.type(prompt, 'Energy?');
  await user.type(within(editor).getByLabelText('Option 1'), 'Nuc');
  await user.type(within(editor).getByLabelText('Option 2'), 'Mito');
  await user.click(within(editor).getByRole('radio', { name: 'Option 2 is correct' }));
  await user.type(within(editor).getByLabelText('Explanation (optional, shown with the correct answers)'), 'ATP.');
  await user.selectOptions(within(editor).getByLabelText('Attempts allowed'), '3');
  await user.click(within(shows).getByRole('checkbox', { name: 'Which questions they got right' }));
  expect(within(shows).queryByText('Students see only their score.')).not.toBeInTheDocument();
  await user.click(within(editor).getByRole('button', { name: 'Add check' }));

  await waitFor(() => expect(saves).toHaveLength(1));
  const [{ params, body }] = saves;
  expect(params).toEqual({ id: 'm1', sectionId: 's1' });
  const question = body.questions[0] as { options: { id: string; text: string }[]; answer: string[] };
  expect(body).toMatchObject({ passMark: 70, maxAttempts: 3, showCorrectness: true, showAnswers: false, questions: [{ kind: 'single', prompt: 'Energy?', points: 1, explanation: 'ATP.' }] });
  expect(question.answer).toEqual([question.options[1]!.id]);
  expect(await screen.findByText('Check saved.')).toBeInTheDocument();
}, 20_000);

it('keeps focus on a moved question and tells how many attempts a new version leaves behind', async () => {
  const user = userEvent.setup();
  answerChecks();
  renderEdit();

  await user.click(await screen.findByRole('button', { name: 'Check (1 question) of section Practice' }));
  const editor = await screen.findByRole('region', { name: 'Check: Practice' });
  expect(within(editor).getByText(/Students have made 4 attempts at this check\. Saving makes a new version/)).toBeInTheDocument();
  expect(within(editor).getByLabelText('Question 1 prompt')).toHaveValue('Water boils at 100 °C at sea level.');

  await user.click(within(editor).getByRole('button', { name: 'Add question' }));
  await user.type(within(editor).getByLabelText('Question 2 prompt'), 'Second');
  await user.click(within(editor).getByRole('button', { name: 'Move question 2 up' }));

  expect(within(editor).getByLabelText('Question 1 prompt')).toHaveValue('Second');
  // At the top its Up button is disabled: focus stays on the same question, on its Down button.
  await waitFor(() => expect(within(editor).getByRole('button', { name: 'Move question 1 down' })).toHaveFocus());
  expect(screen.getByText('Moved question 2 to position 1 of 2.')).toBeInTheDocument();
});

it('starts again from what was saved when a save keeps the version', async () => {
  const user = userEvent.setup();
  answerChecks((body) => ({ ...savedCheck, attemptCount: 0, updatedAt: '2026-01-03T00:00:00.000Z', ...body } as TeacherCheck));
  renderEdit();
  await user.click(await screen.findByRole('button', { name: /Check \(1 question\) of section Practice/ }));
  const editor = await screen.findByRole('region', { name: 'Check: Practice' });
  await user.type(await within(editor).findByLabelText('Question 1 prompt'), '!');
  await user.click(within(editor).getByRole('button', { name: 'Save check' }));

  expect(await within(editor).findByText('Check saved.')).toBeInTheDocument();
  expect(within(editor).getByLabelText('Question 1 prompt')).toHaveValue('Water boils at 100 °C at sea level.!');
  // Nothing unsaved: Close closes without asking.
  await user.click(within(editor).getByRole('button', { name: 'Close' }));
  expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  expect(screen.queryByRole('region', { name: 'Check: Practice' })).not.toBeInTheDocument();
});

it("shows the API's field messages under the fields they name", async () => {
  consoleErrors.expect(/Saving the check failed/);
  const user = userEvent.setup();
  answerChecks(() => new HttpError(400, 'Invalid check.', { fields: { 'questions.0.prompt': 'Prompt contains a character that is not valid text.' } }));
  renderEdit();
  await user.click(await screen.findByRole('button', { name: /Check \(1 question\) of section Practice/ }));
  const editor = await screen.findByRole('region', { name: 'Check: Practice' });
  await user.click(within(editor).getByRole('button', { name: 'Save check' }));

  expect(await within(editor).findByText('Prompt contains a character that is not valid text.')).toBeInTheDocument();
  expect(within(editor).getByLabelText('Question 1 prompt')).toHaveAttribute('aria-invalid', 'true');
  expect(within(editor).getByText('Please correct the marked fields, then save again.')).toBeInTheDocument();
});

it('says a removed section takes its check and its attempts along, with counts, before removing it', async () => {
  const user = userEvent.setup();
  answerChecks();
  renderEdit();

  await user.click(await screen.findByRole('button', { name: 'Remove section Practice' }));
  const dialog = await screen.findByRole('alertdialog');
  expect(await within(dialog).findByText('Remove "Practice"? Its check (1 question) and 4 student attempts will be deleted when you save the module.')).toBeInTheDocument();
  await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  expect(screen.getByLabelText('Section 2 title')).toHaveValue('Practice');

  await user.click(screen.getByRole('button', { name: 'Remove section Practice' }));
  await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Remove section and check' }));
  expect(screen.queryByLabelText('Section 2 title')).not.toBeInTheDocument();

  // A section without a check goes without asking.
  await user.click(screen.getByRole('button', { name: 'Remove section Intro' }));
  expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  expect(screen.queryByLabelText('Section 1 title')).not.toBeInTheDocument();
});

describe('mastery rules', () => {
  const withPath = moduleFixture({
    sections: [
      ...stored.sections,
      { _id: 's3', title: 'Cells again', order: 3, role: 'review', contentType: 'PDF', contentUrl: 'protected/t/3.pdf', originalFileName: 'again.pdf' },
      { _id: 's4', title: 'Going further', order: 4, role: 'optional', contentType: 'PDF', contentUrl: 'protected/t/4.pdf', originalFileName: 'further.pdf' },
    ],
    checks: stored.checks,
  });
  let previews: ReturnType<typeof answer<'previewPathChanges'>>;
  beforeEach(() => {
    answer('getModule', withPath);
    previews = answer('previewPathChanges', { students: 5, changed: 2 });
  });

  async function openPracticeCheck(user: ReturnType<typeof userEvent.setup>) {
    await user.click(await screen.findByRole('button', { name: 'Check (1 question) of section Practice' }));
    const editor = within(await screen.findByRole('region', { name: 'Check: Practice' }));
    return { editor, bands: within(await editor.findByRole('group', { name: 'Mastery rules (optional)' })) };
  }

  it('sends the bands with the sections they open and skip, each described in a sentence', async () => {
    const user = userEvent.setup();
    const saves = answerChecks((body) => ({ ...savedCheck, ...body } as TeacherCheck));
    renderEdit();
    const { editor, bands } = await openPracticeCheck(user);

    await user.click(bands.getByRole('button', { name: 'Add band' }));
    const firstTo = bands.getByLabelText('Band 1 to (%)');
    await user.clear(firstTo);
    await user.type(firstTo, '50');
    await user.click(within(bands.getByRole('group', { name: 'Band 1' })).getByRole('checkbox', { name: 'Review: Cells again' }));
    await user.click(bands.getByRole('button', { name: 'Add band' }));
    expect(bands.getByLabelText('Band 2 from (%)')).toHaveValue(50);
    await user.click(within(bands.getByRole('group', { name: 'Band 2' })).getByRole('checkbox', { name: 'Going further' }));

    expect(bands.getByText('Scores 0–49 %: opens Review: Cells again.')).toBeInTheDocument();
    expect(bands.getByText('Scores 50–100 %: skips Going further.')).toBeInTheDocument();

    await user.click(editor.getByRole('button', { name: 'Save check' }));
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0].body.bands).toEqual([
      { min: 0, max: 50, release: ['s3'] },
      { min: 50, max: 100, release: [], skip: ['s4'] },
    ]);
  });

  it('says before saving how many students\' paths the new bands change, asking only once they differ from the saved ones and are valid', async () => {
    const user = userEvent.setup();
    answerChecks();
    renderEdit();
    const { editor, bands } = await openPracticeCheck(user);
    expect(previews).toHaveLength(0);

    await user.click(bands.getByRole('button', { name: 'Add band' }));
    await user.click(within(bands.getByRole('group', { name: 'Band 1' })).getByRole('checkbox', { name: 'Review: Cells again' }));
    expect(await editor.findByText('Saving changes the path of 2 students of 5. Completed work stays complete.')).toBeInTheDocument();
    expect(previews.at(-1)!.body).toEqual({ check: { sectionId: 's2', bands: [{ min: 0, max: 100, release: ['s3'] }] } });

    // A band that no longer reaches 100 % would not be saved: nothing is asked for it and the count goes.
    const asked = previews.length;
    await user.clear(bands.getByLabelText('Band 1 to (%)'));
    await user.type(bands.getByLabelText('Band 1 to (%)'), '50');
    expect(editor.queryByText(/Saving changes the path/)).not.toBeInTheDocument();
    expect(previews).toHaveLength(asked);
  });

  it('shows a gap between bands on the field that makes it, sending nothing', async () => {
    const user = userEvent.setup();
    const saves = answerChecks();
    renderEdit();
    const { editor, bands } = await openPracticeCheck(user);

    await user.click(bands.getByRole('button', { name: 'Add band' }));
    await user.clear(bands.getByLabelText('Band 1 to (%)'));
    await user.type(bands.getByLabelText('Band 1 to (%)'), '50');
    await user.click(bands.getByRole('button', { name: 'Add band' }));
    const secondFrom = bands.getByLabelText('Band 2 from (%)');
    await user.clear(secondFrom);
    await user.type(secondFrom, '60');
    await user.click(editor.getByRole('button', { name: 'Save check' }));

    expect(secondFrom).toHaveAttribute('aria-invalid', 'true');
    expect(secondFrom).toHaveAccessibleDescription(expect.stringContaining('Band 2 must start at 50 %, where band 1 ends'));
    expect(editor.getByText('Please correct the marked fields, then save again.')).toBeInTheDocument();
    expect(saves).toHaveLength(0);
  });
});

describe('after a section changed role', () => {
  const bands = [
    { min: 0, max: 50, release: ['s3'] },
    { min: 50, max: 100, release: [], skip: ['s4'] },
  ];
  const withBands = (role: 'optional' | 'core') =>
    moduleFixture({
      sections: [
        ...stored.sections,
        { _id: 's3', title: 'Cells again', order: 3, role: 'review', contentType: 'PDF', contentUrl: 'protected/t/3.pdf', originalFileName: 'again.pdf' },
        { _id: 's4', title: 'Photosynthesis slides', order: 4, role, contentType: 'PDF', contentUrl: 'protected/t/4.pdf', originalFileName: 'slides.pdf' },
      ],
      checks: [{ ...stored.checks![0]!, bands }],
    });

  beforeEach(() => answer('previewPathChanges', { students: 0, changed: 0 }));

  it('the module save says which band lets go of the section before saving', async () => {
    const user = userEvent.setup();
    answer('getModule', withBands('optional'));
    renderEdit();
    await user.selectOptions(await screen.findByLabelText('Section 4 role'), 'core');
    expect(await screen.findByText('Saving also changes the check in “Practice”: band 2 no longer skips “Photosynthesis slides”.')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Section 4 role'), 'optional');
    expect(screen.queryByText(/Saving also changes the check/)).not.toBeInTheDocument();
  });

  it('a band still naming a section it may no longer skip shows it ticked, says why, marks it on save and saves once unticked', async () => {
    const user = userEvent.setup();
    answer('getModule', withBands('core'));
    const saves = answerChecks((body) => ({ ...savedCheck, ...body, updatedAt: '2026-01-03T00:00:00.000Z' } as TeacherCheck));
    answer('getCheck', { ...savedCheck, bands });
    renderEdit();
    await user.click(await screen.findByRole('button', { name: 'Check (1 question) of section Practice' }));
    const editor = within(await screen.findByRole('region', { name: 'Check: Practice' }));
    const band = within(await editor.findByRole('group', { name: 'Band 2' }));
    const stale = band.getByRole('checkbox', { name: 'Photosynthesis slides (now Core)' });
    expect(stale).toBeChecked();
    // The summary names only what the band does.
    expect(band.getByText('Scores 50–100 %: opens nothing extra.')).toBeInTheDocument();

    await user.click(editor.getByRole('button', { name: 'Save check' }));
    expect(stale).toHaveAttribute('aria-invalid', 'true');
    expect(band.getByText('Band 2 can only skip optional sections after this check.')).toBeInTheDocument();
    expect(saves).toHaveLength(0);

    await user.click(stale);
    await user.click(editor.getByRole('button', { name: 'Save check' }));
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0].body.bands).toEqual([bands[0], { min: 50, max: 100, release: [] }]);
  });

  it('a refusal whose field is not on screen is said in full, never "the marked fields" with nothing marked', async () => {
    const user = userEvent.setup();
    answer('getModule', withBands('optional'));
    consoleErrors.expect(/Saving the check failed/);
    answerChecks(() => new HttpError(400, 'Invalid request.', { fields: { revealAnswers: 'The server says this answer is wrong somehow.' } }));
    renderEdit();
    await user.click(await screen.findByRole('button', { name: 'Check (1 question) of section Practice' }));
    const editor = within(await screen.findByRole('region', { name: 'Check: Practice' }));
    await user.click(await editor.findByRole('button', { name: 'Save check' }));
    expect(await editor.findByText('The server says this answer is wrong somehow.')).toBeInTheDocument();
    expect(editor.queryByText('Please correct the marked fields, then save again.')).not.toBeInTheDocument();
  });
});

describe('Save All Changes with the check open', () => {
  beforeEach(() => answer('updateModule', stored));

  it('saves the check\'s unsaved changes first, then the module', async () => {
    const user = userEvent.setup();
    const order: string[] = [];
    const saves = answerChecks((body) => {
      order.push('check');
      return { ...savedCheck, ...body, updatedAt: '2026-01-03T00:00:00.000Z' } as TeacherCheck;
    });
    const updates = answer('updateModule', () => {
      order.push('module');
      return stored;
    });
    renderEdit();
    await user.click(await screen.findByRole('button', { name: 'Check (1 question) of section Practice' }));
    const editor = within(await screen.findByRole('region', { name: 'Check: Practice' }));
    const passMark = await editor.findByLabelText('Pass mark (%)');
    await user.clear(passMark);
    await user.type(passMark, '65');
    await user.click(screen.getByRole('button', { name: 'Save All Changes' }));

    await waitFor(() => expect(updates).toHaveLength(1));
    expect(saves.map(({ body }) => body.passMark)).toEqual([65]);
    expect(order).toEqual(['check', 'module']);
  });

  it('saves nothing while the open check cannot be saved, and says where to look', async () => {
    const user = userEvent.setup();
    const saves = answerChecks();
    const updates = answer('updateModule', stored);
    renderEdit();
    await user.click(await screen.findByRole('button', { name: 'Check (1 question) of section Practice' }));
    const editor = within(await screen.findByRole('region', { name: 'Check: Practice' }));
    await user.clear(await editor.findByLabelText('Question 1 prompt'));
    await user.click(screen.getByRole('button', { name: 'Save All Changes' }));

    expect(await screen.findByText(/The check of "Practice" could not be saved; nothing was saved/)).toBeInTheDocument();
    expect(editor.getByLabelText('Question 1 prompt')).toHaveAttribute('aria-invalid', 'true');
    expect(saves).toHaveLength(0);
    expect(updates).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Save All Changes' })).toBeEnabled();
  });
});
