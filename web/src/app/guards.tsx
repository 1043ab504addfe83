// Route wrappers: who may see a group of routes, and where everyone else goes.
import { Suspense, useState, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import type { Role } from '@shared/roles';
import { Loading } from '../components/loading';
import { dashboardPathFor, type LoginLocationState } from '../features/auth/role-paths';
import { SignInHoldContext } from '../features/auth/sign-in-hold';
import { useSession } from '../lib/auth';

/** A full-page loading line, for what shows before any layout (the session check, a signed-in area's chunk). */
function PageLoading({ label }: { label: string }) {
  return (
    <main id="main" className="page" tabIndex={-1}>
      <Loading label={label} />
    </main>
  );
}

interface ProtectedRouteProps {
  /** Where a signed-out visitor is sent to sign in. */
  loginPath: string;
  /** Roles allowed; omitted means any signed-in user. */
  roles?: readonly Role[];
  children?: ReactNode;
}

/**
 * Signed out → the route's login screen, remembering where they were going.
 * Signed in with another role → their own dashboard. No role of ours → an access-denied notice.
 */
export function ProtectedRoute({ loginPath, roles, children }: ProtectedRouteProps) {
  const { state } = useSession();
  const location = useLocation();

  if (state.status === 'loading') return <PageLoading label="Checking your session..." />;
  if (state.status === 'signedOut') {
    const loginState: LoginLocationState = { from: location.pathname + location.search + location.hash };
    return <Navigate to={loginPath} replace state={loginState} />;
  }
  const { role } = state.user;
  if (roles && !(role && roles.includes(role))) {
    // A user without any of our groups has no dashboard to go to; redirecting would loop.
    if (!role) return <NoRoleNotice />;
    return <Navigate to={dashboardPathFor(role)} replace />;
  }
  // The signed-in areas are chunks of their own (app/router.tsx).
  return <Suspense fallback={<PageLoading label="Loading page..." />}>{children ?? <Outlet />}</Suspense>;
}

/**
 * Login screens: a signed-in user goes to their dashboard, unless a sign-in on this screen is being checked. The
 * screen shows while the session is still being checked (it cannot be submitted until then), so it paints at once
 * and nothing replaces it for a signed-out visitor.
 */
export function PublicOnlyRoute({ children }: { children: ReactNode }) {
  const { state } = useSession();
  const [held, setHeld] = useState(false);

  // A session without a role of ours stays here so the user can sign in again as someone else.
  if (state.status === 'signedIn' && state.user.role && !held) return <Navigate to={dashboardPathFor(state.user.role)} replace />;
  return <SignInHoldContext.Provider value={setHeld}>{children}</SignInHoldContext.Provider>;
}

function NoRoleNotice() {
  const { signOut } = useSession();
  return (
    <main id="main" className="page" tabIndex={-1}>
      <h1>Access denied</h1>
      <p role="alert">Access Denied: You do not have a valid role assigned.</p>
      <button type="button" className="button" onClick={() => void signOut()}>
        Logout
      </button>
    </main>
  );
}
