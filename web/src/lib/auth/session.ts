// The signed-in user as the whole app sees it. The provider (session-provider.tsx) keeps it in step with Amplify.
import { createContext, useContext } from 'react';
import type { Role } from '@shared/roles';

export interface SessionUser {
  /** The identity service's sub: the id the API knows the user by. */
  userId: string;
  email: string;
  /** The `name` attribute; empty until the person (or an admin) sets it. Show people with `displayName`. */
  name: string;
  /** First group of the access token; null when the user has none of ours. */
  role: Role | null;
}

export type SessionState =
  | { status: 'loading'; user: null }
  | { status: 'signedOut'; user: null }
  | { status: 'signedIn'; user: SessionUser };

export interface Session extends Readonly<{ state: SessionState }> {
  /** Re-reads the session from the identity service (after sign-in or a password change). */
  refresh: () => Promise<SessionUser | null>;
  signOut: () => Promise<void>;
}

export const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside the SessionProvider');
  return session;
}

/** The signed-in user; only for pages behind the protected route wrapper. */
export function useCurrentUser(): SessionUser {
  const { state } = useSession();
  if (state.status !== 'signedIn') throw new Error('useCurrentUser needs a signed-in user');
  return state.user;
}
