// Entry point: fetch /config.json, then render the app as soon as its code is in. Public pages paint without waiting
// for the configuration; a signed-in page waits for it, and then for Amplify only when the stored session cannot be
// used as it is (lib/auth): otherwise Amplify loads once the page has its data. The pages rendered at build time
// (src/prerender.tsx) come with their markup in #root, hydrated, not redrawn: a public page's modules are fetched once
// it has painted, or, where it works without React, once its visitor reaches for it (preloadAfterPaint); a signed-in
// page's shell (its session check) preloads them from its HTML.
import { loadWebConfig } from './app/config';
import { mayHaveStoredSession } from './lib/auth/stored-session';
import { MODULES_AFTER_PAINT } from './modules-after-paint';
import { FRAME_SHOWN_ATTRIBUTE } from './signed-in-frame-markup';
import { visitorReady } from './visitor-ready';
import './styles.css';

async function start() {
  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element');
  await preloadAfterPaint();
  const config = loadWebConfig();
  config.catch(() => undefined); // Reported on screen by renderApp.
  // A dashboard's signed-in frame (src/signed-in-frame.ts) paints before React DOM is evaluated, not after.
  const framed = container.hasAttribute(FRAME_SHOWN_ATTRIBUTE);
  if (framed) await nextPaint();

  // React DOM, then the app: each import is evaluated in a task of its own (index.html preloads both, so they download
  // in parallel), instead of one task evaluating all the start-up code, which blocks a slow phone for a long moment
  // after a prerendered page has painted.
  await import('react-dom/client');
  const { renderApp } = await import('./app/start-app');
  renderApp(container, config, framed);
}

/** Settles once the page has painted what it shows now. */
const nextPaint = () => new Promise((painted) => requestAnimationFrame(() => setTimeout(painted)));

/**
 * A prerendered page lists its modules (the start modules and its page's chunks) in a meta element rather than
 * preloading them from its HTML: they are fetched once the page has painted, so a slow phone's first paint shares
 * neither its bandwidth nor its main thread with them; on a page that works without React, once its visitor reaches
 * for it (their compiling and evaluating is the load's longest work). A hidden tab, which paints nothing, fetches them
 * at once.
 */
async function preloadAfterPaint() {
  const listed = document.querySelector<HTMLMetaElement>(`meta[name="${MODULES_AFTER_PAINT}"]`);
  if (!listed) return;
  if (document.visibilityState === 'visible') {
    await nextPaint();
    if (worksWithoutReact()) await visitorReady();
  }
  for (const href of listed.content.split(' ')) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
}

/**
 * Whether the painted page works as it is until its visitor reaches for it: its links are plain links, and its few
 * controls that need React wait for it, disabled. Not a page with a form (a password manager may fill it, and the
 * visitor's first act be its submit), nor one answering the hosted sign-in (a query string), nor one that may show a
 * signed-in header (a stored session). On such a page React, the largest script to download and evaluate, would
 * otherwise hold a slow phone's main thread while its visitor starts to read.
 */
function worksWithoutReact(): boolean {
  return !document.querySelector('#root form') && !window.location.search && !mayHaveStoredSession();
}

void start();
