/**
 * @jest-environment jest-fixed-jsdom
 * @jest-environment-options {"customExportConditions": ["node", "require", "default"]}
 */
// Drafting a check's questions from the section's file in the module's edit screen: drafts join the form marked Draft
// with their source passage (slide or page) and which drafter wrote them; the teacher accepts, edits or discards each;
// nothing is sent until the check is saved, and then only as ordinary questions.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TeacherCheck, DraftedQuestion } from '@shared/contract/checks';
import { answer, HttpError, withFakeApi } from '../../testing/api-server';
import { captureConsoleErrors } from '../../testing/console-errors';
import { moduleFixture } from '../../testing/fixtures';
import { renderPage } from '../../testing/test-utils';
import EditModulePage from '../modules/edit-module-page';

withFakeApi();
const consoleErrors = captureConsoleErrors();

const stored = moduleFixture({
  sections: [
    { _id: 's1', title: 'Worksheet', order: 1, role: 'core', contentType: 'WORD', contentUrl: 'protected/t/1-worksheet.docx', originalFileName: 'worksheet.docx' },
    { _id: 's2', title: 'Slides', order: 2, role: 'core', contentType: 'PPT', contentUrl: 'protected/t/2-slides.pptx', originalFileName: 'slides.pptx' },
  ],
  checks: [],
});

const passage = (n: number) => `Sentence ${n} of the worksheet names the nucleus.`;
const drafted = (n: number): DraftedQuestion =>
  n % 2 === 0
    ? { id: `draft-${n}`, kind: 'truefalse', prompt: `True or false? ${passage(n)}`, points: 1, answer: true, source: { page: 1, passage: passage(n) } }
    : { id: `draft-${n}`, kind: 'text', prompt: `Fill in the blank: Sentence ${n} of the worksheet names the _____.`, points: 1, answer: ['nucleus'], source: { page: 1, passage: passage(n) } };

const renderEdit = () => renderPage(<EditModulePage />, { path: '/teacher-modules/:moduleId/edit', url: '/teacher-modules/m1/edit' });

beforeEach(() => {
  answer('getModule', stored);
  answer('listModules', [stored]);
  // The edit screen checks the path (class prerequisites) as it loads.
  answer('checkPath', { problems: [] });
  answer('getCheck', new HttpError(404, 'This section has no check.'));
});

it('drafts 8 questions, the teacher edits two, discards one, accepts the rest, and saves 7 ordinary questions', async () => {
  const user = userEvent.setup();
  const requests = answer('draftQuestions', ({ body }) => ({
    drafter: 'local',
    // The fourth from a page the file prints as 12 (after an unnumbered title page and contents).
    questions: Array.from({ length: body.count }, (_, index) => (index === 3 ? { ...drafted(4), source: { page: 14, printedPage: 12, passage: passage(4) } } : drafted(index + 1))),
  }));
  const settled = answer('settleDrafts', ({ body }) => ({ settled: body.passages.length }));
  const saves = answer('putCheck', ({ body }) => ({ ...body, moduleId: 'm1', sectionId: 's1', version: 1, attemptCount: 0, updatedAt: '2026-01-02T00:00:00.000Z', bands: [] }) as TeacherCheck);
  renderEdit();

  await user.click(await screen.findByRole('button', { name: 'Add check to section Worksheet' }));
  const editor = await screen.findByRole('region', { name: 'Check: Worksheet' });
  const panel = await within(editor).findByRole('group', { name: 'Draft questions from this file' });
  expect(within(panel).getByLabelText('How many (3–15)')).toHaveValue(8);
  // What drafts the questions, before the teacher asks: the built-in drafter, or Bedrock where the school turned it on.
  expect(panel.textContent).toMatch(/by the built-in drafter \(it runs with this app and uses no AI model\), or by Amazon Bedrock’s AI model where your school has turned it on/);
  await user.click(within(panel).getByRole('checkbox', { name: 'Single choice' }));
  await user.click(within(panel).getByRole('button', { name: 'Draft questions' }));

  await waitFor(() => expect(requests).toHaveLength(1));
  expect(requests[0]!.params).toEqual({ id: 'm1', sectionId: 's1' });
  expect(requests[0]!.body).toEqual({ count: 8, kinds: ['truefalse', 'text'] });
  expect(await within(panel).findByText(/8 drafts added below\. Drafted by the built-in drafter \(key terms from the file’s own sentences, no AI model\)\./)).toBeInTheDocument();
  // The blank first question made way for the drafts: each is marked Draft, with its page and passage.
  expect(within(editor).getAllByText('Draft')).toHaveLength(8);
  const first = within(editor).getByRole('group', { name: 'Question 1 Draft' });
  expect(within(first).getByText((_, element) => element?.tagName === 'P' && element.textContent === 'From page 1 of the file. Drafted by the built-in drafter (key terms from the file’s own sentences, no AI model).')).toBeInTheDocument();
  // "From page N" opens the reader at that page, in a new tab so the check being edited stays as it is.
  expect(within(first).getByRole('link', { name: 'page 1 of the file' })).toHaveAttribute('href', '/teacher-modules/m1/section/s1?page=1');
  expect(within(first).getByRole('link', { name: 'page 1 of the file' })).toHaveAttribute('target', '_blank');
  const fourth = within(editor).getByRole('group', { name: 'Question 4 Draft' });
  expect(within(fourth).getByText((_, element) => element?.tagName === 'P' && element.textContent!.startsWith('From page 14 of the file (printed page 12).'))).toBeInTheDocument();
  expect(within(fourth).getByRole('link', { name: 'page 14 of the file' })).toHaveAttribute('href', '/teacher-modules/m1/section/s1?page=14');
  expect(within(first).getByText(passage(1))).toBeInTheDocument();
  await waitFor(() => expect(within(editor).getByRole('button', { name: 'Accept draft question 1' })).toHaveFocus());

  // Saving waits until every draft is accepted or discarded.
  await user.click(within(editor).getByRole('button', { name: 'Add check' }));
  expect(await within(editor).findByText('Accept or discard each draft question before saving the check.')).toBeInTheDocument();
  expect(saves).toHaveLength(0);

  await user.clear(within(editor).getByLabelText('Question 1 prompt'));
  await user.type(within(editor).getByLabelText('Question 1 prompt'), 'Which part holds the DNA?');
  await user.click(within(within(editor).getByRole('group', { name: 'Question 2 Draft' })).getByRole('radio', { name: 'False' }));
  await user.click(within(editor).getByRole('button', { name: 'Discard draft question 3' }));
  // The discarded draft is settled at once: drafting again does not offer it.
  await waitFor(() => expect(settled).toHaveLength(1));
  expect(settled[0]!.body).toEqual({ passages: [passage(3)] });
  expect(settled[0]!.params).toEqual({ id: 'm1', sectionId: 's1' });
  expect(within(editor).getAllByText('Draft')).toHaveLength(7);
  for (let number = 1; number <= 7; number += 1) await user.click(within(editor).getByRole('button', { name: `Accept draft question ${number}` }));
  expect(within(editor).queryByText('Draft')).not.toBeInTheDocument();

  await user.click(within(editor).getByRole('button', { name: 'Add check' }));
  await waitFor(() => expect(saves).toHaveLength(1));
  // Once saved, the accepted drafts are settled too (edited or not).
  await waitFor(() => expect(settled).toHaveLength(2));
  expect(settled[1]!.body).toEqual({ passages: [1, 2, 4, 5, 6, 7, 8].map(passage) });
  const { questions } = saves[0]!.body;
  expect(questions).toHaveLength(7);
  expect(questions[0]).toMatchObject({ kind: 'text', prompt: 'Which part holds the DNA?', answer: ['nucleus'] });
  expect(questions[1]).toMatchObject({ kind: 'truefalse', prompt: `True or false? ${passage(2)}`, answer: false });
  expect(questions.map((question) => question.prompt)).not.toContainEqual(expect.stringContaining('Sentence 3 '));
  // Only the checks' own fields: the source passage stays in the editor.
  expect(JSON.stringify(questions)).not.toContain('source');
}, 30_000);

it("names slides for a presentation's drafts and Bedrock as the drafter", async () => {
  const user = userEvent.setup();
  const requests = answer('draftQuestions', { drafter: 'bedrock', questions: [{ ...drafted(1), source: { page: 3, passage: passage(1) } }, drafted(2), drafted(4)] });
  renderEdit();
  await user.click(await screen.findByRole('button', { name: 'Add check to section Slides' }));
  const editor = await screen.findByRole('region', { name: 'Check: Slides' });
  await user.clear(await within(editor).findByLabelText('How many (3–15)'));
  await user.type(within(editor).getByLabelText('How many (3–15)'), '5');
  // Only slides 2 to 3, after a wrong range is caught before asking.
  await user.type(within(editor).getByLabelText('From slide (optional)'), '3');
  await user.type(within(editor).getByLabelText('To slide (optional)'), '2');
  await user.click(within(editor).getByRole('button', { name: 'Draft questions' }));
  expect(await within(editor).findByText('The first page must not come after the last.')).toBeInTheDocument();
  await user.clear(within(editor).getByLabelText('From slide (optional)'));
  await user.type(within(editor).getByLabelText('From slide (optional)'), '2');
  await user.clear(within(editor).getByLabelText('To slide (optional)'));
  await user.type(within(editor).getByLabelText('To slide (optional)'), '3');
  await user.click(within(editor).getByRole('button', { name: 'Draft questions' }));
  expect(await within(editor).findByText(/3 drafts added below \(the file gave 3 questions, fewer than asked\)\. Drafted by Amazon Bedrock \(an AI model\)\./)).toBeInTheDocument();
  expect(within(editor).getByText((_, element) => element?.tagName === 'P' && element.textContent === 'From slide 3 of the file. Drafted by Amazon Bedrock (an AI model).')).toBeInTheDocument();
  expect(requests.map((request) => request.body)).toEqual([{ count: 5, kinds: ['single', 'truefalse', 'text'], pages: { from: 2, to: 3 } }]);
});

it('checks the count and kinds with the shared schema before asking, and shows why the server could not draft', async () => {
  consoleErrors.expect(/Drafting questions failed/);
  const user = userEvent.setup();
  const requests = answer('draftQuestions', new HttpError(409, "This file's text is still being read; try again in a minute."));
  renderEdit();
  await user.click(await screen.findByRole('button', { name: 'Add check to section Worksheet' }));
  const editor = await screen.findByRole('region', { name: 'Check: Worksheet' });
  const count = await within(editor).findByLabelText('How many (3–15)');
  await user.clear(count);
  await user.type(count, '20');
  for (const kind of ['Single choice', 'True / false', 'Short text']) await user.click(within(editor).getByRole('checkbox', { name: kind }));
  await user.click(within(editor).getByRole('button', { name: 'Draft questions' }));
  expect(count).toHaveAccessibleDescription(expect.stringContaining('count must be a whole number from 3 to 15.'));
  expect(within(editor).getByText('Choose at least one kind of question.')).toBeInTheDocument();
  expect(requests).toHaveLength(0);

  await user.clear(count);
  await user.type(count, '3');
  await user.click(within(editor).getByRole('checkbox', { name: 'Short text' }));
  await user.click(within(editor).getByRole('button', { name: 'Draft questions' }));
  expect(await within(editor).findByText("Could not draft questions. This file's text is still being read; try again in a minute.")).toBeInTheDocument();
  // The form is as it was: one blank question, no draft.
  expect(within(editor).queryByText('Draft')).not.toBeInTheDocument();
  expect(within(editor).getByLabelText('Question 1 prompt')).toHaveValue('');
});
