// Layout shift as the browser reports it (the Layout Instability API behind Core Web Vitals' CLS): an observer
// installed before any page script runs adds up every shift not caused by the user's own input, and remembers which
// elements moved, so a failing test names them.
import type { BrowserContext, Page } from 'playwright-core';

// Strings: this project's Node-side TypeScript has no DOM types.
const OBSERVE_LAYOUT_SHIFT = `
  window.__layoutShift = { total: 0, shifts: [] };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.hadRecentInput) continue;
      window.__layoutShift.total += entry.value;
      const moved = (entry.sources || []).map((source) => {
        const node = source.node;
        const name = node ? node.nodeName.toLowerCase() + (node.className ? '.' + String(node.className).split(' ').join('.') : '') : '(removed)';
        return name + ' ' + Math.round(source.previousRect.y) + '→' + Math.round(source.currentRect.y) + 'px';
      });
      window.__layoutShift.shifts.push(entry.value.toFixed(3) + ' at ' + Math.round(entry.startTime) + ' ms: ' + moved.join(', '));
    }
  }).observe({ type: 'layout-shift', buffered: true });
`;

/** Every page of the context, from now on, counts its layout shifts. */
export async function observeLayoutShift(context: BrowserContext): Promise<void> {
  await context.addInitScript(OBSERVE_LAYOUT_SHIFT);
}

export interface LayoutShift {
  /** The sum of all shifts so far (at least the CLS, which counts the worst burst only). */
  total: number;
  /** One line per shift: its score, when, and which elements moved where. */
  shifts: string[];
}

/** The current page's layout shift since it loaded, after two frames so the last render is counted. */
export async function layoutShiftOf(page: Page): Promise<LayoutShift> {
  await page.evaluate('new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))');
  return (await page.evaluate('window.__layoutShift')) as LayoutShift;
}
