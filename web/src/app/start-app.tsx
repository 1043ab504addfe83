// The React half of the start-up (src/main.tsx imports it once React DOM has been evaluated, so the two evaluate in
// separate tasks): renders the app, or hydrates the page rendered at build time (src/prerender.tsx), and swaps in the
// configuration error screen if /config.json cannot be loaded.
import type { WebConfig } from '@shared/web-config';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { App } from './app';
import type { AuthServices } from './auth-services';
import { ConfigError } from './config';
import { ConfigErrorScreen } from './config-error-screen';
import { preloadRoutePage } from './router';
import { configureApiFor, readStoredUser } from './stored-session';

interface StartOptions {
  config: Promise<WebConfig>;
  startServices: () => Promise<AuthServices>;
  sessionMayBeStored: boolean;
}

export function renderApp(container: HTMLElement, { config, startServices, sessionMayBeStored }: StartOptions) {
  const pageLoaded = preloadRoutePage(window.location.pathname);
  void config.then((loaded) => configureApiFor(loaded, startServices), () => undefined);
  // A start from the stored session shows the page it lands on whole, with its code in, so that its queries are the
  // first to run (Amplify waits for them: SessionProvider).
  const storedUser = sessionMayBeStored
    ? config.then(async (loaded) => {
        const user = readStoredUser(loaded.userPoolClientId);
        await pageLoaded;
        return user;
      }, () => null)
    : Promise.resolve(null);
  const app = (
    <StrictMode>
      <App startServices={startServices} sessionMayBeStored={sessionMayBeStored} storedUser={storedUser} />
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

  config.catch((error: unknown) => {
    console.error('Could not load /config.json', error);
    const reason = error instanceof ConfigError ? error.message : 'An unexpected error occurred.';
    root.render(<ConfigErrorScreen reason={reason} />);
  });
}
