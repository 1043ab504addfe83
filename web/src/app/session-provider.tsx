// Keeps the app's idea of "who is signed in" in step with Amplify: checked once at start, then on every auth event.
// Amplify itself comes with the auth services (its own chunk), which the app hands over once they are configured.
import { startTransition, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { SessionContext, type Session, type SessionState, type SessionUser } from '../lib/session';
import type { AuthServices } from './auth-services';

const SIGNED_OUT: SessionState = { status: 'signedOut', user: null };

let alreadyConfigured: Promise<AuthServices> | undefined;
/** For a provider whose Amplify was configured by someone else (tests). */
const loadAuthServices = () => (alreadyConfigured ??= import('./auth-services'));

interface SessionProviderProps {
  children: ReactNode;
  /** The auth services once configured: the session cannot be read before (the app starts before /config.json is in). */
  servicesReady?: Promise<AuthServices>;
  /** Where logout lands; replaced in tests. */
  onSignedOut?: () => void;
}

export function SessionProvider({ children, servicesReady = loadAuthServices(), onSignedOut = reloadAtHome }: SessionProviderProps) {
  const [state, setState] = useState<SessionState>({ status: 'loading', user: null });
  // Answers of older checks must not overwrite newer ones (e.g. a slow start-up check after a sign-in).
  const latestCheck = useRef(0);

  const refresh = useCallback(async () => {
    const check = ++latestCheck.current;
    let user: SessionUser | null = null;
    try {
      user = await (await servicesReady).readSessionUser();
    } catch (error) {
      console.error('Could not read the session', error);
    }
    // A transition: the signed-in page this reveals is rendered in slices, not in one long task on a slow phone.
    if (check === latestCheck.current) startTransition(() => setState(user ? { status: 'signedIn', user } : SIGNED_OUT));
    return user;
  }, [servicesReady]);

  useEffect(() => {
    void refresh();
    let stopped = false;
    let stopListening = () => {};
    void servicesReady.then((services) => {
      if (stopped) return;
      stopListening = services.listenToAuthEvents((event) => {
        switch (event) {
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
    });
    return () => {
      stopped = true;
      stopListening();
    };
  }, [refresh, servicesReady]);

  const signOut = useCallback(async () => {
    try {
      await (await servicesReady).signOut();
    } catch (error) {
      // The spec: sign-out failures are only logged; the user still leaves.
      console.error('Sign-out failed', error);
    }
    onSignedOut();
  }, [onSignedOut, servicesReady]);

  const session = useMemo<Session>(() => ({ state, refresh, signOut }), [state, refresh, signOut]);
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}

/** Logout goes to / and reloads, so no data of the previous user survives in memory. */
function reloadAtHome() {
  window.location.assign('/');
}
