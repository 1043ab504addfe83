// The router of the page table (shared/web-pages.ts): each page in its area's guard and layout, each its own chunk
// (React.lazy); guards and layouts are not.
import { isValidElement, lazy, useState, type ComponentType, type ReactNode } from 'react';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router-dom';
import type { Role } from '@shared/roles';
import { WEB_PAGES, type PageAudience, type WebPage } from '@shared/web-pages';
import { LOGIN_PATH } from '../features/auth/role-paths';
import { ProtectedRoute, PublicOnlyRoute } from './guards';
import { AdminLayout, PublicLayout, RoleLayout, StudentLayout, TeacherLayout } from './layouts/layouts';
import { RootLayout, type RouteHandle } from './layouts/root-layout';
import { pageModules } from './page-modules';
import { RouteError } from './route-error';

/**
 * A page in its own chunk, which preloadRoutePage can start downloading before the page first renders. Once the chunk
 * is in, the page renders directly: through React.lazy it would suspend for a tick even then, and React holds a
 * revealed Suspense fallback for up to 300 ms.
 */
function lazyPage(load: () => Promise<{ default: ComponentType }>) {
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
  return Object.assign(Page, { preload: () => loadAndKeep().then(() => undefined, () => undefined) });
}

/** The page component of a page-table module, each module one lazy page (the reader serves two routes). */
const lazyPages = new Map<WebPage['module'], ReturnType<typeof lazyPage>>();
function pageComponent(module: WebPage['module']) {
  let page = lazyPages.get(module);
  if (!page) {
    const load = pageModules[`../features/${module}.tsx`];
    if (!load) throw new Error(`The page table names ${module}, which is not a page module under web/src/features`);
    page = lazyPage(load);
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

const ROLE_LAYOUTS: Record<Role, ComponentType> = { Teachers: TeacherLayout, Students: StudentLayout, Admins: AdminLayout };

/** A role's area: its layout, behind its login. */
const roleArea = (role: Role): RouteObject => {
  const Layout = ROLE_LAYOUTS[role];
  return {
    element: <ProtectedRoute loginPath={LOGIN_PATH[role]} roles={[role]} />,
    children: [{ element: <Layout />, children: pagesFor(role) }],
  };
};

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
        children: [{ element: <RoleLayout />, children: pagesFor('signedIn') }],
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
  await Promise.all((matchRoutes(routeObjects, pathname) ?? []).flatMap((match) => preloadElement(match.route.element)));
}

function preloadElement(node: ReactNode): Promise<void>[] {
  if (!isValidElement<{ children?: ReactNode }>(node)) return [];
  const preload = (node.type as { preload?: () => Promise<void> }).preload;
  return [...(preload ? [preload()] : []), ...preloadElement(node.props.children)];
}
