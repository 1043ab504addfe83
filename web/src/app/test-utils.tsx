// Test helpers for components that need a session and a router. Not imported by the app.
import { render } from '@testing-library/react';
import { useMemo, useState, type ReactNode } from 'react';
import { MemoryRouter, useLocation, useRoutes, type RouteObject } from 'react-router-dom';
import { SessionContext, type Session, type SessionState, type SessionUser } from '../lib/session';

export const TEACHER: SessionUser = { userId: 'teacher-sub', username: 'teacher@example.com', role: 'Teachers' };
export const STUDENT: SessionUser = { userId: 'student-sub', username: 'student@example.com', role: 'Students' };

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
