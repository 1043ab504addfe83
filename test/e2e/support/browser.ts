// Playwright on Debian's Chromium for the browser tests: one browser per test file, a fresh context per test, every
// console error and uncaught page error collected (a test fails on any), and checkPage(): no sideways scrolling and a
// full-page screenshot at 1280 px and at 375 px into .artifacts/screenshots/, and axe-core (no serious or critical
// violation) at one of the two widths.
import AxeBuilder from '@axe-core/playwright';
import { createHash } from 'node:crypto';
import { appendFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type ConsoleMessage, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';

export const SCREENSHOT_DIR = path.resolve(__dirname, '../../../.artifacts/screenshots');
const LAST_STATE_DIR = path.resolve(__dirname, '../../../.artifacts/e2e-last-state');
/** Moderate and minor axe findings do not fail a test; they are listed here to be looked at. */
export const AXE_NOTES_FILE = path.resolve(__dirname, '../../../.artifacts/axe-moderate-and-minor.txt');
export const WIDE = { width: 1280, height: 800 };
export const NARROW = { width: 375, height: 812 };
/** The reader's frame for Word documents and slides (web/src/features/reader/viewers/document-frame.tsx). */
export const DOCUMENT_FRAME_SELECTOR = 'iframe.document-frame';

/**
 * Screenshots are for people walking the screens. CI (tools/test-ci.ts) sets `E2E_SCREENSHOTS=off`: nobody sees them
 * there, and they cost about a sixth of the run's CPU.
 */
export const TAKE_SCREENSHOTS = process.env.E2E_SCREENSHOTS !== 'off';
/**
 * axe-core runs at one width per screen state, the same one every run (from the state's name), half the states at
 * each: a run of axe costs about 1.4 s of CPU whatever it checks, and at both widths it was half the browser tests'
 * CPU. The app's header and menus get checked at both widths many times over; a state's own content is the same
 * elements at either width. `E2E_AXE_WIDTHS=both` checks every state at both
 * (docs/decisions/tests/axe-at-one-width-per-screen-state.md).
 */
const AXE_AT_BOTH_WIDTHS = process.env.E2E_AXE_WIDTHS === 'both';
const axeWidthFor = (name: string) => (createHash('sha256').update(name).digest()[0]! % 2 === 0 ? WIDE.width : NARROW.width);

/** Every Playwright wait gives up well before jest's 120 s test timeout, so the failure names the step. */
const STEP_TIMEOUT_MS = 15_000;

export interface Problem {
  kind: 'console' | 'pageerror' | 'axe' | 'layout';
  where: string;
  text: string;
}

export interface BrowserSession {
  context: BrowserContext;
  page: Page;
  /**
   * At 1280 px and at 375 px: checks that the page as it is does not scroll sideways and screenshots it as
   * `<name>-1280.png` / `<name>-375.png`; runs axe-core on it at one of the two (TAKE_SCREENSHOTS, axeWidthFor).
   */
  checkPage(page: Page, name: string): Promise<void>;
  /** Console errors, page errors, axe and layout findings so far. */
  problems: Problem[];
}

/**
 * Registers the browser's lifecycle with jest and returns a getter for the current test's session. After each test
 * the collected problems are asserted: a console error, an uncaught page error or a serious/critical axe violation
 * fails the test that caused it, with the details in the message.
 */
export function useBrowser({ args = [] }: { args?: string[] } = {}): () => BrowserSession {
  let browser: Browser | undefined;
  let current: BrowserSession | undefined;

  beforeAll(async () => {
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: [...CHROMIUM_ARGS, ...args] });
  });

  afterAll(async () => {
    await browser?.close();
  });

  beforeEach(async () => {
    if (!browser) throw new Error('The browser did not start (see beforeAll).');
    current = await openSession(browser);
  });

  afterEach(async () => {
    const session = current;
    current = undefined;
    if (!session) return;
    // The last state of every test's main page, for looking into a failure.
    const testName = expect.getState().currentTestName ?? 'test';
    mkdirSync(LAST_STATE_DIR, { recursive: true });
    if (TAKE_SCREENSHOTS) await session.page
      .screenshot({ path: path.join(LAST_STATE_DIR, `${slug(testName)}.png`), fullPage: true, timeout: 5_000 })
      .catch(() => undefined);
    await session.context.close();
    if (session.problems.length > 0) throw new Error(describeProblems(session.problems));
  });

  return () => {
    if (!current) throw new Error('No browser session: call the getter inside a test.');
    return current;
  };
}

async function openSession(browser: Browser): Promise<BrowserSession> {
  // The identity twin's hosted sign-in pages are https with a self-signed certificate (local/identity-hosted-ui.ts).
  const context = await browser.newContext({ viewport: WIDE, reducedMotion: 'reduce', acceptDownloads: true, ignoreHTTPSErrors: true });
  context.setDefaultTimeout(STEP_TIMEOUT_MS);
  context.setDefaultNavigationTimeout(STEP_TIMEOUT_MS);
  const problems: Problem[] = [];

  context.on('console', (message) => {
    if (message.type() !== 'error' || isExpectedConsoleError(message)) return;
    const location = message.location();
    problems.push({
      kind: 'console',
      where: message.page()?.url() ?? '(no page)',
      text: `${message.text()}${location.url ? ` (at ${location.url}:${location.lineNumber})` : ''}`,
    });
  });
  context.on('weberror', (webError) => {
    const error = webError.error();
    problems.push({ kind: 'pageerror', where: webError.page()?.url() ?? '(no page)', text: error.stack ?? error.message });
  });

  const page = await context.newPage();
  return {
    context,
    page,
    problems,
    checkPage: (target, name) => checkPage(target, name, problems),
  };
}

/** Chromium logs every 4xx/5xx answer as a console error; the only one the product expects is a missing favicon. */
function isExpectedConsoleError(message: ConsoleMessage): boolean {
  const text = message.text();
  if (!text.startsWith('Failed to load resource')) return false;
  const url = message.location().url ?? '';
  return /\/favicon\.ico(\?|$)/.test(url);
}

/** Waits until no loading line ("Loading...", "Checking your session...") is on screen. */
export async function waitForLoaded(page: Page): Promise<void> {
  await waitUntil(page, `[...document.querySelectorAll('[role="status"]')].every(
    (element) => !/^(Loading|Checking your session)/.test((element.textContent ?? '').trim()),
  )`);
}

const POLL_INTERVAL_MS = 50;
const WAIT_TIMEOUT_MS = 30_000;

/**
 * Polls a page expression until it is truthy. Not `page.waitForFunction`: that re-runs the expression through the
 * page's own eval, which the app's CSP (script-src 'self') refuses from the second try on. The expression is a
 * string because this project's Node-side TypeScript has no DOM types.
 */
export async function waitUntil(page: Page, expression: string): Promise<void> {
  const deadline = Date.now() + WAIT_TIMEOUT_MS;
  for (;;) {
    const done = await page.evaluate(expression).catch((error: Error) => {
      // A navigation between two polls destroys the context the expression ran in: poll again on the new page.
      if (/context was destroyed|navigat/i.test(error.message)) return false;
      throw error;
    });
    if (done) return;
    if (Date.now() > deadline) throw new Error(`Waited ${WAIT_TIMEOUT_MS} ms for the page to satisfy: ${expression}`);
    await page.waitForTimeout(POLL_INTERVAL_MS);
  }
}

const BLOCKING_IMPACTS = new Set(['serious', 'critical']);

async function checkPage(page: Page, name: string, problems: Problem[]): Promise<void> {
  await waitForLoaded(page);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  const original = page.viewportSize() ?? WIDE;
  try {
    for (const viewport of [WIDE, NARROW]) {
      await page.setViewportSize(viewport);
      await settled(page);
      // A teacher's document in the reader's document frame is not the app's markup (and the frame runs no script, so
      // axe could not run inside it); the frame itself, and its title, are checked.
      const results = AXE_AT_BOTH_WIDTHS || viewport.width === axeWidthFor(name) ? await new AxeBuilder({ page }).exclude(DOCUMENT_FRAME_SELECTOR).analyze() : undefined;
      if (results && results.passes.length === 0) throw new Error(`axe-core checked nothing on ${name} (${page.url()}).`);
      for (const violation of results?.violations ?? []) {
        if (!BLOCKING_IMPACTS.has(violation.impact ?? '')) {
          const targets = violation.nodes.slice(0, 3).map((node) => node.target.join(' ')).join(' | ');
          appendFileSync(AXE_NOTES_FILE, `${name}@${viewport.width}: ${violation.impact} ${violation.id}: ${violation.help} [${targets}]\n`);
          continue;
        }
        const nodes = violation.nodes
          .slice(0, 5)
          .map((node) => `      ${node.target.join(' ')}\n        ${(node.failureSummary ?? '').replace(/\n/g, '\n        ')}`)
          .join('\n');
        problems.push({
          kind: 'axe',
          where: `${name} at ${viewport.width} px (${page.url()})`,
          text: `${violation.impact} ${violation.id}: ${violation.help} (${violation.nodes.length} node(s))\n${nodes}`,
        });
      }
      // Responsive down to 375 px: nothing may make the whole page scroll sideways (a wide table scrolls in its own box).
      const pageWidth = Number(await page.evaluate('document.documentElement.scrollWidth'));
      if (pageWidth > viewport.width) {
        // The innermost elements reaching past the window: what to fix.
        const overflowing = await page.evaluate(`[...document.querySelectorAll('body *')]
          .filter((element) => element.getBoundingClientRect().right > ${viewport.width} && ![...element.children].some((child) => child.getBoundingClientRect().right > ${viewport.width}))
          .slice(0, 5)
          .map((element) => element.tagName.toLowerCase() + (element.className && typeof element.className === 'string' ? '.' + element.className.trim().split(/\\s+/).join('.') : '') + ' (right ' + Math.round(element.getBoundingClientRect().right) + ' px)')
          .join(', ')`);
        problems.push({
          kind: 'layout',
          where: `${name} at ${viewport.width} px (${page.url()})`,
          text: `the page is ${pageWidth} px wide: it scrolls sideways (past the window: ${String(overflowing)})`,
        });
      }
      if (TAKE_SCREENSHOTS) await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}-${viewport.width}.png`), fullPage: true });
    }
  } finally {
    await page.setViewportSize(original);
    await settled(page);
  }
}

/** Two animation frames: React has handled the resize (media queries) and painted. */
async function settled(page: Page): Promise<void> {
  await page.evaluate('new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))');
}

function describeProblems(problems: Problem[]): string {
  const lines = problems.map((problem) => `- [${problem.kind}] ${problem.where}\n    ${problem.text.replace(/\n/g, '\n    ')}`);
  return `The browser reported ${problems.length} problem(s):\n${lines.join('\n')}`;
}

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 80);
