// Pages do not jump while they load: the browser's own layout-shift records (what Core Web Vitals' CLS is made of)
// stay at or under 0.05 on the landing page, the teacher login, the teacher dashboard and a 200-student report, at
// 1280 and at 375 px. The report also stays smooth at that size: only the rows near the screen are in the page.
import type { Page } from 'playwright-core';
import { open, signInAs } from './support/app';
import { NARROW, useBrowser, waitForLoaded, waitUntil, WIDE } from './support/browser';
import { layoutShiftOf, observeLayoutShift, type LayoutShift } from './support/layout-shift';
import type { LargeClass } from './support/large-class';
import { createLargeClassOf, newUser, type TestUser } from './support/stack';

const session = useBrowser();

/** The budget: half of what Core Web Vitals call good (0.1). */
const MAX_LAYOUT_SHIFT = 0.05;
const VIEWPORTS = [WIDE, NARROW];

/** Loads `path` at each width, waits until `loaded` says the page is complete, and checks the shift budget. */
async function expectStableLoad(page: Page, path: string, loaded: () => Promise<unknown>) {
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await open(page, path);
    await loaded();
    await waitForLoaded(page);
    expectWithinBudget(`${path} at ${viewport.width} px`, await layoutShiftOf(page));
  }
}

/** Fails with each shift and the elements it moved. */
function expectWithinBudget(where: string, shift: LayoutShift) {
  if (shift.total > MAX_LAYOUT_SHIFT) {
    throw new Error(`Layout shift ${shift.total.toFixed(3)} (budget ${MAX_LAYOUT_SHIFT}) on ${where}:\n  ${shift.shifts.join('\n  ')}`);
  }
}

it('the landing page and the teacher login do not shift as they load', async () => {
  const { page, context } = session();
  await observeLayoutShift(context);

  await expectStableLoad(page, '/', async () => {
    await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Teacher Login' }).waitFor();
    await page.getByRole('heading', { name: 'In the classroom' }).waitFor();
  });
  await expectStableLoad(page, '/teacher-login', async () => {
    await page.getByRole('heading', { level: 1, name: 'Teacher Login' }).waitFor();
    // A trial click waits until Sign In is enabled (the session check has ended) without pressing it.
    await page.getByRole('form', { name: 'Sign in' }).getByRole('button', { name: 'Sign In', exact: true }).click({ trial: true });
  });
});

let teacher: TestUser;
let large: LargeClass;

// Some 4,500 writes: seconds on an idle machine, much longer on a busy one, so outside the test's own time limit.
beforeAll(async () => {
  teacher = await newUser('Teachers');
  large = await createLargeClassOf(teacher);
}, 300_000);

it('the teacher dashboard and a 200-student × 20-module report do not shift, and the report renders a window of rows', async () => {
  const { page, context, checkPage } = session();
  await observeLayoutShift(context);
  await signInAs(page, teacher);

  await expectStableLoad(page, '/teacher-dashboard', async () => {
    await page.getByRole('link', { name: large.className }).waitFor();
    // Every stat has its value (a placeholder "…" shows while one is loading).
    await waitUntil(page, `!document.body.innerText.includes('…')`);
  });

  const reportPath = `/analytics/${large.classId}`;
  const table = page.getByRole('table', { name: `Progress of each student in each module of ${large.className}` });
  await expectStableLoad(page, reportPath, async () => {
    await page.getByRole('heading', { level: 1, name: `Student Progress Report: ${large.className}` }).waitFor();
    await table.getByRole('rowheader', { name: large.studentNames[0] }).waitFor();
  });

  // All 200 students are announced, only those near the screen are in the page, and every module has its column (after Student and Last activity).
  expect(await table.getAttribute('aria-rowcount')).toBe('201');
  const rendered = await table.getByRole('rowheader').count();
  expect(rendered).toBeGreaterThan(5);
  expect(rendered).toBeLessThan(60);
  expect(await table.getByRole('columnheader').count()).toBe(2 + large.moduleTitles.length);

  // Scrolling far down brings those rows in without moving what is on screen.
  await page.setViewportSize(WIDE);
  await open(page, reportPath);
  await table.getByRole('rowheader', { name: large.studentNames[0] }).waitFor();
  const row150 = table.getByRole('rowheader', { name: large.studentNames[149] });
  expect(await row150.count()).toBe(0);
  await page.evaluate(`window.scrollTo(0, ${149 * 73})`);
  await row150.waitFor();
  expectWithinBudget('the report scrolled to row 150', await layoutShiftOf(page));
  expect(await table.getByRole('rowheader', { name: large.studentNames[0] }).count()).toBe(0);

  await page.evaluate('window.scrollTo(0, 0)');
  await checkPage(page, 'class-report-200-students');
});
