// Keeps the app's idea of "who is signed in" in step with Amplify: checked once at start, then on every auth event.
import { fetchAuthSession, fetchUserAttributes, getCurrentUser, signOut as amplifySignOut } from 'aws-amplify/auth';
import { Hub } from 'aws-amplify/utils';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { isRole, type Role } from '../../../shared/roles';
import { SessionContext, type Session, type SessionState, type SessionUser } from '../lib/session';

/** Reads the signed-in user from Amplify's tokens; null when nobody is signed in. */
async function readSessionUser(): Promise<SessionUser | null> {
  const { tokens } = await fetchAuthSession();
  const accessToken = tokens?.accessToken;
  if (!accessToken) return null;
  const sub = accessToken.payload.sub;
  const email = tokens.idToken?.payload.email;
  let username = typeof email === 'string' ? email : undefined;
  let userId = typeof sub === 'string' ? sub : undefined;
  if (!username || !userId) {
    const current = await getCurrentUser();
    username ??= current.signInDetails?.loginId ?? current.username;
    userId ??= current.userId;
  }
  return { userId, email: username, name: await readName(), role: roleFromGroups(accessToken.payload['cognito:groups']) };
}

/** The `name` attribute, read from the identity service (not every ID token carries it, and a rename must show at once). */
async function readName(): Promise<string> {
  try {
    return (await fetchUserAttributes()).name ?? '';
  } catch (error) {
    // The name is decoration: without it the app shows the e-mail.
    console.error('Could not read the name', error);
    return '';
  }
}

/** The first of the token's groups that is one of ours. */
export function roleFromGroups(groups: unknown): Role | null {
  if (!Array.isArray(groups)) return null;
  return groups.find((group): group is Role => typeof group === 'string' && isRole(group)) ?? null;
}

const SIGNED_OUT: SessionState = { status: 'signedOut', user: null };

interface SessionProviderProps {
  children: ReactNode;
  /** Where logout lands; replaced in tests. */
  onSignedOut?: () => void;
}

export function SessionProvider({ children, onSignedOut = reloadAtHome }: SessionProviderProps) {
  const [state, setState] = useState<SessionState>({ status: 'loading', user: null });
  // Answers of older checks must not overwrite newer ones (e.g. a slow start-up check after a sign-in).
  const latestCheck = useRef(0);

  const refresh = useCallback(async () => {
    const check = ++latestCheck.current;
    let user: SessionUser | null = null;
    try {
      user = await readSessionUser();
    } catch (error) {
      console.error('Could not read the session', error);
    }
    if (check === latestCheck.current) setState(user ? { status: 'signedIn', user } : SIGNED_OUT);
    return user;
  }, []);

  useEffect(() => {
    void refresh();
    return Hub.listen('auth', ({ payload }) => {
      switch (payload.event) {
        case 'signedIn':
        case 'tokenRefresh':
          void refresh();
          break;
        case 'signedOut':
        case 'tokenRefresh_failure':
          latestCheck.current++;
          setState(SIGNED_OUT);
          break;
      }
    });
  }, [refresh]);

  const signOut = useCallback(async () => {
    try {
      await amplifySignOut();
    } catch (error) {
      // The spec: sign-out failures are only logged; the user still leaves.
      console.error('Sign-out failed', error);
    }
    onSignedOut();
  }, [onSignedOut]);

  const session = useMemo<Session>(() => ({ state, refresh, signOut }), [state, refresh, signOut]);
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}

/** Logout goes to / and reloads, so no data of the previous user survives in memory. */
function reloadAtHome() {
  window.location.assign('/');
}
