// The product's main story in a real browser (issue 3, "Tests"): a new teacher signs in with a temporary password,
// sets a new one, builds a module from a PDF, a PPTX, a DOCX and a file over 5 MiB (multipart, with its progress
// bar), finds it in the library, edits it, assigns it to a class and opens the report; then a student of that class
// opens the module, views a section's file, marks the section complete, and the teacher's report shows it.
// The two tests run in order and share what the first one built.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Page, Request, Route } from 'playwright-core';
import { SEED_FILES_DIR } from '../integration/harness';
import { accessibleName, open, pathOf, signInAs, submitLogin, submitNewPassword, waitForPath } from './support/app';
import { useBrowser } from './support/browser';
import { createClass, newUser, stackConfig, uniqueTag, type TestClass, type TestUser } from './support/stack';

const session = useBrowser();

// Each test walks a whole journey with axe checks at two widths on every page: well over the suite's default limit
// when the machine is busy, though far less when it is not.
jest.setTimeout(300_000);

const MULTIPART_BYTES = 6 * 1024 * 1024;
const NEW_PASSWORD = 'Chosen-password-1';

const tag = uniqueTag();
const MODULE = {
  title: `Cells and energy ${tag}`,
  revisedTitle: `Cells and energy, revised ${tag}`,
  description: 'Plant and animal cells, then how a leaf turns light into sugar.',
};
const SECTIONS = {
  pdf: { title: 'Reading: cells', file: path.join(SEED_FILES_DIR, 'cells-reading.pdf') },
  pptx: { title: 'Slides: photosynthesis', file: path.join(SEED_FILES_DIR, 'photosynthesis-slides.pptx') },
  docx: { title: 'Worksheet: label a cell', file: path.join(SEED_FILES_DIR, 'cells-worksheet.docx') },
  large: { title: 'Lab handbook', file: '' },
  added: { title: 'Quiz: parts of a cell', file: path.join(SEED_FILES_DIR, 'cells-reading.pdf') },
};

let tempDir: string;
let teacher: TestUser;
let student: TestUser;
let schoolClass: TestClass;
/** Set by the teacher's test, read by the student's. */
let moduleId: string | undefined;

beforeAll(async () => {
  tempDir = await mkdtemp(path.join(os.tmpdir(), 'learning-paths-e2e-files-'));
  // Over the 5 MiB single-upload limit, so the app uploads it in parts.
  const large = Buffer.alloc(MULTIPART_BYTES, 0x20);
  large.write('%PDF-1.4\n% a large handbook for the multipart upload\n');
  large.write('\n%%EOF\n', MULTIPART_BYTES - 7);
  SECTIONS.large.file = path.join(tempDir, 'lab-handbook.pdf');
  await writeFile(SECTIONS.large.file, large);

  teacher = await newUser('Teachers', { temporary: true });
  student = await newUser('Students');
  schoolClass = await createClass(teacher, `Year 8 Biology ${tag}`, [student]);
});

afterAll(async () => {
  await rm(tempDir, { recursive: true, force: true });
});

it('a new teacher sets a password, builds, edits and assigns a module, and opens the report', async () => {
  const { page, checkPage } = session();

  // Temporary password → the forced new-password form → the dashboard.
  await open(page, '/teacher-login');
  await submitLogin(page, teacher.email, teacher.password);
  const newPasswordForm = page.getByRole('form', { name: 'Set a new password' });
  await newPasswordForm.waitFor();
  await checkPage(page, 'teacher-login-new-password');
  await submitNewPassword(page, NEW_PASSWORD);
  await waitForPath(page, '/teacher-dashboard');
  teacher = { ...teacher, password: NEW_PASSWORD };
  await page.getByRole('heading', { level: 1, name: `Welcome back, ${teacher.email}!` }).waitFor();
  await page.getByRole('link', { name: schoolClass.className }).waitFor();
  await checkPage(page, 'teacher-dashboard-new-teacher');

  // Step 1: details.
  await page.getByRole('link', { name: 'Create New Module' }).click();
  await waitForPath(page, '/create-module');
  await page.getByRole('heading', { level: 1, name: 'Create a New Module' }).waitFor();
  await checkPage(page, 'create-module');
  await page.getByLabel('Module Title').fill(MODULE.title);
  await page.getByLabel('Description').fill(MODULE.description);
  await page.getByRole('button', { name: 'Next: Add Sections' }).click();

  // Step 2: sections, each file uploaded as it is added.
  await waitForPath(page, '/add-sections');
  await page.getByRole('heading', { level: 1, name: 'Add Content' }).waitFor();
  await page.getByRole('heading', { name: 'Added Sections (0)' }).waitFor();
  expect(await page.getByRole('button', { name: 'Finish & Save Module' }).isDisabled()).toBe(true);
  await checkPage(page, 'add-sections');

  await addSection(page, SECTIONS.pdf, 1);
  await addSection(page, SECTIONS.pptx, 2);
  await addSection(page, SECTIONS.docx, 3);
  await addLargeSectionWatchingProgress(page, SECTIONS.large, 4);
  expect(await page.getByText('Content Uploaded', { exact: true }).count()).toBe(4);
  await checkPage(page, 'add-sections-four-added');

  await page.getByRole('button', { name: 'Finish & Save Module' }).click();
  await waitForPath(page, '/teacher-dashboard');
  await page.getByText('Module saved successfully.', { exact: true }).waitFor();
  // With the next steps a new module needs.
  await page.getByRole('status').getByRole('link', { name: 'assign it to a class' }).waitFor();
  await page.getByRole('link', { name: MODULE.title }).waitFor();
  await checkPage(page, 'teacher-dashboard');

  // The library lists it; its detail page shows the four sections in order.
  await page.getByRole('navigation', { name: 'Teacher' }).getByRole('link', { name: 'My Modules' }).click();
  await waitForPath(page, '/teacher-modules');
  await page.getByRole('heading', { level: 1, name: 'My Modules Library' }).waitFor();
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: MODULE.title }) });
  await card.getByText('4 Sections', { exact: true }).waitFor();
  await checkPage(page, 'module-library');
  await card.getByRole('link', { name: MODULE.title }).click();
  await waitForPath(page, /^\/teacher-modules\/[^/]+$/);
  moduleId = pathOf(page).split('/')[2];
  await page.getByRole('heading', { level: 1, name: MODULE.title }).waitFor();
  await page.getByRole('heading', { name: 'Sections (4)' }).waitFor();
  expect(await sectionTitles(page)).toEqual([SECTIONS.pdf.title, SECTIONS.pptx.title, SECTIONS.docx.title, SECTIONS.large.title]);
  await expectViewContentLinks(page, 4);
  await checkPage(page, 'module-detail');

  // Edit: new title, the worksheet out, a quiz in, Save All Changes → Saved! → back on the detail page.
  await page.getByRole('link', { name: 'Edit', exact: true }).click();
  await waitForPath(page, `/teacher-modules/${moduleId}/edit`);
  await page.getByRole('heading', { level: 1, name: 'Editing Module' }).waitFor();
  await page.getByRole('heading', { name: 'Sections (4)' }).waitFor();
  await checkPage(page, 'module-edit');
  await page.getByLabel('Module Title').fill(MODULE.revisedTitle);
  await page.getByRole('button', { name: `Remove section ${SECTIONS.docx.title}` }).click();
  await page.getByRole('heading', { name: 'Sections (3)' }).waitFor();
  await page.getByRole('form', { name: 'Add New Section' }).waitFor();
  await addSection(page, SECTIONS.added, 4, { form: 'Add New Section', listHeading: 'Sections' });
  await page.getByRole('button', { name: 'Save All Changes' }).click();
  await page.getByRole('button', { name: 'Saved!' }).waitFor();
  await waitForPath(page, `/teacher-modules/${moduleId}`);
  await page.getByRole('heading', { level: 1, name: MODULE.revisedTitle }).waitFor();
  await page.getByRole('heading', { name: 'Sections (4)' }).waitFor();
  expect(await sectionTitles(page)).toEqual([SECTIONS.pdf.title, SECTIONS.pptx.title, SECTIONS.large.title, SECTIONS.added.title]);
  await expectViewContentLinks(page, 4);
  await checkPage(page, 'module-detail-after-edit');

  // Assign it to the teacher's class.
  await page.getByRole('navigation', { name: 'Teacher' }).getByRole('link', { name: 'My Classes' }).click();
  await waitForPath(page, '/teacher-classes');
  const classCard = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: schoolClass.className }) });
  await classCard.getByText('1 Student(s)', { exact: true }).waitFor();
  await checkPage(page, 'teacher-classes');
  await classCard.getByRole('link', { name: 'Manage Class' }).click();
  await waitForPath(page, `/teacher-classes/${schoolClass.classId}`);
  await page.getByRole('heading', { level: 1, name: schoolClass.className }).waitFor();
  await page.getByText(student.email, { exact: true }).waitFor();
  await checkPage(page, 'manage-class');
  await page.getByLabel('Module', { exact: true }).selectOption({ label: MODULE.revisedTitle });
  await page.getByRole('button', { name: 'Assign Module' }).click();
  await page.getByText(`${MODULE.revisedTitle} was assigned to this class.`, { exact: true }).waitFor();
  await page.getByRole('heading', { name: 'Assigned Modules (1)' }).waitFor();
  expect(await page.getByLabel('Module', { exact: true }).inputValue()).toBe('');
  await checkPage(page, 'manage-class-assigned');

  // The report: one row for the student, one column for the module, nothing completed yet.
  await page.getByRole('navigation', { name: 'Teacher' }).getByRole('link', { name: 'Analytics' }).click();
  await waitForPath(page, '/analytics');
  await page.getByRole('heading', { level: 1, name: 'Class Analytics' }).waitFor();
  await checkPage(page, 'analytics');
  await page.getByRole('link', { name: new RegExp(escapeRegExp(schoolClass.className)) }).click();
  await waitForPath(page, `/analytics/${schoolClass.classId}`);
  await page.getByRole('heading', { level: 1, name: `Student Progress Report: ${schoolClass.className}` }).waitFor();
  expect(await reportCell(page, student.email)).toBe('Not started 0% (0/4)');
  expect(await page.getByRole('columnheader', { name: MODULE.revisedTitle }).count()).toBe(1);
  await page.getByRole('link', { name: /Back to Class Selection/ }).waitFor();
  await checkPage(page, 'class-report');
});

it('a student opens the module, views a file, marks a section complete, and the teacher sees the new percentage', async () => {
  if (!moduleId) throw new Error('The teacher test did not create the module; this test builds on it.');
  const { page, checkPage } = session();

  await signInAs(page, student);
  await page.getByRole('heading', { level: 1, name: `Welcome, ${student.email}!` }).waitFor();
  const classCard = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: schoolClass.className }) });
  await classCard.getByText(`Teacher: ${teacher.email}`, { exact: true }).waitFor();
  await checkPage(page, 'student-dashboard');

  await classCard.getByRole('link', { name: 'View Class' }).click();
  await waitForPath(page, `/student/class/${schoolClass.classId}`);
  await page.getByRole('heading', { level: 1, name: schoolClass.className }).waitFor();
  await page.getByText('Modules assigned to this class.', { exact: true }).waitFor();
  await checkPage(page, 'student-class');

  await page.getByRole('link', { name: MODULE.revisedTitle }).click();
  await waitForPath(page, `/student/class/${schoolClass.classId}/module/${moduleId}`);
  await page.getByRole('heading', { level: 1, name: MODULE.revisedTitle }).waitFor();
  await page.getByText('0 of 4 sections complete', { exact: true }).waitFor();
  await checkPage(page, 'student-module');

  // View Content opens the section in the reader, inside the app, and the PDF is drawn there.
  const first = studentSection(page, SECTIONS.pdf.title);
  await first.getByRole('link', { name: /View Content/ }).click();
  await waitForPath(page, new RegExp(`^/student/class/${schoolClass.classId}/module/${moduleId}/section/[^/]+$`));
  await page.getByText('Every living thing is made of one or more cells.').waitFor();
  await page.goBack();
  await page.getByRole('heading', { level: 1, name: MODULE.revisedTitle }).waitFor();

  // Mark as Complete → Completed (disabled), and it stays so after a reload.
  await first.getByRole('button', { name: 'Mark as Complete' }).click();
  await first.getByRole('button', { name: 'Completed' }).waitFor();
  expect(await first.getByRole('button', { name: 'Completed' }).isDisabled()).toBe(true);
  await page.getByText('1 of 4 sections complete', { exact: true }).waitFor();
  await page.reload();
  await page.getByRole('heading', { level: 1, name: MODULE.revisedTitle }).waitFor();
  await first.getByRole('button', { name: 'Completed' }).waitFor();
  expect(await first.getByRole('button', { name: 'Completed' }).isDisabled()).toBe(true);
  expect(await studentSection(page, SECTIONS.pptx.title).getByRole('button', { name: 'Mark as Complete' }).isEnabled()).toBe(true);
  await checkPage(page, 'student-module-one-completed');

  await page.getByRole('navigation', { name: 'Student' }).getByRole('link', { name: 'Profile' }).click();
  await waitForPath(page, '/profile');
  await page.getByRole('heading', { level: 1, name: 'Profile' }).waitFor();
  await page.getByText(student.email, { exact: true }).waitFor();
  await checkPage(page, 'profile-student');

  // Logout goes to the landing page; the teacher signs in on the same browser and sees 25 %.
  await page.getByRole('navigation', { name: 'Student' }).getByRole('button', { name: 'Logout' }).click();
  await waitForPath(page, '/');
  await page.getByRole('link', { name: 'Teacher Login' }).first().waitFor();
  await signInAs(page, teacher);
  await open(page, `/analytics/${schoolClass.classId}`);
  await page.getByRole('heading', { level: 1, name: `Student Progress Report: ${schoolClass.className}` }).waitFor();
  expect(await reportCell(page, student.email)).toBe('In progress 25% (1/4)');
  await checkPage(page, 'class-report-after-progress');
});

interface SectionInput {
  title: string;
  file: string;
}

/** Fills the add-section form, adds the section (its file is uploaded) and waits until it is listed as number n. */
async function addSection(
  page: Page,
  section: SectionInput,
  n: number,
  { form = 'Add a Section', listHeading = 'Added Sections' }: { form?: string; listHeading?: string } = {},
): Promise<void> {
  const sectionForm = page.getByRole('form', { name: form });
  await sectionForm.getByLabel('Section Title').fill(section.title);
  await sectionForm.getByLabel('Upload File (PDF, PPT, or Word)').setInputFiles(section.file);
  await sectionForm.getByRole('button', { name: 'Add Section' }).click();
  await page.getByRole('heading', { name: `${listHeading} (${n})` }).waitFor();
  expect(await page.getByLabel(`Section ${n} title`).inputValue()).toBe(section.title);
}

/**
 * The file over 5 MiB goes up in parts. Its part uploads are held at the network until the progress bar and the
 * multipart controls have been seen, then Pause (the held parts are aborted), Resume, and the parts go through.
 */
async function addLargeSectionWatchingProgress(page: Page, section: SectionInput, n: number): Promise<void> {
  const storage = stackConfig().s3.endpoint;
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const partUploads: string[] = [];
  const isPartUpload = (url: URL) => url.href.startsWith(storage) && url.searchParams.has('partNumber');
  const holdPart = async (route: Route, request: Request) => {
    if (request.method() !== 'PUT') return route.continue();
    partUploads.push(request.url());
    await released;
    // A part aborted by Pause is gone by now; nothing to continue.
    await route.continue().catch(() => undefined);
  };
  await page.route(isPartUpload, holdPart);
  try {
    const sectionForm = page.getByRole('form', { name: 'Add a Section' });
    await sectionForm.getByLabel('Section Title').fill(section.title);
    await sectionForm.getByLabel('Upload File (PDF, PPT, or Word)').setInputFiles(section.file);
    await sectionForm.getByRole('button', { name: 'Add Section' }).click();

    const fileName = path.basename(section.file);
    await sectionForm.getByRole('progressbar', { name: new RegExp(`^Uploading ${escapeRegExp(fileName)}: \\d+%$`) }).waitFor();
    await sectionForm.getByRole('button', { name: 'Uploading...' }).waitFor();
    expect(await page.getByRole('button', { name: 'Finish & Save Module' }).isDisabled()).toBe(true);
    await sectionForm.getByRole('button', { name: 'Cancel' }).waitFor();
    await checkProgressShown(page);

    await sectionForm.getByRole('button', { name: 'Pause' }).click();
    await sectionForm.getByText(`Paused ${fileName}:`, { exact: false }).waitFor();
    release();
    await sectionForm.getByRole('button', { name: 'Resume' }).click();
    await page.getByRole('heading', { name: `Added Sections (${n})` }).waitFor();
    expect(await page.getByLabel(`Section ${n} title`).inputValue()).toBe(section.title);
    // Two parts of at least 5 MiB each would be over 6 MiB: the held first attempt plus the resumed one.
    expect(partUploads.length).toBeGreaterThanOrEqual(2);
  } finally {
    release();
    await page.unroute(isPartUpload, holdPart);
  }
}

/** The progress area is part of the page the teacher sees; it must pass axe too. */
async function checkProgressShown(page: Page): Promise<void> {
  await session().checkPage(page, 'add-sections-uploading-large-file');
}

async function sectionTitles(page: Page): Promise<string[]> {
  return page.getByRole('region', { name: /^Sections \(\d+\)$/ }).getByRole('heading', { level: 3 }).allInnerTexts();
}

/** Every section of the detail page has its View Content link, to the section's reader in the app. */
async function expectViewContentLinks(page: Page, count: number): Promise<void> {
  const links = page.getByRole('region', { name: /^Sections \(\d+\)$/ }).getByRole('link', { name: /View Content/ });
  await links.first().waitFor();
  expect(await links.count()).toBe(count);
  for (const link of await links.all()) expect(await link.getAttribute('href')).toMatch(/^\/teacher-modules\/[^/]+\/section\/[^/]+$/);
}

function studentSection(page: Page, title: string) {
  return page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: new RegExp(`^\\d+\\. ${escapeRegExp(title)}$`) }) });
}

/** The text of the report cell of `studentName` (the table has one module column here). */
async function reportCell(page: Page, studentName: string): Promise<string> {
  const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: studentName }) });
  // The module's cell, after the student's last activity.
  return accessibleName(row.getByRole('cell').last());
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
