// Drafted questions (issue 25) in a real browser: a teacher drafts 8 questions from a Word worksheet (written by
// LibreOffice) in the check editor, each marked Draft with its source passage and the drafter named; edits two,
// discards one, accepts the rest and saves the check; a student of the class takes it. Checked at 1280 and 375 px.
// The worksheet's text is stored as the server's extraction stores it (the same extraction function, the same
// repository) before the teacher drafts, so the test does not wait for extraction to run.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { routes } from '../../shared/contract';
import { localTableContext } from '@local/table-stores';
import { extractText } from '../../functions/src/search/adapters/text-extraction';
import { makeSectionTextRepository } from '../../functions/src/search/adapters/section-text-repository';
import { open, signInAs, waitForPath } from './support/app';
import { useBrowser, waitForLoaded } from './support/browser';
import { apiAs, givenTaughtModule, stackConfig, uniqueTag, type TaughtModule, type TestClass, type TestUser } from './support/stack';

const session = useBrowser();
jest.setTimeout(240_000);

const tag = uniqueTag();
const MODULE_TITLE = `Water ${tag}`;
const SECTION = 'Worksheet';
const WORKSHEET = path.resolve(__dirname, '../../functions/test/fixtures/water-cycle-worksheet.docx');

let teacher: TestUser;
let student: TestUser;
let schoolClass: TestClass;
let moduleId: string;
let sectionId: string;

beforeAll(async () => {
  const bytes = new Uint8Array(readFileSync(WORKSHEET));
  const docx = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
  let sections: TaughtModule['sections'];
  ({ teacher, student, schoolClass, moduleId, sections } = await givenTaughtModule({
    className: `Year 8 Geography ${tag}`,
    moduleTitle: MODULE_TITLE,
    files: [{ title: SECTION, fileName: 'water-cycle-worksheet.docx', contentType: docx, bytes }],
    studentName: 'sam',
  }));
  const section = sections[0]!;
  sectionId = section._id;
  const extracted = await extractText(bytes, 'docx');
  const context = localTableContext(stackConfig());
  await makeSectionTextRepository(context).saveText(section.contentUrl, teacher.userId, { status: 'ready', pages: extracted.pages }, new Date().toISOString());
  context.client.destroy();
});

const draftQuestion = (page: Page, number: number) => page.getByRole('group', { name: `Question ${number} Draft`, exact: true });

it('a teacher drafts 8 questions from the worksheet, edits two, discards one and saves the check', async () => {
  const { page, checkPage } = session();
  await signInAs(page, teacher);
  await open(page, `/teacher-modules/${moduleId}/edit`);
  await page.getByRole('button', { name: `Add check to section ${SECTION}` }).click();
  const editor = page.getByRole('region', { name: `Check: ${SECTION}` });
  const drafting = editor.getByRole('group', { name: 'Draft questions from this file' });
  await drafting.getByLabel('How many (3–15)').fill('8');
  await drafting.getByRole('button', { name: 'Draft questions' }).click();
  await drafting.getByText('8 drafts added below. Drafted by the built-in drafter', { exact: false }).waitFor();
  await waitForLoaded(page);

  // Each draft: marked, from page 1 of the Word file, with the sentence it was drafted from.
  const first = draftQuestion(page, 1);
  await first.getByText('From page 1 of the file.', { exact: false }).waitFor();
  const passage = (await first.locator('blockquote').textContent())!;
  expect(passage).toMatch(/^Water evaporates from seas, lakes and rivers/);
  expect(await editor.locator('.check-draft-mark').count()).toBe(8);
  // "From page 1" opens the reader at that page, in a new tab.
  const source = first.getByRole('link', { name: 'page 1 of the file' });
  expect(await source.getAttribute('href')).toBe(`/teacher-modules/${moduleId}/section/${sectionId}?page=1`);
  expect(await source.getAttribute('target')).toBe('_blank');
  const offered = await editor.locator('.check-draft-source blockquote').allTextContents();
  await checkPage(page, 'drafting-drafts');

  // Saving waits for every draft to be accepted or discarded.
  await editor.getByRole('button', { name: 'Add check' }).click();
  await editor.getByText('Accept or discard each draft question before saving the check.').waitFor();

  // Edit two, discard the third, accept the rest.
  await first.getByLabel('Question 1 prompt').fill('Which gas does water become when the sun heats a lake?');
  await draftQuestion(page, 2).getByLabel('Explanation (optional, shown with the correct answers)').fill('Rising air cools, and its water vapour condenses.');
  await page.getByRole('button', { name: 'Discard draft question 3' }).click();
  expect(await editor.locator('.check-draft-mark').count()).toBe(7);
  for (let number = 1; number <= 7; number += 1) await page.getByRole('button', { name: `Accept draft question ${number}` }).click();
  expect(await editor.locator('.check-draft-mark').count()).toBe(0);

  const settledOnSave = page.waitForResponse((response) => response.url().endsWith('/check/drafts/settled') && response.request().method() === 'POST');
  await editor.getByRole('button', { name: 'Add check' }).click();
  await editor.getByText('Check saved.').waitFor();
  await settledOnSave;
  const saved = await (await apiAs(teacher))(routes.getCheck, { params: { id: moduleId, sectionId } });
  expect(saved.questions).toHaveLength(7);
  expect(saved.questions[0].prompt).toBe('Which gas does water become when the sun heats a lake?');
  expect(saved.questions[1].explanation).toBe('Rising air cools, and its water vapour condenses.');
  expect(JSON.stringify(saved)).not.toContain('source');
  await checkPage(page, 'drafting-saved');

  // Drafting again offers none of the 8 drafts saved or discarded: new sentences, or a message saying there are none.
  await drafting.getByRole('button', { name: 'Draft questions' }).click();
  await drafting.getByText(/drafts? added below|drafted before and saved or discarded/).waitFor();
  const again = await editor.locator('.check-draft-source blockquote').allTextContents();
  expect(again.filter((text) => offered.includes(text))).toEqual([]);
});

it('a student takes the check made of the accepted drafts', async () => {
  const { page, checkPage } = session();
  await signInAs(page, student);
  await open(page, `/student/class/${schoolClass.classId}/module/${moduleId}`);
  await page.getByRole('link', { name: `Take the check: ${SECTION}` }).click();
  await waitForPath(page, `/student/class/${schoolClass.classId}/module/${moduleId}/section/${sectionId}`);
  const check = page.getByRole('region', { name: 'Check your understanding' });
  await check.getByText('Which gas does water become when the sun heats a lake?').waitFor();
  await waitForLoaded(page);

  const questions = check.getByRole('group');
  expect(await questions.count()).toBe(7);
  for (let index = 0; index < 7; index += 1) {
    const question = questions.nth(index);
    if ((await question.getByRole('radio').count()) > 0) await question.getByRole('radio').first().check();
    else await question.getByRole('textbox').fill('water vapour');
  }
  await check.getByRole('button', { name: 'Submit answers' }).click();
  await check.getByText(/^Score: [\d.]+ \/ 7 \(\d+%\)/).waitFor();
  await checkPage(page, 'drafting-student-result');
});
