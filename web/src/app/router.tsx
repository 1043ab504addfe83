// The router of the page table (shared/web-pages.ts): each page in its area's guard and layout. Each page is a chunk of
// its own (React.lazy), and so are the signed-in areas (app/signed-in-area.tsx); the guards and the public layout are not.
import { isValidElement, lazy, useState, type ComponentType, type ReactNode } from 'react';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router-dom';
import type { Role } from '@shared/roles';
import { WEB_PAGES, type PageAudience, type WebPage } from '@shared/web-pages';
import { LOGIN_PATH } from '../features/auth/role-paths';
import { ProtectedRoute, PublicOnlyRoute } from './guards';
import { PublicLayout } from './layouts/public-layout';
import { RootLayout, type RouteHandle } from './layouts/root-layout';
import { pageModules, type PageModule } from './page-modules';
import { RouteError } from './route-error';

/**
 * A page (or an area) in its own chunk, which preloadRoutePage can start downloading before it first renders. Once the
 * chunk is in, it renders directly: through React.lazy it would suspend for a tick even then, and React holds a
 * revealed Suspense fallback for up to 300 ms.
 */
function lazyComponent(load: () => Promise<Pick<PageModule, 'default' | 'preloadData'>>) {
  let Loaded: ComponentType | undefined;
  const loadAndKeep = () =>
    load().then((module) => {
      Loaded = module.default;
      return module;
    });
  const Lazy = lazy(loadAndKeep);
  function Page() {
    // Chosen once per mount: switching from Lazy to Loaded later would remount the page and lose its state.
    const [Component] = useState(() => Loaded ?? Lazy);
    return <Component />;
  }
  return Object.assign(Page, {
    preload: () => loadAndKeep().then(() => undefined, () => undefined),
    preloadData: (params: Record<string, string | undefined>) =>
      loadAndKeep().then((module) => module.preloadData?.(params), () => undefined),
  });
}

/** The page component of a page-table module, each module one lazy page (the reader serves two routes). */
const lazyPages = new Map<WebPage['module'], ReturnType<typeof lazyComponent>>();
function pageComponent(module: WebPage['module']) {
  let page = lazyPages.get(module);
  if (!page) {
    const load = pageModules[`../features/${module}.tsx`];
    if (!load) throw new Error(`The page table names ${module}, which is not a page module under web/src/features`);
    page = lazyComponent(load);
    lazyPages.set(module, page);
  }
  return page;
}

function pageRoute({ path, module, title, audience }: WebPage): RouteObject {
  const Page = pageComponent(module);
  const handle: RouteHandle = { title };
  if (audience !== 'signedOut') return { path, element: <Page />, handle };
  // Keyed by path: moving from one login to another mounts a fresh form.
  return {
    path,
    element: (
      <PublicOnlyRoute key={path}>
        <Page />
      </PublicOnlyRoute>
    ),
    handle,
  };
}

const pagesFor = (...audiences: PageAudience[]) =>
  WEB_PAGES.filter((page) => audiences.includes(page.audience)).map(pageRoute);

const signedInArea = (area: Role | 'signedIn') =>
  lazyComponent(() => import('./signed-in-area').then(({ areas }) => ({ default: areas[area] })));

/** A role's area: its layout, behind its login. */
const roleArea = (role: Role): RouteObject => {
  const Area = signedInArea(role);
  return {
    element: <ProtectedRoute loginPath={LOGIN_PATH[role]} roles={[role]} />,
    children: [{ element: <Area />, children: pagesFor(role) }],
  };
};
const AnySignedInArea = signedInArea('signedIn');

/** Every page of the page table (shared/web-pages.ts) in its area. */
export const routeObjects: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      { element: <PublicLayout />, children: pagesFor('everyone', 'signedOut') },
      roleArea('Teachers'),
      roleArea('Students'),
      {
        // Any signed-in user; a signed-out visitor goes to the student login (the spec's default target).
        element: <ProtectedRoute loginPath={LOGIN_PATH.Students} />,
        children: [{ element: <AnySignedInArea />, children: pagesFor('signedIn') }],
      },
      roleArea('Admins'),
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routeObjects);
}

/**
 * Starts downloading the chunks of the page at `pathname` at once, in parallel with the session check and
 * /config.json, instead of when the page first renders (after the session check, for signed-in pages). Settles once
 * they are in; a failed download is retried, and reported, by the render itself.
 */
export async function preloadRoutePage(pathname: string): Promise<void> {
  await Promise.all((matchRoutes(routeObjects, pathname) ?? []).flatMap((match) => lazyParts(match.route.element).map((part) => part.preload())));
}

/**
 * Asks the API for what the page at `pathname` shows first (its module's preloadData), before the app renders: the
 * start-up calls it once the page's chunks and the configuration are in, when a session may be stored.
 */
export async function preloadRouteData(pathname: string): Promise<void> {
  await Promise.all(
    (matchRoutes(routeObjects, pathname) ?? []).flatMap((match) => lazyParts(match.route.element).map((part) => part.preloadData(match.params))),
  );
}

/** The lazy pages and areas (lazyComponent) in an element and its children. */
function lazyParts(node: ReactNode): ReturnType<typeof lazyComponent>[] {
  if (!isValidElement<{ children?: ReactNode }>(node)) return [];
  const part = node.type as Partial<ReturnType<typeof lazyComponent>>;
  return [...(part.preload && part.preloadData ? [part as ReturnType<typeof lazyComponent>] : []), ...lazyParts(node.props.children)];
}
