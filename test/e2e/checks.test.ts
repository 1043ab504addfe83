// Scored checks (issue 23) in a real browser: a teacher adds a 5-question check to a section in the module's edit
// screen; a student fails it (a double click on Submit records one attempt), reads the explanations, passes on the
// second attempt and the section counts as complete; the teacher sees the attempt history, the item analysis and a
// real Avg. Score. Every page is checked at 1280 and 375 px, and every answer the student's browser receives is
// inspected: none carries an answer key before the student submits. The tests run in order and share what they build.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page, Response } from 'playwright-core';
import { SEED_FILES_DIR } from '../integration/harness';
import { open, signInAs, waitForPath } from './support/app';
import { NARROW, SCREENSHOT_DIR, useBrowser, waitForLoaded, WIDE } from './support/browser';
import { givenTaughtModule, uniqueTag, type TaughtModule, type TestClass, type TestUser } from './support/stack';

const session = useBrowser();
jest.setTimeout(240_000);

const tag = uniqueTag();
const MODULE_TITLE = `Cells ${tag}`;
const SECTION = 'Cell parts';

let teacher: TestUser;
let student: TestUser;
let schoolClass: TestClass;
let moduleId: string;
let sectionId: string;

beforeAll(async () => {
  // A real PDF: the student reads it above the check.
  const bytes = new Uint8Array(readFileSync(path.join(SEED_FILES_DIR, 'cells-reading.pdf')));
  const pdf = (title: string) => ({ title, fileName: 'cells-reading.pdf', contentType: 'application/pdf', bytes });
  let sections: TaughtModule['sections'];
  ({ teacher, student, schoolClass, moduleId, sections } = await givenTaughtModule({
    className: `Year 7 Biology ${tag}`,
    moduleTitle: MODULE_TITLE,
    files: [pdf(SECTION), pdf('Cell division')],
    studentName: 'sam',
  }));
  sectionId = sections.find((section) => section.title === SECTION)!._id;
});

/** One question of the editor: its fieldset, named "Question n". */
const question = (page: Page, number: number) => page.getByRole('group', { name: `Question ${number}`, exact: true });

async function addQuestion(page: Page, number: number, kind: string, prompt: string) {
  if (number > 1) await page.getByRole('button', { name: 'Add question' }).click();
  const box = question(page, number);
  await box.getByLabel(`Question ${number} kind`).selectOption({ label: kind });
  await box.getByLabel(`Question ${number} prompt`).fill(prompt);
  return box;
}

it('a teacher adds a 5-question check to a section in the edit screen', async () => {
  const { page, checkPage } = session();
  await signInAs(page, teacher);
  await open(page, `/teacher-modules/${moduleId}/edit`);
  await page.getByRole('button', { name: `Add check to section ${SECTION}` }).click();
  const editor = page.getByRole('region', { name: `Check: ${SECTION}` });
  await editor.getByText('Up to 50 questions, 8 options per question and 1,000 characters per prompt.', { exact: false }).waitFor();

  // Saving an empty question is refused in the browser, where it was typed.
  await editor.getByRole('button', { name: 'Add check' }).click();
  await question(page, 1).getByText('Prompt is required.').waitFor();

  let box = await addQuestion(page, 1, 'Single choice', 'Which organelle releases energy from food?');
  await box.getByLabel('Option 1', { exact: true }).fill('Nucleus');
  await box.getByLabel('Option 2', { exact: true }).fill('Mitochondrion');
  await box.getByRole('button', { name: 'Add option' }).click();
  await box.getByLabel('Option 3', { exact: true }).fill('Ribosome');
  await box.getByRole('radio', { name: 'Option 2 is correct' }).check();
  await box.getByLabel('Explanation (optional, shown with the correct answers)').fill('Mitochondria carry out respiration.');

  box = await addQuestion(page, 2, 'Multiple choice', 'Which of these are found in plant cells?');
  await box.getByLabel('Option 1', { exact: true }).fill('Cell wall');
  await box.getByLabel('Option 2', { exact: true }).fill('Chloroplast');
  await box.getByRole('button', { name: 'Add option' }).click();
  await box.getByLabel('Option 3', { exact: true }).fill('Skeleton');
  await box.getByRole('checkbox', { name: 'Option 1 is correct' }).check();
  await box.getByRole('checkbox', { name: 'Option 2 is correct' }).check();

  box = await addQuestion(page, 3, 'True / false', 'Animal cells have a cell wall.');
  await box.getByRole('radio', { name: 'False' }).check();
  await box.getByLabel('Explanation (optional, shown with the correct answers)').fill('Only plant, fungal and bacterial cells have walls.');

  box = await addQuestion(page, 4, 'Short text', 'Which part of the cell holds its DNA?');
  await box.getByLabel('Accepted answers (one per line)').fill('nucleus\nthe nucleus');

  box = await addQuestion(page, 5, 'Number', 'How many chromosomes are in a human body cell?');
  await box.getByLabel('Correct value').fill('46');

  await editor.getByLabel('Which questions they got right').check();
  await editor.getByLabel('The correct answers and your explanations').check();
  await editor.getByRole('button', { name: 'Add check' }).click();
  await editor.getByText('Check saved.').waitFor();
  await page.getByRole('button', { name: `Check (5 questions) of section ${SECTION}` }).waitFor();
  await checkPage(page, 'checks-editor');
});

it('a student fails the check, reads the explanations and passes on the second attempt; no answer key reaches the browser before submitting', async () => {
  const { page, checkPage } = session();
  const received: { url: string; body: unknown; afterSubmit: boolean }[] = [];
  let submitted = false;
  const attemptIds = new Set<string>();
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/check/attempts')) {
      submitted = true;
      attemptIds.add((request.postDataJSON() as { attemptId: string }).attemptId);
    }
  });
  page.on('response', (response) => void keepApiAnswer(response, received, () => submitted));

  await signInAs(page, student);
  await open(page, `/student/class/${schoolClass.classId}/module/${moduleId}`);
  const item = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: `1. ${SECTION}` }) });
  await item.getByRole('link', { name: `Take the check: ${SECTION}` }).click();
  await waitForPath(page, `/student/class/${schoolClass.classId}/module/${moduleId}/section/${sectionId}`);

  const check = page.getByRole('region', { name: 'Check your understanding' });
  await check.getByText('Which organelle releases energy from food?').waitFor();
  await waitForLoaded(page);
  await page.getByText('Pass the check below (70%) to complete this section').waitFor();
  expect(await page.getByRole('button', { name: 'Mark as Complete' }).count()).toBe(0);
  await checkPage(page, 'checks-student-before');

  // First attempt: 1 wrong pick of 1, half of the plant cell parts, a wrong true/false, two right: 2.5 of 5.
  await check.getByRole('radio', { name: 'Nucleus' }).check();
  await check.getByRole('checkbox', { name: 'Cell wall' }).check();
  await check.getByRole('radio', { name: 'True' }).check();
  await check.getByLabel('Your answer to question 4').fill('  Nucléus ');
  await check.getByLabel('Your answer to question 5').fill('46');
  await check.getByRole('button', { name: 'Submit answers' }).dblclick();
  await check.getByText('Score: 2.5 / 5 (50%) — Not passed').waitFor();
  await check.getByText('Mitochondria carry out respiration.').waitFor();
  await check.getByText('Only plant, fungal and bacterial cells have walls.').waitFor();
  await check.getByText('Correct answer: Mitochondrion').waitFor();
  expect(attemptIds.size).toBe(1);
  await checkPage(page, 'checks-student-failed');

  // The answer stays after a reload and after Back and forward.
  await page.reload();
  await check.getByText('Score: 2.5 / 5 (50%) — Not passed').waitFor();
  await page.goBack();
  await page.getByRole('heading', { level: 1, name: MODULE_TITLE }).waitFor();
  await page.goForward();
  await check.getByText('Score: 2.5 / 5 (50%) — Not passed').waitFor();

  // Second attempt: all right.
  await check.getByRole('button', { name: 'Try again' }).click();
  await check.getByRole('radio', { name: 'Mitochondrion' }).check();
  await check.getByRole('checkbox', { name: 'Cell wall' }).check();
  await check.getByRole('checkbox', { name: 'Chloroplast' }).check();
  await check.getByRole('radio', { name: 'False' }).check();
  await check.getByLabel('Your answer to question 4').fill('nucleus');
  await check.getByLabel('Your answer to question 5').fill('46');
  await check.getByRole('button', { name: 'Submit answers' }).click();
  await check.getByText('Score: 5 / 5 (100%) — Passed').waitFor();
  await page.getByText('Completed: check passed').waitFor();
  expect(attemptIds.size).toBe(2);
  await checkPage(page, 'checks-student-passed');

  // The syllabus and the dashboard show the student's own score.
  await open(page, `/student/class/${schoolClass.classId}`);
  await page.getByText('Your score: 100% (1/1 check passed)').waitFor();
  await open(page, '/student-dashboard');
  await page.getByText('Average score 100% · 1/1 checks passed').waitFor();

  const reads = received.filter((answer) => /\/check(\?|$)/.test(answer.url));
  expect(reads.length).toBeGreaterThan(0);
  for (const read of reads) {
    for (const each of (read.body as { questions: object[] }).questions) expect(each).not.toHaveProperty('answer');
  }
  const beforeSubmitting = received.filter((answer) => !answer.afterSubmit);
  expect(beforeSubmitting.length).toBeGreaterThan(0);
  for (const answer of beforeSubmitting) expect(JSON.stringify(answer.body)).not.toMatch(/"answer"\s*:/);
});

it("the teacher sees a real Avg. Score, the Scores view, the student's attempt history and the item analysis", async () => {
  const { page, checkPage } = session();
  await signInAs(page, teacher);
  const score = page.locator('.stat-card').filter({ hasText: 'Avg. Score' });
  await score.getByText('100%').waitFor();
  await score.getByText("Mean of each student's best score on every check in your classes").waitFor();
  await checkPage(page, 'checks-teacher-dashboard');

  await open(page, `/analytics/${schoolClass.classId}`);
  await page.getByRole('button', { name: 'Scores', exact: true }).click();
  const table = page.getByRole('table', { name: /Progress of each student/ });
  await table.getByText('100% (1/1 check passed)').waitFor();
  await checkPage(page, 'checks-report-scores');

  await table.getByRole('columnheader').getByRole('button', { name: MODULE_TITLE }).click();
  const moduleDialog = page.getByRole('dialog', { name: `${MODULE_TITLE}: sections completed` });
  await moduleDialog.getByRole('table', { name: /best score and attempts/ }).getByText('100% (2 attempts, passed)').waitFor();
  await moduleDialog.getByRole('button', { name: `Item analysis: ${SECTION}` }).click();
  const analysis = moduleDialog.getByRole('region', { name: `Item analysis: ${SECTION}` });
  await analysis.getByText('2 attempts at version 1.').waitFor();
  const first = analysis.getByRole('listitem').filter({ hasText: 'Which organelle releases energy from food?' });
  await first.getByText('50% answered right').waitFor();
  await first.getByRole('listitem').filter({ hasText: 'Nucleus' }).getByText('Most-picked wrong answer').waitFor();
  const fourth = analysis.getByRole('listitem').filter({ hasText: 'Which part of the cell holds its DNA?' });
  await fourth.getByText('100% answered right').waitFor();
  await checkPage(page, 'checks-item-analysis');
  // The analysis scrolls inside the dialog: a look at it on a phone, as the person sees it.
  await page.setViewportSize(NARROW);
  await first.scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'checks-item-analysis-dialog-375.png') });
  await page.setViewportSize(WIDE);
  await moduleDialog.getByRole('button', { name: 'Close' }).click();

  await table.getByRole('rowheader', { name: new RegExp(student.email) }).getByRole('button').click();
  const studentDialog = page.getByRole('dialog', { name: new RegExp(`progress in ${schoolClass.className}`) });
  const attempts = studentDialog.getByRole('region', { name: /^Attempts of / });
  await attempts.getByText('100% · passed').waitFor();
  await attempts.getByText('50% · not passed').waitFor();
  expect(await attempts.getByRole('listitem').count()).toBe(2);
  await checkPage(page, 'checks-student-drill-down');
});

/** Keeps every JSON answer of the API the page receives, marked with whether the student had submitted by then. */
async function keepApiAnswer(response: Response, into: { url: string; body: unknown; afterSubmit: boolean }[], afterSubmit: () => boolean) {
  if (!response.url().includes('/api/') || !(response.headers()['content-type'] ?? '').includes('json')) return;
  const marked = afterSubmit();
  const body: unknown = await response.json().catch(() => undefined);
  if (body !== undefined) into.push({ url: response.url(), body, afterSubmit: marked });
}
