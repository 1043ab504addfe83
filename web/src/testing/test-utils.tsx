// Test helpers for components that need a session and a router, and for pages that also read server state.
// Not imported by the app.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { useMemo, useState, type ReactElement, type ReactNode } from 'react';
import { MemoryRouter, useLocation, useRoutes, type Location, type RouteObject } from 'react-router-dom';
import { SessionContext, type Session, type SessionState, type SessionUser } from '../lib/auth';

export const TEACHER: SessionUser = { userId: 'teacher-sub', email: 'teacher@example.com', name: 'Ada Teacher', role: 'Teachers' };
export const STUDENT: SessionUser = { userId: 'student-sub', email: 'student@example.com', name: 'Sam Student', role: 'Students' };
export const ADMIN: SessionUser = { userId: 'admin-sub', email: 'admin@example.com', name: 'Alex Admin', role: 'Admins' };

export const signedIn = (user: SessionUser): SessionState => ({ status: 'signedIn', user });
export const SIGNED_OUT: SessionState = { status: 'signedOut', user: null };
export const LOADING: SessionState = { status: 'loading', user: null };

export interface FakeSessionControls {
  /** What refresh() reads next, as Amplify would after a sign-in; null = no session. */
  nextUser: SessionUser | null;
  setState: (state: SessionState) => void;
  signOut: jest.Mock;
}

/** A session whose refresh() behaves like the real provider: it reads `controls.nextUser` and publishes it. */
export function FakeSession({ initial, controls, children }: { initial: SessionState; controls: FakeSessionControls; children: ReactNode }) {
  const [state, setState] = useState(initial);
  controls.setState = setState;
  const session = useMemo<Session>(
    () => ({
      state,
      refresh: async () => {
        const user = controls.nextUser;
        setState(user ? { status: 'signedIn', user } : { status: 'signedOut', user: null });
        return user;
      },
      signOut: controls.signOut,
    }),
    [state, controls],
  );
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}

export function createControls(nextUser: SessionUser | null = null): FakeSessionControls {
  return { nextUser, setState: () => {}, signOut: jest.fn() };
}

/** Prints where the router is, and the navigation state, so tests can assert on redirects. */
export function LocationProbe({ label = 'Location' }: { label?: string }) {
  const location = useLocation();
  return (
    <p data-testid="location" aria-label={label}>
      {location.pathname + location.search}
      <span data-testid="location-state">{JSON.stringify(location.state ?? null)}</span>
    </p>
  );
}

function Routes({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}

/**
 * Renders a route table in a memory router with a fake session. (A declarative router: jsdom lacks the fetch
 * Request class that data routers use for navigation.)
 */
export function renderRoutes(
  routes: RouteObject[],
  path: string | { pathname: string; state?: unknown },
  session: SessionState,
  controls = createControls(),
) {
  const result = render(
    <FakeSession initial={session} controls={controls}>
      <MemoryRouter initialEntries={[path]}>
        <Routes routes={routes} />
      </MemoryRouter>
    </FakeSession>,
  );
  return { ...result, controls };
}

interface RenderPageOptions {
  /** Route pattern of the page, e.g. /teacher-modules/:moduleId */
  path: string;
  /** The URL to open, e.g. /teacher-modules/m1 */
  url: string;
  state?: unknown;
  user?: SessionUser;
  /** More screens the page may navigate to, by route pattern. */
  also?: Record<string, ReactElement>;
  /** The cache to use, e.g. the app's own (`createQueryClient()`) to test its defaults; a fresh non-retrying one unless told. */
  queryClient?: QueryClient;
}

/** Where the app is now; tests assert navigations with `router.location.pathname`. */
interface LocationRecord {
  location: Location;
}

function LocationSpy({ record }: { record: LocationRecord }) {
  record.location = useLocation();
  return null;
}

function Elsewhere() {
  return <p data-testid="elsewhere">{useLocation().pathname}</p>;
}

/** Renders one page at `url` for a signed-in user (a teacher unless told), with a fresh query cache. */
export function renderPage(
  page: ReactElement,
  {
    path,
    url,
    state,
    user = TEACHER,
    also = {},
    queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } }),
  }: RenderPageOptions,
) {
  const routes: RouteObject[] = [
    { path, element: page },
    ...Object.entries(also).map(([pattern, element]) => ({ path: pattern, element })),
    { path: '*', element: <Elsewhere /> },
  ];
  const router = {} as LocationRecord;
  const [pathname, search] = url.split('?');
  const view = render(
    <FakeSession initial={signedIn(user)} controls={createControls(user)}>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[{ pathname, search: search ? `?${search}` : '', state }]}>
          <LocationSpy record={router} />
          <Routes routes={routes} />
        </MemoryRouter>
      </QueryClientProvider>
    </FakeSession>,
  );
  return { ...view, router, queryClient };
}
