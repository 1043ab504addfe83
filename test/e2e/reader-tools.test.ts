// The reader's tools in a real browser (issue 27), at 1280 and 375 px: a PDF or a deck opens (and reloads) without
// moving the page (layout shift ≤ 0.02), Search this file finds words in the seeded 50-page handbook and lands on
// their page with the match marked, and the slide zoom changes the slide's size.
import type { Page } from 'playwright-core';
import { open, signInAs } from './support/app';
import { DOCUMENT_FRAME_SELECTOR, NARROW, useBrowser, waitForLoaded, WIDE } from './support/browser';
import { layoutShiftOf, observeLayoutShift } from './support/layout-shift';
import { newReaderOfSeededModule } from './support/stack';

const session = useBrowser();

/** The budget for opening a file in the reader. */
const MAX_LAYOUT_SHIFT = 0.02;
const MODULE = 'Cells: the building blocks of life';
const HANDBOOK = 'Handbook: cell division';
const SLIDES = 'Slides: photosynthesis';

/** The class of a new student who reads the seeded module (the reader remembers each student's page). */
let classId: string;

/** Signs in a new student of a class with the seeded module: no other test has moved their place in its files. */
async function signInAsNewReader(page: Page): Promise<void> {
  const { student, schoolClass } = await newReaderOfSeededModule();
  classId = schoolClass.classId;
  await signInAs(page, student);
}

/** Opens a seeded section of the module from its View Content link; answers the reader's path. */
async function openSection(page: Page, title: string): Promise<string> {
  await open(page, `/student/class/${classId}`);
  await page.getByRole('link', { name: MODULE }).click();
  await page.getByRole('link', { name: `View Content: ${title}` }).click();
  await page.getByRole('heading', { level: 1, name: new RegExp(`${title}$`) }).waitFor();
  return new URL(page.url()).pathname;
}

const toolbarOf = (page: Page, unit: 'Page' | 'Slide') => page.getByRole('toolbar', { name: `${unit} controls` });
const slideWidth = (page: Page) => page.locator('.slide-stage').evaluate((stage) => stage.getBoundingClientRect().width);

it('a PDF and a deck open and reload without moving the page, at 1280 and 375 px', async () => {
  const { page, context } = session();
  await observeLayoutShift(context);
  await signInAsNewReader(page);
  const cases = [
    { title: HANDBOOK, shown: () => page.getByText('Cell biology handbook: page 1 of 50').waitFor() },
    { title: 'Reading: cells', shown: () => page.getByText('Every living thing is made of one or more cells.').waitFor() },
    { title: SLIDES, shown: () => page.frameLocator(DOCUMENT_FRAME_SELECTOR).getByText('Plants make glucose from carbon dioxide and water.').waitFor() },
  ];
  for (const viewport of [WIDE, NARROW]) {
    await page.setViewportSize(viewport);
    for (const { title, shown } of cases) {
      const readerPath = await openSection(page, title);
      await shown();
      await open(page, readerPath);
      await shown();
      await waitForLoaded(page);
      const shift = await layoutShiftOf(page);
      if (shift.total > MAX_LAYOUT_SHIFT) {
        throw new Error(`Layout shift ${shift.total.toFixed(3)} (budget ${MAX_LAYOUT_SHIFT}) reloading ${title} at ${viewport.width} px:\n  ${shift.shifts.join('\n  ')}`);
      }
    }
  }
});

it('Search this file finds words in the 50-page handbook, ignoring case and accents, and lands on their page at 1280 px', async () => {
  const { page, checkPage } = session();
  await signInAsNewReader(page);
  await openSection(page, HANDBOOK);
  const toolbar = toolbarOf(page, 'Page');
  await toolbar.getByText('Page 1 of 50', { exact: true }).waitFor();
  const box = toolbar.getByRole('searchbox', { name: 'Search this file' });
  const found = toolbar.getByRole('status');

  await box.fill('PAGE 37 of the HANDBOOK');
  await box.press('Enter');
  await found.getByText('1 of 1', { exact: true }).waitFor();
  await toolbar.getByText('Page 37 of 50', { exact: true }).waitFor();
  await page.getByText('Cell biology handbook: page 37 of 50').waitFor();
  // The match is marked in the page's text layer (a <mark> has no role Playwright names).
  expect(await page.locator('.textLayer mark').allTextContents()).toEqual(['page 37 of the handbook']);
  await checkPage(page, 'reader-pdf-search');

  // On every page: counted from the page being read; Enter and Shift+Enter step, Next match too.
  await box.fill('mitósis');
  await box.press('Enter');
  await found.getByText('37 of 50', { exact: true }).waitFor();
  await box.press('Enter');
  await found.getByText('38 of 50', { exact: true }).waitFor();
  await toolbar.getByText('Page 38 of 50', { exact: true }).waitFor();
  await page.getByText('Cell biology handbook: page 38 of 50').waitFor();
  await box.press('Shift+Enter');
  await box.press('Shift+Enter');
  await found.getByText('36 of 50', { exact: true }).waitFor();
  await toolbar.getByText('Page 36 of 50', { exact: true }).waitFor();

  await box.fill('nucleus');
  await box.press('Enter');
  await found.getByText('No matches', { exact: true }).waitFor();
  await box.press('Escape');
  expect(await box.inputValue()).toBe('');
  expect(await page.locator('.textLayer mark').count()).toBe(0);
});

it('at 375 px the PDF toolbar keeps one row with every control in sight, and Tools opens search and the rest under it', async () => {
  const { page } = session();
  await page.setViewportSize(NARROW);
  await signInAsNewReader(page);
  await openSection(page, HANDBOOK);
  const toolbar = toolbarOf(page, 'Page');
  await toolbar.getByText('Page 1 of 50', { exact: true }).waitFor();
  const rowHeight = await toolbar.getByRole('button', { name: 'Next page' }).evaluate((button) => button.getBoundingClientRect().height);
  const oneRowInSight = () => toolbar.evaluate((bar, row) => bar.getBoundingClientRect().height < row * 1.5 && bar.scrollWidth <= bar.clientWidth, rowHeight);
  expect(await oneRowInSight()).toBe(true);

  await toolbar.getByRole('button', { name: 'Tools', expanded: false }).click();
  const box = toolbar.getByRole('searchbox', { name: 'Search this file' });
  await box.fill('page 12 of the handbook');
  await box.press('Enter');
  await page.getByRole('status').getByText('1 of 1', { exact: true }).waitFor();
  await toolbar.getByText('Page 12 of 50', { exact: true }).waitFor();
  await page.getByText('Cell biology handbook: page 12 of 50').waitFor();
  // The opened tools wrap under the row, inside the page's width.
  expect(await toolbar.evaluate((bar) => bar.scrollWidth <= bar.clientWidth)).toBe(true);
  expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(NARROW.width);

  await box.press('Escape');
  expect(await box.inputValue()).toBe('');
  await toolbar.getByRole('button', { name: 'Tools', expanded: true }).click();
  await box.waitFor({ state: 'hidden' });
  expect(await oneRowInSight()).toBe(true);
});

it('zooms slides in and out and back to fit, at 1280 and 375 px', async () => {
  const { page, checkPage } = session();
  await signInAsNewReader(page);
  for (const viewport of [WIDE, NARROW]) {
    await page.setViewportSize(viewport);
    await openSection(page, SLIDES);
    await page.frameLocator(DOCUMENT_FRAME_SELECTOR).getByText('Plants make glucose from carbon dioxide and water.').waitFor();
    const toolbar = toolbarOf(page, 'Slide');
    if (viewport === NARROW) await toolbar.getByRole('button', { name: 'Tools' }).click();
    const fitted = await slideWidth(page);

    await toolbar.getByRole('button', { name: 'Zoom in' }).click();
    await toolbar.getByRole('button', { name: 'Zoom in' }).click();
    await toolbar.getByRole('button', { name: 'Fit to width', pressed: false }).waitFor();
    const zoomedIn = await slideWidth(page);
    expect(zoomedIn).toBeGreaterThan(fitted * 1.2);
    // The larger slide scrolls inside its frame; the page itself does not widen.
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(viewport.width);

    await toolbar.getByRole('button', { name: 'Zoom out' }).click();
    expect(await slideWidth(page)).toBeLessThan(zoomedIn * 0.9);
    if (viewport === WIDE) await checkPage(page, 'reader-pptx-zoomed');
    await toolbar.getByRole('button', { name: 'Fit to width' }).click();
    await toolbar.getByRole('button', { name: 'Fit to width', pressed: true }).waitFor();
    expect(await slideWidth(page)).toBeCloseTo(fitted, 0);
  }
});

it('continuous scroll shows the pages one under the other and follows the page being read, at 1280 and 375 px', async () => {
  const { page } = session();
  await signInAsNewReader(page);
  for (const viewport of [WIDE, NARROW]) {
    await page.setViewportSize(viewport);
    await openSection(page, HANDBOOK);
    const toolbar = toolbarOf(page, 'Page');
    if (viewport === NARROW) await toolbar.getByRole('button', { name: 'Tools' }).click();
    // The second width reopens the file where the first left it.
    await page.getByLabel('Go to page').fill('1');
    await page.getByLabel('Go to page').press('Enter');
    await toolbar.getByText('Page 1 of 50', { exact: true }).waitFor();
    await toolbar.getByRole('button', { name: 'Continuous scroll', pressed: false }).click();
    await toolbar.getByRole('button', { name: 'Continuous scroll', pressed: true }).waitFor();
    // The next page is drawn under the first.
    await page.getByText('Cell biology handbook: page 2 of 50').waitFor({ state: 'attached' });

    // End goes to the last page; scrolling back up follows the page reached.
    const pages = page.getByRole('group', { name: /, page \d+ of 50$/ });
    await pages.press('End');
    await toolbar.getByText('Page 50 of 50', { exact: true }).waitFor();
    await page.getByText('Cell biology handbook: page 50 of 50').waitFor();
    await pages.evaluate((frame) => frame.scrollBy(0, -frame.clientHeight * 2.5));
    await toolbar.getByText(/^Page 4[6-8] of 50$/).waitFor();
    // Only the pages near the one being read are drawn.
    expect(await page.locator('.pdf-page canvas:not([hidden])').count()).toBeLessThanOrEqual(5);

    // Paging and search scroll to their page.
    await page.getByLabel('Go to page').fill('20');
    await page.getByLabel('Go to page').press('Enter');
    await toolbar.getByText('Page 20 of 50', { exact: true }).waitFor();
    await page.getByText('Cell biology handbook: page 20 of 50').waitFor();
    if (viewport === WIDE) {
      await toolbar.getByRole('searchbox', { name: 'Search this file' }).fill('page 33 of the handbook');
      await toolbar.getByRole('searchbox', { name: 'Search this file' }).press('Enter');
      await toolbar.getByText('Page 33 of 50', { exact: true }).waitFor();
      await page.locator('.textLayer mark').getByText('page 33 of the handbook').waitFor();
    }
  }
});
