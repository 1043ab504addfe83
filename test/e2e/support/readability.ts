// Is a page readable on a phone? At the window's size as it is: the page does not scroll sideways; no text is cut
// sideways by a box that hides its overflow, unless it ends in an ellipsis and its full text is still told (a title,
// or the name of the link or button it is in); no text runs out of its table cell; no text is smaller than 12 px. Each finding names the element, so it
// can be fixed. Boxes that scroll (a wide table in its own scroller), text hidden for screen readers only
// (visually-hidden), a teacher's document inside the reader's frame and a PDF's text layer (the file's own text, drawn
// on the canvas at the file's size and zoomed with the reader's Zoom; the layer over it is transparent, for selecting
// and for screen readers) are not the app's text layout, so not judged.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { TAKE_SCREENSHOTS } from './browser';

/** Screenshots of the walk, for people to look at (git-ignored with the rest of .artifacts/). */
export const WALK_SCREENSHOT_DIR = path.resolve(__dirname, '../../../.artifacts/narrow-walk');
export const MIN_FONT_PX = 12;

// A string, as the project's Node-side TypeScript has no DOM types (see waitUntil in browser.ts).
const FINDINGS = `(() => {
  const name = (element) => element.tagName.toLowerCase()
    + (typeof element.className === 'string' && element.className.trim() ? '.' + element.className.trim().split(/\\s+/).join('.') : '')
    + ' "' + (element.textContent || '').trim().replace(/\\s+/g, ' ').slice(0, 40) + '"';
  const shown = (element) => {
    const box = element.getBoundingClientRect();
    return box.width > 2 && box.height > 2 && getComputedStyle(element).visibility !== 'hidden';
  };
  const ownText = (element) => [...element.childNodes].some((node) => node.nodeType === 3 && node.textContent.trim() !== '');
  const toldInFull = (element) => Boolean(element.closest('[title], a, button, [aria-label]'));
  const findings = [];
  const width = document.documentElement.clientWidth;
  if (document.documentElement.scrollWidth > width) {
    findings.push('the page is ' + document.documentElement.scrollWidth + ' px wide in a ' + width + ' px window');
  }
  for (const element of document.body.querySelectorAll('*')) {
    if (element.closest('.visually-hidden, .textLayer, iframe, svg, script, style, noscript') || !shown(element)) continue;
    const style = getComputedStyle(element);
    if (ownText(element) && parseFloat(style.fontSize) < ${MIN_FONT_PX}) {
      findings.push(name(element) + ': text of ' + style.fontSize);
    }
    // A table's columns have their widths: a cell's words running past its edge go under the next column.
    if ((element.tagName === 'TD' || element.tagName === 'TH') && element.scrollWidth > element.clientWidth + 1 && (element.textContent || '').trim() !== '') {
      findings.push(name(element) + ': text runs out of its cell (' + element.scrollWidth + ' px in ' + element.clientWidth + ' px)');
    }
    const hidesOverflow = style.overflowX === 'hidden' || style.overflowX === 'clip';
    if (hidesOverflow && element.scrollWidth > element.clientWidth + 1 && (element.textContent || '').trim() !== '') {
      const ellipsis = style.textOverflow === 'ellipsis';
      if (!ellipsis || !toldInFull(element)) {
        findings.push(name(element) + ': text cut sideways (' + element.scrollWidth + ' px in ' + element.clientWidth + ' px, ' + (ellipsis ? 'ellipsis without the full text told' : 'no ellipsis') + ')');
      }
    }
  }
  return findings;
})()`;

/**
 * The page's readability findings at the window's size, each prefixed with `name`, and a full-page screenshot
 * `<name>.png` in WALK_SCREENSHOT_DIR.
 */
export async function readabilityFindings(page: Page, name: string): Promise<string[]> {
  // Two frames: layout after the last change is done.
  await page.evaluate('new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))');
  if (TAKE_SCREENSHOTS) {
    mkdirSync(WALK_SCREENSHOT_DIR, { recursive: true });
    await page.screenshot({ path: path.join(WALK_SCREENSHOT_DIR, `${name}.png`), fullPage: true });
  }
  const findings = (await page.evaluate(FINDINGS)) as string[];
  return findings.map((finding) => `${name}: ${finding}`);
}
