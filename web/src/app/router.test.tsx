import { render, screen } from '@testing-library/react';
import { isValidElement, Suspense, type ComponentType } from 'react';
import { MemoryRouter, matchRoutes } from 'react-router-dom';
import { WEB_PAGES } from '@shared/web-pages';
import { ProtectedRoute, PublicOnlyRoute } from './guards';
import { preloadRoutePage, routeObjects } from './router';

/** Who may open a path according to the route table: the guard on its matched branch. */
function access(path: string) {
  const matches = matchRoutes(routeObjects, path) ?? [];
  const leaf = matches.at(-1)?.route;
  let guard = 'public';
  for (const { route } of matches) {
    const element = route.element;
    if (!isValidElement(element)) continue;
    if (element.type === ProtectedRoute) {
      const props = element.props as { loginPath: string; roles?: string[] };
      guard = `${props.roles?.join('+') ?? 'signed-in'} via ${props.loginPath}`;
    }
    if (element.type === PublicOnlyRoute) guard = 'public-only';
  }
  return { guard, path: leaf?.path, title: (leaf?.handle as { title?: string } | undefined)?.title };
}

describe('route table', () => {
  it.each([
    ['/', 'public'],
    ['/teacher-login', 'public-only'],
    ['/student-login', 'public-only'],
    ['/admin-login', 'public-only'],
    ['/teacher-dashboard', 'Teachers via /teacher-login'],
    ['/create-module', 'Teachers via /teacher-login'],
    ['/add-sections', 'Teachers via /teacher-login'],
    ['/teacher-modules', 'Teachers via /teacher-login'],
    ['/teacher-modules/m-1', 'Teachers via /teacher-login'],
    ['/teacher-modules/m-1/edit', 'Teachers via /teacher-login'],
    ['/teacher-classes', 'Teachers via /teacher-login'],
    ['/teacher-classes/c-1', 'Teachers via /teacher-login'],
    ['/analytics', 'Teachers via /teacher-login'],
    ['/analytics/c-1', 'Teachers via /teacher-login'],
    ['/student-dashboard', 'Students via /student-login'],
    ['/student/class/c-1', 'Students via /student-login'],
    ['/student/class/c-1/module/m-1', 'Students via /student-login'],
    ['/profile', 'signed-in via /student-login'],
    ['/admin-dashboard', 'Admins via /admin-login'],
    ['/admin/people', 'Admins via /admin-login'],
    ['/admin/classes', 'Admins via /admin-login'],
    ['/admin/classes/c-1', 'Admins via /admin-login'],

    ['/about', 'public'],
    ['/help-center', 'public'],
    ['/contact', 'public'],
    ['/pricing', 'public'],
    ['/blog', 'public'],
    ['/community', 'public'],
    ['/careers', 'public'],
    ['/student-experience', 'public'],
    ['/teacher-tools', 'public'],
  ])('%s is a real route (%s) with a title', (path, guard) => {
    const route = access(path);
    expect(route.path).not.toBe('*');
    expect(route.guard).toBe(guard);
    expect(route.title).toEqual(expect.any(String));
  });

  const GUARD_OF_AUDIENCE = {
    everyone: 'public',
    signedOut: 'public-only',
    signedIn: 'signed-in via /student-login',
    Teachers: 'Teachers via /teacher-login',
    Students: 'Students via /student-login',
    Admins: 'Admins via /admin-login',
  };
  it.each(WEB_PAGES.filter((page) => page.path !== '*').map((page) => [page.path, page] as const))(
    'routes the page table\'s %s with its guard and title',
    (route, page) => {
      const sample = route.replace(/:(\w+)/g, '$1-1');
      expect(access(sample)).toEqual({ path: route, guard: GUARD_OF_AUDIENCE[page.audience], title: page.title });
    },
  );

  it('sends unknown paths, including ones under real sections, to the not-found page', () => {
    expect(access('/nope').path).toBe('*');
    expect(access('/teacher-modules/m-1/nope').path).toBe('*');
    expect(access('/nope').title).toBe('Page not found');
  });
});

describe('lazy pages', () => {
  const pageAt = (path: string) => {
    const element = matchRoutes(routeObjects, path)?.at(-1)?.route.element;
    if (!isValidElement(element)) throw new Error(`No page at ${path}`);
    return element.type as ComponentType;
  };
  const renderPage = (Page: ComponentType) =>
    render(
      <MemoryRouter>
        <Suspense fallback={<p>Loading the page</p>}>
          <Page />
        </Suspense>
      </MemoryRouter>,
    );

  it('show the fallback while a chunk downloads, then the page', async () => {
    renderPage(pageAt('/careers'));
    expect(screen.getByText('Loading the page')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Careers' })).toBeInTheDocument();
  });

  it('render at once, without a fallback, when the chunk was preloaded (the page shells preload it)', async () => {
    // Settles once the chunk is in, though nothing renders the page meanwhile.
    await preloadRoutePage('/about');
    renderPage(pageAt('/about'));
    expect(screen.queryByText('Loading the page')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'About' })).toBeInTheDocument();
  });
});
