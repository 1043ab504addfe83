// Entry point: fetch /config.json, then render the app as soon as its code is in. Public pages paint without waiting
// for the configuration; a signed-in page waits for it, and then for Amplify only when the stored session cannot be
// used as it is (lib/auth): otherwise Amplify loads once the page has its data. The public pages rendered at build
// time (src/prerender.tsx) come with their markup in #root: it is hydrated, not redrawn, and its modules are fetched
// once it has painted (preloadAfterPaint).
import { loadWebConfig } from './app/config';
import { MODULES_AFTER_PAINT } from './modules-after-paint';
import './styles.css';

async function start() {
  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element');
  await preloadAfterPaint();
  const config = loadWebConfig();
  config.catch(() => undefined); // Reported on screen by renderApp.

  // React DOM, then the app: each import is evaluated in a task of its own (index.html preloads both, so they download
  // in parallel), instead of one task evaluating all the start-up code, which blocks a slow phone for a long moment
  // after a prerendered page has painted.
  await import('react-dom/client');
  const { renderApp } = await import('./app/start-app');
  renderApp(container, config);
}

/**
 * A prerendered page lists its modules (the start modules and its page's chunks) in a meta element rather than
 * preloading them from its HTML: they are fetched once the page has painted, so a slow phone's first paint shares
 * neither its bandwidth nor its main thread with them. A hidden tab, which paints nothing, fetches them at once.
 */
async function preloadAfterPaint() {
  const listed = document.querySelector<HTMLMetaElement>(`meta[name="${MODULES_AFTER_PAINT}"]`);
  if (!listed) return;
  if (document.visibilityState === 'visible') {
    await new Promise((painted) => requestAnimationFrame(() => setTimeout(painted)));
  }
  for (const href of listed.content.split(' ')) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
}

void start();
