// The React half of the start-up (src/main.tsx imports it once React DOM has been evaluated, so the two evaluate in
// separate tasks): renders the app, hydrates the page rendered at build time (src/prerender.tsx) or renders over the
// signed-in frame its HTML drew (src/signed-in-frame.ts), and swaps in the configuration error screen if /config.json
// cannot be loaded.
import type { WebConfig } from '@shared/web-config';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
// The app first: its modules (and chunks) are listed, and preloaded, in the order they are first imported.
import { App } from './app';
import { startAuth, type SessionUser } from '../lib/auth';
import { configureSchoolTimeZone } from '../lib/school-time-zone';
import { ConfigError } from './config';
import { ConfigErrorScreen } from './config-error-screen';
import { preloadRouteData, preloadRoutePage } from './router';

/** `framed`: #root holds the signed-in frame its HTML drew from the stored session (src/signed-in-frame.ts). */
export function renderApp(container: HTMLElement, config: Promise<WebConfig>, framed: boolean) {
  const pageLoaded = preloadRoutePage(window.location.pathname);
  const auth = startAuth(config, pageLoaded);
  // The page's first answers are asked for while the app renders (startAuth has pointed the API client at the API by
  // then), not once it has rendered: only with a stored session, which the page's requests carry.
  if (auth.sessionMayBeStored) {
    void Promise.all([config, pageLoaded]).then(() => preloadRouteData(window.location.pathname), () => undefined);
  }
  void config.then((loaded) => configureSchoolTimeZone(loaded.schoolTimeZone), () => undefined);
  const app = (initialUser?: SessionUser | null) => (
    <StrictMode>
      <App auth={auth} initialUser={initialUser} />
    </StrictMode>
  );
  // A transition: React renders (or hydrates) the first screen in slices of a few milliseconds, yielding to the
  // browser between them, instead of one long task that blocks input on a slow phone.
  let root!: Root;
  // Over a signed-in frame, the app renders once it can draw the same user's page, rather than first showing the
  // session check. A stored session it cannot use as it is (Amplify decides) shows the check then.
  startTransition(() => {
    if (container.hasChildNodes() && !framed) {
      root = hydrateRoot(container, app());
    } else {
      root = createRoot(container);
      if (!framed) root.render(app());
    }
  });
  if (framed) void Promise.all([config, auth.storedUser]).then(([, user]) => startTransition(() => root.render(app(user))), () => undefined);

  config.catch((error: unknown) => {
    console.error('Could not load /config.json', error);
    const reason = error instanceof ConfigError ? error.message : 'An unexpected error occurred.';
    root.render(<ConfigErrorScreen reason={reason} />);
  });
}
