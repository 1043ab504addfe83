// Entry point: fetch /config.json, then render the app as soon as its code is in. Public pages paint without waiting
// for the configuration; a signed-in page waits for it, and then for Amplify only when the stored session cannot be
// used as it is (lib/auth): otherwise Amplify loads once the page has its data. The public pages rendered at build
// time (src/prerender.tsx) come with their markup in #root: it is hydrated, not redrawn.
import { loadWebConfig } from './app/config';
import './styles.css';

async function start() {
  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element');
  const config = loadWebConfig();
  config.catch(() => undefined); // Reported on screen by renderApp.

  // React DOM, then the app: each import is evaluated in a task of its own (index.html preloads both, so they download
  // in parallel), instead of one task evaluating all the start-up code, which blocks a slow phone for a long moment
  // after a prerendered page has painted.
  await import('react-dom/client');
  const { renderApp } = await import('./app/start-app');
  renderApp(container, config);
}

void start();
