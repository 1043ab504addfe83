/**
 * @jest-environment jsdom
 */
// A real Word file (functions/test/fixtures/positioned-overlay.docx, made by LibreOffice from the .fodt beside it) with
// a text box anchored to the page over the worksheet's text, saying "Session expired, call ...": rendered as the Word
// reader renders it, the text box comes back into the document's flow, so it can no longer lie over the text.
import { readFileSync } from 'node:fs';
import { renderAsync } from 'docx-preview';
import { keepInFlow, neutralizeUntrustedHtml } from '../utils/untrusted-html';
import { RENDER_OPTIONS } from './docx-viewer';

// docx-preview measures shapes after rendering; jsdom lays nothing out.
Object.defineProperty(SVGElement.prototype, 'getBBox', { configurable: true, value: () => ({ x: 0, y: 0, width: 0, height: 0 }) });

const OUT_OF_FLOW = /(^|;)\s*position\s*:\s*(absolute|fixed|sticky)/i;
const isOutOfFlow = (element: Element) => OUT_OF_FLOW.test(element.getAttribute('style') ?? '');

async function rendered(prepare: (root: HTMLElement) => void): Promise<HTMLElement> {
  const root = document.createElement('div');
  await renderAsync(new Blob([readFileSync('functions/test/fixtures/positioned-overlay.docx')]), root, root, RENDER_OPTIONS);
  prepare(root);
  return root;
}

/** The element that holds the text box's words, and the elements around it up to the page. */
function overlayChain(root: HTMLElement): Element[] {
  // The innermost: the spans around the text box hold its words too.
  const span = [...root.querySelectorAll('span')].findLast((each) => each.textContent === 'Session expired, call 0800 000 000 to sign in again');
  const chain: Element[] = [];
  for (let at: Node | null = span ?? null; at && at !== root; at = at.parentNode) if (at instanceof Element) chain.push(at);
  return chain;
}

const positioned = (chain: Element[]) => chain.filter(isOutOfFlow);

it('is what the file holds: a text box positioned over the page', async () => {
  const root = await rendered(neutralizeUntrustedHtml);
  expect(positioned(overlayChain(root))).not.toEqual([]);
});

it('puts the text box back into the flow of the document, keeping its words readable', async () => {
  const root = await rendered((staging) => {
    neutralizeUntrustedHtml(staging);
    keepInFlow(staging);
  });
  const chain = overlayChain(root);
  expect(chain.length).toBeGreaterThan(0);
  expect(positioned(chain)).toEqual([]);
  expect([...root.querySelectorAll('article [style]')].filter(isOutOfFlow)).toEqual([]);
  expect(root.textContent).toContain('Question 1: what was the highest temperature this week?');
});
