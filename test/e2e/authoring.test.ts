// Authoring that never loses or duplicates a teacher's work (issue 10, "Tests"): one module however often Finish is
// clicked or the draft is submitted again; a title the API would refuse stopped at step 1 before any upload; an
// upload cut short by a reload resumed to a byte-identical file; rename and replace keeping students' completion;
// unsaved edits kept and guarded; a page whose code cannot be fetched answered with Retry inside the layout.
import { readFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Page, Request, Route } from 'playwright-core';
import { routes } from '../../shared/contract';
import { SEED_FILES_DIR } from '../integration/harness';
import { open, signInAs, waitForPath } from './support/app';
import { useBrowser, waitUntil } from './support/browser';
import { apiAs, createClass, createModuleThroughApi, newUser, stackConfig, uniqueTag, type TestUser } from './support/stack';

const session = useBrowser();

const READING_PDF = path.join(SEED_FILES_DIR, 'cells-reading.pdf');
const WORKSHEET_DOCX = path.join(SEED_FILES_DIR, 'cells-worksheet.docx');
const MULTIPART_BYTES = 6 * 1024 * 1024 + 123;

let tempDir: string;
let largePdf: string;
let notes: string;

beforeAll(async () => {
  tempDir = await mkdtemp(path.join(os.tmpdir(), 'learning-paths-authoring-'));
  // Over the 5 MiB single-upload limit (two parts), with bytes that differ everywhere so a wrong part shows.
  const large = Buffer.alloc(MULTIPART_BYTES);
  for (let index = 0; index < large.length; index += 1) large[index] = (index * 7919) % 251;
  large.write('%PDF-1.4\n');
  largePdf = path.join(tempDir, 'field-guide.pdf');
  await writeFile(largePdf, large);
  notes = path.join(tempDir, 'notes.txt');
  await writeFile(notes, 'Not a PDF, PowerPoint or Word file.');
});

afterAll(async () => {
  await rm(tempDir, { recursive: true, force: true });
});

const moduleTitles = async (teacher: TestUser): Promise<string[]> =>
  ((await (await apiAs(teacher))(routes.listModules)) as { title: string }[]).map((module) => module.title);

async function fillStep1(page: Page, title: string) {
  await open(page, '/create-module');
  await page.getByRole('heading', { level: 1, name: 'Create a New Module' }).waitFor();
  await page.getByLabel('Module Title').fill(title);
  await page.getByLabel('Description').fill('How cells divide and grow.');
  await page.getByRole('button', { name: 'Next: Add Sections' }).click();
  await waitForPath(page, '/add-sections');
}

async function addSection(page: Page, title: string, file: string, n: number) {
  const form = page.getByRole('form', { name: 'Add a Section' });
  await form.getByLabel('Section Title').fill(title);
  await form.getByLabel('Upload File (PDF, PPT, or Word)').setInputFiles(file);
  await form.getByRole('button', { name: 'Add Section' }).click();
  await page.getByRole('heading', { name: `Added Sections (${n})` }).waitFor();
}

it('refuses a long title at step 1 before any upload, and makes one module of a double click and of Back', async () => {
  const { page, checkPage } = session();
  const teacher = await newUser('Teachers');
  const title = `Cell division ${uniqueTag()}`;
  const uploads: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/uploads')) uploads.push(request.url());
  });
  await signInAs(page, teacher);

  await open(page, '/create-module');
  const titleInput = page.getByLabel('Module Title');
  await titleInput.fill('t'.repeat(250));
  await page.getByLabel('Description').fill('Too long a title.');
  await page.getByText('250/200 characters').waitFor();
  await page.getByRole('button', { name: 'Next: Add Sections' }).click();
  await page.getByText('Title must be at most 200 characters.').waitFor();
  expect(await titleInput.getAttribute('aria-invalid')).toBe('true');
  expect(new URL(page.url()).pathname).toBe('/create-module');
  await checkPage(page, 'create-module-title-too-long');

  await fillStep1(page, title);
  // A file of another kind is refused as soon as it is chosen.
  await page.getByLabel('Upload File (PDF, PPT, or Word)').setInputFiles(notes);
  await page.getByText('Only PDF, PowerPoint (.ppt, .pptx) and Word (.doc, .docx) files can be added.').waitFor();
  expect(uploads).toEqual([]);
  await checkPage(page, 'add-sections-wrong-file-type');

  await addSection(page, 'Reading', READING_PDF, 1);
  await addSection(page, 'Worksheet', WORKSHEET_DOCX, 2);
  await page.getByText('Word', { exact: true }).waitFor();
  await checkPage(page, 'add-sections-two-added');

  await page.getByRole('button', { name: 'Finish & Save Module' }).dblclick();
  await waitForPath(page, '/teacher-dashboard');
  await page.getByText('Module saved successfully.', { exact: true }).waitFor();

  // Back brings the draft's page, which now says it is saved and offers no second save.
  await page.goBack();
  await waitForPath(page, '/add-sections');
  await page.getByText('This module has already been saved; saving it again would make a copy.').waitFor();
  expect(await page.getByRole('button', { name: 'Finish & Save Module' }).count()).toBe(0);
  await checkPage(page, 'add-sections-after-save');
  expect((await moduleTitles(teacher)).filter((each) => each === title)).toHaveLength(1);

  // The library's search and sort live in the address: Back from the module finds them as they were left.
  await open(page, '/teacher-modules');
  await page.getByRole('searchbox', { name: 'Search by title' }).fill(title);
  await page.getByLabel('Sort by').selectOption({ label: 'Title (A–Z)' });
  await page.getByRole('link', { name: title }).click();
  await page.getByRole('heading', { level: 1, name: title }).waitFor();
  await page.goBack();
  await waitForPath(page, '/teacher-modules');
  await page.getByRole('link', { name: title }).waitFor();
  expect(await page.getByRole('searchbox', { name: 'Search by title' }).inputValue()).toBe(title);
  expect(await page.getByLabel('Sort by').inputValue()).toBe('title');
  await checkPage(page, 'module-library-searched');
  // So does the module page's own way back, even after a reload; reloaded, the page has its own styles (the assign
  // card stands apart from the last section).
  await page.getByRole('link', { name: title }).click();
  await page.getByRole('heading', { level: 1, name: title }).waitFor();
  await page.reload();
  const assignCard = await page.getByRole('form', { name: 'Assign to Classes' }).boundingBox();
  const lastSection = await page.getByRole('listitem').filter({ hasText: 'Worksheet' }).boundingBox();
  expect(assignCard!.y - (lastSection!.y + lastSection!.height)).toBeGreaterThanOrEqual(16);
  await page.getByRole('link', { name: '← Back to My Modules' }).click();
  await waitForPath(page, '/teacher-modules');
  await page.getByRole('link', { name: title }).waitFor();
  expect(await page.getByRole('searchbox', { name: 'Search by title' }).inputValue()).toBe(title);
});

it('resumes an upload cut short by a reload, and the stored file is byte-identical', async () => {
  const { page } = session();
  const teacher = await newUser('Teachers');
  const title = `Field guide ${uniqueTag()}`;
  await signInAs(page, teacher);
  await fillStep1(page, title);

  // Part 1 goes through; part 2 is held until the reloaded page is up, so the reload cuts the upload short (a part
  // the reload cancels is retried, and must not get through before the page is gone).
  const storage = stackConfig().s3.endpoint;
  const isPart = (url: URL) => url.href.startsWith(storage) && url.searchParams.get('partNumber') === '2';
  let holding = true;
  await page.route(isPart, async (route: Route, request: Request) => {
    if (!holding || request.method() !== 'PUT') return route.continue();
    await new Promise(() => undefined);
  });
  const form = page.getByRole('form', { name: 'Add a Section' });
  await form.getByLabel('Section Title').fill('Field guide');
  await form.getByLabel('Upload File (PDF, PPT, or Word)').setInputFiles(largePdf);
  const firstPart = page.waitForResponse((response) => response.url().includes('partNumber=1') && response.request().method() === 'PUT');
  await form.getByRole('button', { name: 'Add Section' }).click();
  await firstPart;
  // The checkpoint is written right after the part's answer.
  await waitUntil(page, `Object.keys(sessionStorage).some((key) => key.includes('interrupted-upload') && sessionStorage.getItem(key).includes('"partNumber":1'))`);

  page.on('dialog', (dialog) => void dialog.accept());
  await page.reload();
  await page.getByRole('heading', { level: 1, name: 'Add Content' }).waitFor();
  holding = false;
  const offer = page.getByRole('group', { name: /The upload of field-guide\.pdf for “Field guide” was interrupted/ });
  await offer.waitFor();
  await session().checkPage(page, 'add-sections-interrupted-upload');

  const chooser = page.waitForEvent('filechooser');
  await offer.getByRole('button', { name: 'Resume upload' }).click();
  await (await chooser).setFiles(largePdf);
  await page.getByRole('heading', { name: 'Added Sections (1)' }).waitFor();
  await page.getByRole('button', { name: 'Finish & Save Module' }).click();
  await waitForPath(page, '/teacher-dashboard');

  const call = await apiAs(teacher);
  const created = ((await call(routes.listModules)) as { _id: string; title: string }[]).find((each) => each.title === title)!;
  const module = await call(routes.getModule, { params: { id: created._id } });
  const stored = Buffer.from(await (await fetch(new URL(module.sections[0].downloadUrl, stackConfig().url))).arrayBuffer());
  expect(stored.equals(await readFile(largePdf))).toBe(true);
});

it("renames a section and replaces its file, keeping the student's completion; unsaved edits are kept and guarded", async () => {
  const { page, checkPage } = session();
  const teacher = await newUser('Teachers');
  const student = await newUser('Students');
  const schoolClass = await createClass(teacher, `Year 7 ${uniqueTag()}`, [student]);
  const moduleId = await createModuleThroughApi(teacher, `Microscopes ${uniqueTag()}`, ['Lenses', 'Slides']);
  const teacherApi = await apiAs(teacher);
  await teacherApi(routes.assignModule, { params: { classId: schoolClass.classId }, body: { moduleId } });
  const before = await teacherApi(routes.getModule, { params: { id: moduleId } });
  const lensesId: string = before.sections[0]._id;
  const studentApi = await apiAs(student);
  const progress = { studentId: student.userId, moduleId, classId: schoolClass.classId };
  await studentApi(routes.markComplete, { body: { ...progress, sectionId: lensesId } });

  await signInAs(page, teacher);
  await open(page, `/teacher-modules/${moduleId}/edit`);
  await page.getByRole('heading', { level: 1, name: 'Editing Module' }).waitFor();
  await page.getByLabel('Section 1 title').fill('How lenses bend light');

  // Unsaved: a reload keeps the change, leaving asks first.
  page.on('dialog', (dialog) => void dialog.accept());
  await page.reload();
  await page.getByText('Your unsaved changes to this module were restored.').waitFor();
  expect(await page.getByLabel('Section 1 title').inputValue()).toBe('How lenses bend light');
  await page.getByRole('navigation', { name: 'Teacher' }).getByRole('link', { name: 'My Modules' }).click();
  const leave = page.getByRole('alertdialog');
  await leave.getByText('Leave without saving?', { exact: false }).waitFor();
  await checkPage(page, 'module-edit-leave-guard');
  await leave.getByRole('button', { name: 'Stay on this page' }).click();
  expect(new URL(page.url()).pathname).toBe(`/teacher-modules/${moduleId}/edit`);

  // Replace the file of the renamed section, keeping completion.
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Replace the file of section How lenses bend light' }).click();
  await (await chooser).setFiles(WORKSHEET_DOCX);
  const question = page.getByRole('alertdialog');
  await question.getByText('Reset their completion, since the content changed?', { exact: false }).waitFor();
  await checkPage(page, 'module-edit-replace-question');
  await question.getByRole('button', { name: 'Keep completion' }).click();
  await page.getByText('cells-worksheet.docx', { exact: false }).waitFor();
  await page.getByRole('button', { name: 'Save All Changes' }).click();
  await waitForPath(page, `/teacher-modules/${moduleId}`);

  const after = await teacherApi(routes.getModule, { params: { id: moduleId } });
  expect(after.sections[0]).toMatchObject({ _id: lensesId, title: 'How lenses bend light', contentType: 'WORD', originalFileName: 'cells-worksheet.docx' });
  const completed = await studentApi(routes.getProgress, { params: progress });
  expect(completed.completedSections).toEqual([lensesId]);
});

it('shows Retry inside the layout, with the header, when a page cannot be fetched', async () => {
  const { page, problems, checkPage } = session();
  const teacher = await newUser('Teachers');
  await signInAs(page, teacher);

  const chunk = (url: URL) => /\/assets\/module-library-page-[^/]+\.js$/.test(url.pathname);
  await page.route(chunk, (route) => route.abort('internetdisconnected'));
  await page.getByRole('navigation', { name: 'Teacher' }).getByRole('link', { name: 'My Modules' }).click();
  await page.getByRole('heading', { level: 1, name: 'This page could not be loaded' }).waitFor();
  await page.getByRole('navigation', { name: 'Teacher' }).getByRole('link', { name: 'Dashboard' }).waitFor();
  await checkPage(page, 'page-load-failed');
  // The failed fetch and the boundary's report are the expected console errors of this test.
  const expected = problems.filter((problem) => problem.kind === 'console' && /module-library-page|dynamically imported module|Failed to fetch/.test(problem.text));
  expect(expected.length).toBeGreaterThan(0);
  problems.splice(0, problems.length, ...problems.filter((problem) => !expected.includes(problem)));

  await page.unroute(chunk);
  await page.getByRole('button', { name: 'Retry' }).click();
  await page.getByRole('heading', { level: 1, name: 'My Modules Library' }).waitFor();
});
