// Build-time entry (web/vite.config.ts, writePages): renders a page's React tree to HTML as the browser's first render
// draws it (session still being checked): a public page whole, a signed-in page's shell as its session check. So
// src/main.tsx hydrates it instead of drawing it again, and a slow phone paints it before any script. A signed-in
// dashboard's frame too: the page as its user first sees it, data loading, named FRAME_NAME for src/signed-in-frame.ts
// to fill in. Never shipped to the browser.
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { AppProviders } from './app/app';
import type { RouteHandle } from './app/layouts/root-layout';
import { routeObjects } from './app/router';
import { formatDocumentTitle } from './components/use-document-title';
import type { AuthServices, SessionUser } from './lib/auth';
import type { Role } from '@shared/roles';
import { FRAME_NAME } from './signed-in-frame-markup';

/** At build time nobody is signed in yet: the session check never ends, as in the browser before it has run. */
const NEVER_CONFIGURED = new Promise<AuthServices>(() => undefined);

export interface PrerenderedPage {
  /** The markup of #root, lazy pages included (prerender waits for every Suspense boundary). */
  html: string;
  /** The tab title the router gives the page. */
  title: string;
}

/** Whom a signed-in frame is drawn for: a user of the page's role whose name the browser fills in. */
const frameUser = (role: Role): SessionUser => ({ userId: 'signed-in-frame', email: '', name: FRAME_NAME, role });

/** The page at `pathname`; with `signedInAs`, its signed-in frame for a user of that role. */
export async function prerenderPage(pathname: string, signedInAs?: Role): Promise<PrerenderedPage> {
  const handler = createStaticHandler(routeObjects);
  const context = await handler.query(new Request(new URL(pathname, 'http://localhost')));
  if (context instanceof Response) throw new Error(`${pathname} answers with a redirect; only pages can be prerendered`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const { prelude } = await prerender(
    <StrictMode>
      <AppProviders servicesReady={NEVER_CONFIGURED} initialUser={signedInAs && frameUser(signedInAs)}>
        {/* hydrate={false}: no inline script with router state (the CSP allows none; the app needs none). */}
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </StrictMode>,
  );
  const html = await new Response(prelude).text();
  const titles = context.matches.map((match) => (match.route.handle as RouteHandle | undefined)?.title).filter(Boolean);
  return { html, title: formatDocumentTitle(titles.at(-1)) };
}
