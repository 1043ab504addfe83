// `npm run bench` (second part): how soon a student sees each seeded file in the reader, in Debian's Chromium against
// a fresh seeded local stack with the built web app. Measured from the click on View Content on the module page until
// text from inside the file is on screen, with an empty HTTP cache (the reader's and the viewer's chunks, pdf.js's
// worker and the file all come over the network), and also for a reload of the reader's URL (the whole app starting
// cold), with the layout shift of that reload (CLS: the shifts no input caused, until the text shows) and, when there
// is one, what moved. Prints figures next to the issues' budgets (2 s; a shift of 0.02); asserts nothing. Needs
// `npm run build` first.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { chromium, type Page } from 'playwright-core';
import { DEMO_USERS } from '@local/seed';
import { startLocalStack } from '@local/stack';
import { DOCUMENT_FRAME_SELECTOR } from '../test/e2e/support/browser';
import { layoutShiftOf, observeLayoutShift, type LayoutShift } from '../test/e2e/support/layout-shift';

const RUNS = 5;
const BUDGET_MS = 2000;
const SHIFT_BUDGET = 0.02;
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

/** The seeded module's sections and a line from inside each file. */
const CASES = [
  { label: 'PDF, 10 MB / 50 pages: first page', section: 'Handbook: cell division', text: 'Cell biology handbook: page 1 of 50' },
  { label: 'PDF, 2 pages: first page', section: 'Reading: cells', text: 'Every living thing is made of one or more cells.' },
  { label: 'PowerPoint, 3 slides: first slide', section: 'Slides: photosynthesis', text: 'Plants make glucose from carbon dioxide and water.', inFrame: true },
  { label: 'Word document: rendered', section: 'Worksheet: label a cell', text: 'Use the reading on cells to answer these questions. Write in full sentences.', inFrame: true },
];

async function main() {
  const webRoot = path.resolve(__dirname, '../web/dist');
  if (!existsSync(path.join(webRoot, 'index.html'))) throw new Error('No built web app: run `npm run build` first.');
  const stack = await startLocalStack({ seed: true, webRoot });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await observeLayoutShift(page.context());
    const student = DEMO_USERS.find((user) => user.email === 'student@example.com')!;
    await signIn(page, stack.config.url, student.email, student.password);
    const paths = await sectionPaths(page);

    console.log(`\nReader benchmark (Chromium, local stack, ${RUNS} runs each, budget ${BUDGET_MS} ms)`);
    const modulePath = paths.get('')!;
    for (const { label, section, text, inFrame } of CASES) {
      // Word and PowerPoint content is in the reader's document frame.
      const fileText = () => (inFrame ? page.frameLocator(DOCUMENT_FRAME_SELECTOR) : page).getByText(text, { exact: true });
      const fromModule: number[] = [];
      const coldStart: number[] = [];
      const shifts: number[] = [];
      let worst: LayoutShift = { total: 0, shifts: [] };
      for (let run = 0; run < RUNS; run += 1) {
        await page.goto(`${stack.config.url}${modulePath}`);
        const viewContent = page.getByRole('link', { name: `View Content: ${section}` });
        await viewContent.waitFor();
        await clearHttpCache(page);
        let started = performance.now();
        await viewContent.click();
        await fileText().waitFor({ timeout: 30_000 });
        fromModule.push(performance.now() - started);

        await clearHttpCache(page);
        started = performance.now();
        await page.reload();
        await fileText().waitFor({ timeout: 30_000 });
        coldStart.push(performance.now() - started);
        const shift = await layoutShiftOf(page);
        if (shift.total > worst.total) worst = shift;
        shifts.push(shift.total);
      }
      const shift = Math.max(...shifts);
      console.log(
        `${label.padEnd(40)} from View Content ${figures(fromModule)}   reload ${figures(coldStart)}   ` +
          `layout shift ${shift.toFixed(3)} of ${SHIFT_BUDGET} (${shift <= SHIFT_BUDGET ? 'ok' : 'OVER'})`,
      );
      // What moved in the worst reload (an element pushed out of the window ends at 0), so a shift names its cause.
      for (const line of worst.shifts) console.log(`    ${line}`);
    }
  } finally {
    await browser.close();
    await stack.stop();
  }
}

async function clearHttpCache(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await cdp.detach();
}

function figures(times: number[]): string {
  const sorted = [...times].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)];
  const worst = sorted[sorted.length - 1];
  const verdict = worst <= BUDGET_MS ? 'ok' : median <= BUDGET_MS ? 'median ok' : 'OVER';
  return `median ${median.toFixed(0).padStart(5)} ms, worst ${worst.toFixed(0).padStart(5)} ms (${verdict})`;
}

async function signIn(page: Page, url: string, email: string, password: string) {
  await page.goto(`${url}/student-login`);
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL((target) => target.pathname === '/student-dashboard');
}

/** Each seeded section's reader path, read from the module page's View Content links; '' is the module page's. */
async function sectionPaths(page: Page): Promise<Map<string, string>> {
  await page.getByRole('link', { name: 'View Class' }).click();
  await page.getByRole('link', { name: 'Cells: the building blocks of life' }).click();
  const links = page.getByRole('link', { name: /^View Content: / });
  await links.first().waitFor();
  const paths = new Map<string, string>([['', new URL(page.url()).pathname]]);
  for (const link of await links.all()) {
    const name = (await link.getAttribute('aria-label'))!.replace('View Content: ', '');
    paths.set(name, (await link.getAttribute('href'))!);
  }
  return paths;
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
