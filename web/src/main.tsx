// Entry point: render the app at once and configure Amplify and the API client from /config.json meanwhile. Public
// pages paint without waiting for either; the session check (and with it every signed-in page) waits for both. The
// public pages rendered at build time (src/prerender.tsx) come with their markup in #root: it is hydrated, not redrawn.
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { App } from './app/app';
import { ConfigError, loadWebConfig, startServices } from './app/config';
import { ConfigErrorScreen } from './app/config-error-screen';
import { preloadRoutePage } from './app/router';
import './styles.css';

function start() {
  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element');
  // The Amplify chunk, /config.json and the page's own chunk load in parallel with each other and the first render.
  const configured = startServices(loadWebConfig());
  preloadRoutePage(window.location.pathname);

  const app = (
    <StrictMode>
      <App />
    </StrictMode>
  );
  // A transition: React renders (or hydrates) the first screen in slices of a few milliseconds, yielding to the
  // browser between them, instead of one long task that blocks input on a slow phone.
  let root!: Root;
  startTransition(() => {
    if (container.hasChildNodes()) {
      root = hydrateRoot(container, app);
    } else {
      root = createRoot(container);
      root.render(app);
    }
  });

  configured.catch((error: unknown) => {
    console.error('Could not load /config.json', error);
    const reason = error instanceof ConfigError ? error.message : 'An unexpected error occurred.';
    root.render(<ConfigErrorScreen reason={reason} />);
  });
}

start();
