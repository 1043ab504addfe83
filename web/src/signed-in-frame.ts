// Runs inline in the HTML of a signed-in dashboard (web/build/page-html.ts), before the first paint. When this browser
// holds a valid session of the page's role, with the name kept from the last load, it replaces the session check in
// #root with the page's frame, rendered at build time (src/prerender.tsx): the area's header and the page's first
// screen, its data still loading, named for the user. A slow phone then paints the greeting before any script, rather
// than "Checking your session...". The app renders over it from the same stored session (app/start-app.tsx). It reads
// what the app itself would read at start; the API still checks every token it is sent.
import { displayName, initialOf } from '@shared/person-name';
import { readStoredUser, storedClientId } from './lib/auth/stored-session';
import { FRAME_NAME, FRAME_SHOWN_ATTRIBUTE, FRAME_STYLE_ATTRIBUTE, FRAME_TEMPLATE_ID } from './signed-in-frame-markup';

const FRAME_INITIAL = initialOf(FRAME_NAME);

export function showSignedInFrame(): void {
  const template = document.getElementById(FRAME_TEMPLATE_ID);
  const root = document.getElementById('root');
  if (!(template instanceof HTMLTemplateElement) || !root) return;
  const clientId = storedClientId();
  const user = clientId === null ? null : readStoredUser(clientId);
  if (!user || user.role !== template.dataset.role) return;

  const shown = displayName(user);
  const fill = (text: string) => text.replaceAll(FRAME_NAME, shown).replaceAll(FRAME_INITIAL, initialOf(shown));
  const frame = template.content.cloneNode(true) as DocumentFragment;
  const nodes = document.createTreeWalker(frame, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
  for (let node = nodes.nextNode(); node; node = nodes.nextNode()) {
    if (node instanceof Text) node.data = fill(node.data);
    else for (const attribute of (node as Element).attributes) attribute.value = fill(attribute.value);
  }
  for (const element of frame.querySelectorAll<HTMLElement>(`[${FRAME_STYLE_ATTRIBUTE}]`)) {
    element.style.cssText = element.getAttribute(FRAME_STYLE_ATTRIBUTE) ?? '';
    element.removeAttribute(FRAME_STYLE_ATTRIBUTE);
  }
  root.replaceChildren(frame);
  root.setAttribute(FRAME_SHOWN_ATTRIBUTE, '');
}
