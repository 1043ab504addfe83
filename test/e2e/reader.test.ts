// The reader in a real browser (issue 8): a student reads the seeded PDF (and passes its check), slides and Word
// worksheet inside the app at 1280 and 375 px, pages through them, moves on with Next, marks sections complete and
// resumes from the dashboard with Continue; a teacher previews the same reader; hostile files run nothing, reach no
// other host, cannot restyle the app (their styles stay in the document frame) and cannot freeze it (a zip bomb is
// refused before rendering). Every reader page is checked with axe at both widths (checkPage), and every console error
// fails the test, so a CSP violation does.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page, Request } from 'playwright-core';
import { DEMO_USERS } from '../integration/harness';
import { open, signInAs, waitForPath } from './support/app';
import { DOCUMENT_FRAME_SELECTOR, NARROW, useBrowser } from './support/browser';
import { HOSTILE_STYLE_BANNER, hostileStyleDocx, zipBomb } from './support/office-files';
import { createClass, createModuleWithFiles, newReaderOfSeededModule, newUser, stackConfig, uniqueTag, type TestUser } from './support/stack';

const session = useBrowser();

const demoUser = (email: string): TestUser => {
  const user = DEMO_USERS.find((each) => each.email === email)!;
  return { userId: '', email: user.email, password: user.password, role: user.role };
};

const SEEDED = {
  pdf: 'Reading: cells',
  pptx: 'Slides: photosynthesis',
  docx: 'Worksheet: label a cell',
  handbook: 'Handbook: cell division',
};
const READER_PATH = /^\/student\/class\/demo-class-1\/module\/[^/]+\/section\/[^/]+$/;

/** Requests that leave for a host other than the app and its twins: a hostile file must cause none. */
function watchForeignRequests(page: Page): string[] {
  const { url, s3, cognito } = stackConfig();
  const own = [url, s3.endpoint, cognito.endpoint].map((origin) => new URL(origin).origin);
  const foreign: string[] = [];
  page.on('request', (request: Request) => {
    const target = request.url();
    if (/^(data|blob):/.test(target)) return;
    if (!own.includes(new URL(target).origin)) foreign.push(target);
  });
  return foreign;
}

const heading = (page: Page, text: string) => page.getByRole('heading', { level: 1, name: text });
/** The frame a Word document or a slide is shown in: its content is its own document, not the page's. */
const documentFrame = (page: Page) => page.frameLocator(DOCUMENT_FRAME_SELECTOR);
const nav = (page: Page) => page.getByRole('navigation', { name: 'Module sections' });

it('a student reads every seeded file in the app at 1280 px, moves on with Next, marks progress and resumes with Continue', async () => {
  const { page, checkPage } = session();
  const foreign = watchForeignRequests(page);
  const ranges: string[] = [];
  page.on('request', (request) => {
    const range = request.headers().range;
    if (range) ranges.push(range);
  });
  await signInAs(page, demoUser('student@example.com'));

  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Year 9 Science' }) });
  await card.getByText('0 of 4 sections complete', { exact: true }).waitFor();
  await checkPage(page, 'student-dashboard-progress');
  await card.getByRole('link', { name: /^Continue/ }).click();

  // 1. The PDF: text from inside the file, page x of n, paging by button and by keyboard, zoom.
  await waitForPath(page, READER_PATH);
  await heading(page, `1. ${SEEDED.pdf}`).waitFor();
  await page.getByText('Every living thing is made of one or more cells.').waitFor();
  await page.getByText('Page 1 of 2', { exact: true }).waitFor();
  await checkPage(page, 'reader-pdf');
  await page.getByRole('button', { name: 'Next page' }).click();
  await page.getByText('Page 2 of 2', { exact: true }).waitFor();
  await page.getByRole('group', { name: /page 2 of 2/ }).getByText('Check your understanding').waitFor();
  await page.getByRole('group', { name: /page 2 of 2/ }).press('ArrowLeft');
  await page.getByText('Page 1 of 2', { exact: true }).waitFor();
  // Page jump: typed, sent with Enter.
  await page.getByLabel('Go to page').fill('2');
  await page.getByLabel('Go to page').press('Enter');
  await page.getByText('Page 2 of 2', { exact: true }).waitFor();
  await page.getByRole('button', { name: 'Previous page' }).click();
  await page.getByText('Page 1 of 2', { exact: true }).waitFor();
  await page.getByRole('button', { name: 'Zoom in' }).click();
  await page.getByRole('button', { name: 'Fit to width', pressed: false }).waitFor();
  await page.getByRole('button', { name: 'Fit to width' }).click();
  // The seeded section carries a check: passing it completes the section (there is no Mark as Complete).
  expect(await page.getByRole('button', { name: 'Mark as Complete' }).count()).toBe(0);
  const check = page.getByRole('region', { name: 'Check your understanding' });
  await check.getByRole('radio', { name: 'Mitochondrion' }).check();
  for (const part of ['Cell wall', 'Chloroplasts', 'Permanent vacuole']) await check.getByRole('checkbox', { name: part }).check();
  await check.getByRole('radio', { name: 'True' }).check();
  await check.getByLabel('Your answer to question 4').fill('Chloroplasts');
  await check.getByLabel('Your answer to question 5').fill('200');
  await check.getByRole('button', { name: 'Submit answers' }).click();
  await check.getByText('Score: 5 / 5 (100%) — Passed').waitFor();
  await page.getByText('Completed: check passed').waitFor();
  await nav(page).getByRole('link', { name: `1. ${SEEDED.pdf} (completed)` }).waitFor();

  // 2. The slides: text, pictures and the table, slide by slide.
  await page.getByRole('link', { name: `Next: ${SEEDED.pptx}` }).click();
  await heading(page, `2. ${SEEDED.pptx}`).waitFor();
  await documentFrame(page).getByText('Plants make glucose from carbon dioxide and water.').waitFor();
  expect(await documentFrame(page).locator('img').count()).toBe(1);
  await checkPage(page, 'reader-pptx');
  await page.getByRole('button', { name: 'Next slide' }).click();
  await page.getByText('Slide 2 of 3', { exact: true }).waitFor();
  await page.getByRole('button', { name: 'Next slide' }).click();
  await documentFrame(page).getByText('Stored chemical energy').waitFor();

  // 3. The Word worksheet.
  await page.getByRole('link', { name: `Next: ${SEEDED.docx}` }).click();
  await heading(page, `3. ${SEEDED.docx}`).waitFor();
  await documentFrame(page).getByText('1. Label the nucleus, cytoplasm and cell membrane on your diagram.').waitFor();
  await checkPage(page, 'reader-docx');
  await page.getByRole('button', { name: 'Mark as Complete' }).click();
  await page.getByRole('button', { name: 'Completed' }).waitFor();

  // 4. The 10 MB, 50-page handbook: its first page is read by range requests.
  await page.getByRole('link', { name: `Next: ${SEEDED.handbook}` }).click();
  await heading(page, `4. ${SEEDED.handbook}`).waitFor();
  await page.getByText('Cell biology handbook: page 1 of 50').waitFor();
  await page.getByText('Page 1 of 50', { exact: true }).waitFor();
  expect(ranges.some((range) => /^bytes=\d+-\d+$/.test(range))).toBe(true);
  await page.getByRole('group', { name: /page 1 of 50/ }).press('End');
  await page.getByText('Cell biology handbook: page 50 of 50').waitFor();
  await page.getByText('1 other section of this module still to complete.').waitFor();
  await checkPage(page, 'reader-pdf-large');

  // The dashboard counts the two marks and Continue opens the first section not complete: the slides.
  await page.getByRole('navigation', { name: 'Student' }).getByRole('link', { name: 'Dashboard' }).click();
  await waitForPath(page, '/student-dashboard');
  await card.getByText('2 of 4 sections complete', { exact: true }).waitFor();
  await card.getByRole('link', { name: /^Continue/ }).click();
  await heading(page, `2. ${SEEDED.pptx}`).waitFor();

  // The syllabus shows the module in progress.
  await open(page, '/student/class/demo-class-1');
  await page.getByText('In progress', { exact: true }).waitFor();
  await page.getByText('2 of 4 sections complete', { exact: true }).waitFor();
  await checkPage(page, 'student-class-progress');
  expect(foreign).toEqual([]);
});

it('a student reads, marks and continues at 375 px, with the sections in a drawer', async () => {
  const { page, checkPage } = session();
  await page.setViewportSize(NARROW);
  await signInAs(page, demoUser('student2@example.com'));
  await page.getByRole('heading', { name: 'Year 9 Science' }).waitFor();
  await page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'Year 9 Science' }) })
    .getByRole('link', { name: /^Continue/ })
    .click();
  await heading(page, `1. ${SEEDED.pdf}`).waitFor();
  await page.getByText('Every living thing is made of one or more cells.').waitFor();
  // The PDF's controls stay on one row, all in sight, so the page starts right below them; the tools open under it.
  const toolbar = page.getByRole('toolbar', { name: 'Page controls' });
  const rowHeight = await toolbar.getByRole('button', { name: 'Next page' }).evaluate((button) => button.getBoundingClientRect().height);
  expect(await toolbar.evaluate((bar) => bar.getBoundingClientRect().height)).toBeLessThan(rowHeight * 1.5);
  expect(await toolbar.evaluate((bar) => bar.scrollWidth <= bar.clientWidth)).toBe(true);
  expect(await toolbar.getByRole('button', { name: 'Zoom in' }).isVisible()).toBe(false);
  await toolbar.getByRole('button', { name: 'Tools', expanded: false }).click();
  await toolbar.getByRole('button', { name: 'Zoom in' }).waitFor();
  expect(await toolbar.evaluate((bar) => bar.scrollWidth <= bar.clientWidth)).toBe(true);
  await toolbar.getByRole('button', { name: 'Tools', expanded: true }).click();
  await toolbar.getByRole('button', { name: 'Zoom in' }).waitFor({ state: 'hidden' });

  // The drawer: closed, opened, a section chosen, closed again.
  const toggle = page.getByRole('button', { name: /^Sections \(0 of 4 complete\)/ });
  expect(await toggle.getAttribute('aria-expanded')).toBe('false');
  await toggle.click();
  await nav(page).getByRole('link', { name: `3. ${SEEDED.docx}` }).click();
  await heading(page, `3. ${SEEDED.docx}`).waitFor();
  await documentFrame(page).getByText('4. Compare a plant cell and an animal cell: list two differences.').waitFor();
  expect(await page.getByRole('button', { name: /^Sections/ }).getAttribute('aria-expanded')).toBe('false');
  await page.getByRole('button', { name: 'Mark as Complete' }).click();
  await page.getByRole('button', { name: 'Completed' }).waitFor();
  await page.getByRole('button', { name: /^Sections \(1 of 4 complete\)/ }).waitFor();
  // Marked by mistake: undone, then marked again.
  await page.getByRole('button', { name: 'Undo marking complete' }).click();
  await page.getByRole('button', { name: /^Sections \(0 of 4 complete\)/ }).waitFor();
  await page.getByRole('button', { name: 'Mark as Complete' }).click();
  await page.getByRole('button', { name: /^Sections \(1 of 4 complete\)/ }).waitFor();

  await page.getByRole('link', { name: `Previous: ${SEEDED.pptx}` }).click();
  await documentFrame(page).getByText('Plants make glucose from carbon dioxide and water.').waitFor();
  await checkPage(page, 'reader-pptx-narrow');
  // Full screen for slides: the deck fills the screen, and the same button leaves it.
  const narrowSlideWidth = await page.locator('.slide-stage').evaluate((stage) => stage.getBoundingClientRect().width);
  await page.getByRole('toolbar', { name: 'Slide controls' }).getByRole('button', { name: 'Tools' }).click();
  await page.getByRole('button', { name: 'Full screen' }).click();
  await page.getByRole('button', { name: 'Full screen', pressed: true }).waitFor();
  expect(await page.evaluate('document.fullscreenElement?.className')).toBe('pptx-viewer');
  await documentFrame(page).getByText('Plants make glucose from carbon dioxide and water.').waitFor();
  await page.getByRole('button', { name: 'Full screen' }).click();
  await page.getByRole('button', { name: 'Full screen', pressed: false }).waitFor();
  expect(await page.locator('.slide-stage').evaluate((stage) => stage.getBoundingClientRect().width)).toBeCloseTo(narrowSlideWidth, 0);

  await page.goto(page.url().replace(/\/student\/.*/, '/student-dashboard'));
  await page.getByText('1 of 4 sections complete', { exact: true }).waitFor();
  await page.getByRole('link', { name: /^Continue/ }).click();
  await heading(page, `1. ${SEEDED.pdf}`).waitFor();
});

it('on a phone (375 × 812) the PDF starts in the top 320 px and is at least 343 px wide, a double tap zooms it, and its text reads beside it', async () => {
  const { page, checkPage } = session();
  await page.setViewportSize(NARROW);
  const { student, schoolClass } = await newReaderOfSeededModule();
  await signInAs(page, student);
  await page.getByRole('heading', { name: schoolClass.className }).waitFor();
  await page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: schoolClass.className }) })
    .getByRole('link', { name: /^Continue/ })
    .click();
  await heading(page, `1. ${SEEDED.pdf}`).waitFor();
  await page.getByText('Every living thing is made of one or more cells.').waitFor();
  const pdfPage = page.locator('.pdf-page canvas');
  const box = (await pdfPage.boundingBox())!;
  expect(box.y).toBeLessThanOrEqual(320);
  expect(box.width).toBeGreaterThanOrEqual(343);
  // The file's actions, the sections and the module's search come after it.
  const below = async (name: string, locator: ReturnType<Page['locator']>) => [name, (await locator.boundingBox())!.y > box.y];
  expect([
    await below('Download original', page.getByRole('link', { name: 'Download original' })),
    await below('Sections', page.getByRole('button', { name: /^Sections/ })),
    await below('Search', page.getByLabel('Search this module')),
  ]).toEqual([['Download original', true], ['Sections', true], ['Search', true]]);
  // Pinch zoom is the browser's: the page does not forbid it.
  expect(await page.locator('meta[name="viewport"]').getAttribute('content')).not.toMatch(/user-scalable\s*=\s*(no|0)|maximum-scale\s*=\s*1(\.0)?\b/);
  // A double tap zooms in to twice the width, a second one back.
  const zoomLevel = page.getByRole('toolbar', { name: 'Page controls' }).locator('.viewer-zoom-level');
  const fitted = await zoomLevel.textContent();
  const doubleTap = async () => {
    const at = { pointerType: 'touch', isPrimary: true, clientX: box.x + 100, clientY: box.y + 100, bubbles: true };
    await page.locator('.pdf-frame').dispatchEvent('pointerup', at);
    await page.locator('.pdf-frame').dispatchEvent('pointerup', at);
  };
  await doubleTap();
  await page.waitForFunction("document.querySelector('.pdf-page canvas').getBoundingClientRect().width > 600");
  expect(await zoomLevel.textContent()).not.toBe(fitted);
  await doubleTap();
  await page.waitForFunction("document.querySelector('.pdf-page canvas').getBoundingClientRect().width < 400");
  await checkPage(page, 'reader-pdf-phone');

  // The same section as text: the words of the file, in the page.
  await page.getByRole('navigation', { name: 'Show this section as' }).getByRole('link', { name: 'Text' }).click();
  const text = page.getByRole('article', { name: `Text of ${SEEDED.pdf}` });
  await text.getByText(/Every living thing is made of one or more cells\./).waitFor();
  expect(await page.locator('.pdf-frame').count()).toBe(0);
  await checkPage(page, 'reader-text-phone');
  await page.reload();
  await text.getByText(/Every living thing is made of one or more cells\./).waitFor();
});

it('the reader reopens the 50-page handbook where the student left it (page 7), after a reload too', async () => {
  const { page } = session();
  const { student, schoolClass } = await newReaderOfSeededModule();
  await signInAs(page, student);
  await page.getByRole('heading', { name: schoolClass.className }).waitFor();
  await page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: schoolClass.className }) })
    .getByRole('link', { name: /^Continue/ })
    .click();
  await heading(page, `1. ${SEEDED.pdf}`).waitFor();
  await nav(page).getByRole('link', { name: `4. ${SEEDED.handbook}` }).click();
  await heading(page, `4. ${SEEDED.handbook}`).waitFor();
  await page.getByText('Page 1 of 50', { exact: true }).waitFor();
  await page.getByLabel('Go to page').fill('7');
  await page.getByLabel('Go to page').press('Enter');
  await page.getByText('Cell biology handbook: page 7 of 50').waitFor();

  // Leaving the section reports the page; a reload forgets everything the browser held.
  const reported = page.waitForRequest((request) => request.method() === 'PUT' && request.url().endsWith('/reading') && request.postData()?.includes('"page":7') === true);
  await nav(page).getByRole('link', { name: `1. ${SEEDED.pdf}` }).click();
  await heading(page, `1. ${SEEDED.pdf}`).waitFor();
  await (await reported).response();
  await page.reload();
  await heading(page, `1. ${SEEDED.pdf}`).waitFor();
  await nav(page).getByRole('link', { name: `4. ${SEEDED.handbook}` }).click();
  await page.getByText('Page 7 of 50', { exact: true }).waitFor();
  await page.getByText('Cell biology handbook: page 7 of 50').waitFor();
});

it('a teacher previews the reader from the module, without Mark as Complete', async () => {
  const { page, checkPage } = session();
  await signInAs(page, demoUser('teacher@example.com'));
  await open(page, '/teacher-modules');
  await page.getByRole('link', { name: 'Cells: the building blocks of life' }).click();
  await page.getByRole('heading', { name: 'Sections (4)' }).waitFor();
  await page.getByText('PowerPoint · photosynthesis-slides.pptx · 21 kB').waitFor();
  await page.getByRole('link', { name: `View Content: ${SEEDED.docx}` }).click();
  await waitForPath(page, /^\/teacher-modules\/[^/]+\/section\/[^/]+$/);
  await documentFrame(page).getByText('2. Add the three parts that only plant cells have.').waitFor();
  expect(await page.getByRole('button', { name: 'Mark as Complete' }).count()).toBe(0);
  await checkPage(page, 'reader-teacher-preview');
});

const FIXTURES = path.resolve(__dirname, 'fixtures');
const fixture = (fileName: string) => new Uint8Array(readFileSync(path.join(FIXTURES, fileName)));
const WORD = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const PRESENTATION = 'application/vnd.openxmlformats-officedocument.presentationml.presentation';

it('runs nothing from hostile files and loads nothing from other hosts, and stays responsive on a 500-slide deck', async () => {
  const { page, checkPage } = session();
  const teacher = await newUser('Teachers');
  const student = await newUser('Students');
  const schoolClass = await createClass(teacher, `Year 7 Safety ${uniqueTag()}`, [student]);
  const moduleId = await createModuleWithFiles(
    teacher,
    `Hostile files ${uniqueTag()}`,
    [
      { title: 'A PDF with actions', fileName: 'hostile-actions.pdf', contentType: 'application/pdf', bytes: fixture('hostile-actions.pdf') },
      {
        title: 'A document with a hostile link',
        fileName: 'hostile-links.docx',
        contentType: WORD,
        bytes: fixture('hostile-links.docx'),
      },
      {
        title: 'A very long deck',
        fileName: 'many-slides.pptx',
        contentType: PRESENTATION,
        bytes: fixture('many-slides.pptx'),
      },
    ],
    schoolClass.classId,
  );
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  const popups: string[] = [];
  // Windows the page opens (axe's own helper pages are not the page's).
  page.on('popup', (opened) => popups.push(opened.url()));
  const foreign = watchForeignRequests(page);
  await signInAs(page, student);
  await open(page, `/student/class/${schoolClass.classId}/module/${moduleId}`);
  await page.getByRole('link', { name: 'View Content: A PDF with actions' }).click();

  // The PDF opens with a JavaScript action and has a launch link over its text: clicking it does nothing.
  const launchArea = page.getByText('Opening this file must not run its script or launch anything.');
  await launchArea.waitFor();
  await launchArea.click();
  await checkPage(page, 'reader-hostile-pdf');

  // The javascript: link is plain text; the https link opens without opener or referrer; the remote picture is gone.
  await page.getByRole('link', { name: /^Next: A document with a hostile link/ }).click();
  const hostileDocument = documentFrame(page);
  await hostileDocument.getByText('Click for a prize').waitFor();
  expect(await hostileDocument.getByRole('link', { name: 'Click for a prize' }).count()).toBe(0);
  await hostileDocument.getByText('Click for a prize').click();
  const safe = hostileDocument.getByRole('link', { name: 'A safe link' });
  expect(await safe.getAttribute('rel')).toBe('noopener noreferrer');
  expect(await safe.getAttribute('target')).toBe('_blank');
  expect(await page.locator('iframe[title="A document with a hostile link"]').count()).toBe(1);
  expect(await hostileDocument.locator('img').count()).toBe(0);

  // 500 slides: one is on screen, the last is one key away, and the page still answers.
  await page.getByRole('link', { name: /^Next: A very long deck/ }).click();
  const slideControls = page.getByRole('toolbar', { name: 'Slide controls' });
  await slideControls.getByText('Slide 1 of 500', { exact: true }).waitFor();
  await documentFrame(page).getByText('Filler slide number 1.', { exact: true }).waitFor();
  await page.getByRole('group', { name: /slide 1 of 500/ }).press('End');
  await documentFrame(page).getByText('Filler slide number 500.', { exact: true }).waitFor();
  expect(await page.evaluate('document.querySelectorAll(".pptx-slide").length')).toBe(1);
  await page.getByRole('button', { name: 'Mark as Complete' }).click();
  await page.getByRole('button', { name: 'Completed' }).waitFor();

  expect(dialogs).toEqual([]);
  expect(popups).toEqual([]);
  expect(foreign).toEqual([]);
});

it("keeps a Word file's styles inside the document: a style that hides every button and covers the window changes nothing in the app", async () => {
  const { page, checkPage } = session();
  const teacher = await newUser('Teachers');
  const student = await newUser('Students');
  const schoolClass = await createClass(teacher, `Year 7 Styles ${uniqueTag()}`, [student]);
  const moduleId = await createModuleWithFiles(
    teacher,
    `Hostile styles ${uniqueTag()}`,
    [
      { title: 'A document that restyles the page', fileName: 'hostile-style.docx', contentType: WORD, bytes: hostileStyleDocx('Read the whole worksheet first.') },
      { title: 'After the hostile document', fileName: 'worksheet.docx', contentType: WORD, bytes: fixture('hostile-links.docx') },
    ],
    schoolClass.classId,
  );
  await signInAs(page, student);
  await open(page, `/student/class/${schoolClass.classId}/module/${moduleId}`);
  await page.getByRole('link', { name: 'View Content: A document that restyles the page' }).click();
  await page.locator('.section-viewer[aria-busy="false"]').waitFor({ state: 'attached' });

  // The app is untouched: no banner over it, its buttons and links visible and working.
  // (Styles are read from the page: the document frame runs no script, so nothing can be evaluated inside it.)
  const banner = async (body: string) => String(await page.evaluate(`getComputedStyle(${body}, '::after').content`));
  expect(await banner('document.body')).toBe('none');
  const markComplete = page.getByRole('button', { name: 'Mark as Complete' });
  expect(await markComplete.isVisible()).toBe(true);
  expect(await page.getByRole('link', { name: /^Next: After the hostile document/ }).isVisible()).toBe(true);
  await checkPage(page, 'reader-hostile-style');
  await markComplete.click();
  await page.getByRole('button', { name: 'Completed' }).waitFor();

  // The hostile rules did reach the document: its banner is drawn, over the document frame only.
  await documentFrame(page).getByText('Read the whole worksheet first.').waitFor();
  expect(await banner(`document.querySelector('${DOCUMENT_FRAME_SELECTOR}').contentDocument.body`)).toContain(HOSTILE_STYLE_BANNER);
  await page.getByRole('link', { name: /^Next: After the hostile document/ }).click();
  await documentFrame(page).getByText('Click for a prize').waitFor();
});

it('answers zip-bomb Word and PowerPoint files with "too large to show here" and a download within 5 s, and stays usable', async () => {
  const { page, checkPage } = session();
  const teacher = await newUser('Teachers');
  const student = await newUser('Students');
  const schoolClass = await createClass(teacher, `Year 7 Bombs ${uniqueTag()}`, [student]);
  // A few hundred kB that inflate to 200 MB, over the 128 MB limit (shared/office-limits.ts).
  const [document, deck] = [zipBomb('docx', 200), zipBomb('pptx', 200)];
  expect(document.length).toBeLessThan(1024 * 1024);
  const moduleId = await createModuleWithFiles(
    teacher,
    `Zip bombs ${uniqueTag()}`,
    [
      { title: 'A document that inflates', fileName: 'inflates.docx', contentType: WORD, bytes: document },
      { title: 'A deck that inflates', fileName: 'inflates.pptx', contentType: PRESENTATION, bytes: deck },
    ],
    schoolClass.classId,
  );
  await signInAs(page, student);
  await open(page, `/student/class/${schoolClass.classId}/module/${moduleId}`);
  // Files come from the app's own origin, by signed link.
  const app = new URL(stackConfig().url).origin;
  const fileArrives = () =>
    page.waitForResponse((response) => {
      const url = new URL(response.url());
      return url.origin === app && url.pathname.startsWith('/protected/') && response.ok();
    });
  const tooLarge = async (fileName: string) => {
    // The product's promise to the student (issue 21): an answer within 5 s of the file arriving, not a frozen tab.
    await page.getByText('This file is too large to show here. Download it to open it on your device.').waitFor({ timeout: 5_000 });
    const panel = page.getByRole('region', { name: 'File details' });
    expect(await panel.getByRole('link', { name: 'Download' }).getAttribute('download')).toBe(fileName);
    expect(await page.locator(DOCUMENT_FRAME_SELECTOR).count()).toBe(0);
  };

  let arrived = fileArrives();
  await page.getByRole('link', { name: 'View Content: A document that inflates' }).click();
  await arrived;
  await tooLarge('inflates.docx');
  await checkPage(page, 'reader-too-large');
  await page.getByRole('button', { name: 'Mark as Complete' }).click();
  await page.getByRole('button', { name: 'Completed' }).waitFor();

  arrived = fileArrives();
  await page.getByRole('link', { name: /^Next: A deck that inflates/ }).click();
  await arrived;
  await tooLarge('inflates.pptx');
});
