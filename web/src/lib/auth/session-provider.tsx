// Keeps the app's idea of "who is signed in" in step with Amplify: checked once at start, then on every auth event.
// Amplify itself comes with the auth services (its own chunk), which the app starts on demand and hands over once they
// are configured. The start-up check needs no Amplify when no session is stored in the browser (signed out), or when
// the stored one can be used as it is (stored-session.ts): then Amplify starts once the page has its data.
import { startTransition, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { AuthServices } from './auth-services';
import { SessionContext, type Session, type SessionState, type SessionUser } from './session';

const SIGNED_OUT: SessionState = { status: 'signedOut', user: null };

let alreadyConfigured: Promise<AuthServices> | undefined;
/** For a provider whose Amplify was configured by someone else (tests). */
const loadAuthServices = () => (alreadyConfigured ??= import('./auth-services'));

interface SessionProviderProps {
  children: ReactNode;
  /** The auth services once configured: the session cannot be read before (the app starts before /config.json is in). */
  servicesReady?: Promise<AuthServices>;
  /** Starts loading and configuring the services (once); a session check and sign-out call it. Default: wait for them. */
  startServices?: () => Promise<AuthServices>;
  /**
   * False when the browser holds no signed-in user's tokens (stored-session.ts, mayHaveStoredSession): the start-up check
   * then answers "signed out" without starting the services.
   */
  sessionMayBeStored?: boolean;
  /**
   * The user of a stored session usable without Amplify, with the name kept from the last page load; null when there is
   * none (the start-up check then reads the session through Amplify).
   */
  storedUser?: Promise<SessionUser | null>;
  /**
   * The stored session's user, already read: the page's HTML drew its signed-in frame for them (src/signed-in-frame.ts),
   * so the first render shows them signed in rather than the session check.
   */
  initialUser?: SessionUser | null;
  /** Settles once the page shown has its data; after a start from the stored session, Amplify waits for it. */
  whenPageSettled?: () => Promise<void>;
  /** Where logout lands; replaced in tests. */
  onSignedOut?: () => void;
}

export function SessionProvider({
  children,
  servicesReady = loadAuthServices(),
  startServices,
  sessionMayBeStored = true,
  storedUser = NO_STORED_USER,
  initialUser = null,
  whenPageSettled = settled,
  onSignedOut = reloadAtHome,
}: SessionProviderProps) {
  const [state, setState] = useState<SessionState>(initialUser ? { status: 'signedIn', user: initialUser } : { status: 'loading', user: null });
  // Answers of older checks must not overwrite newer ones (e.g. a slow start-up check after a sign-in).
  const latestCheck = useRef(0);
  /** The user shown from the stored session, whose services and name are still to be loaded once the page settles. */
  const shownFromStorage = useRef<SessionUser | null>(initialUser);
  const services = useCallback(() => (startServices ? startServices() : servicesReady), [startServices, servicesReady]);

  /** With `storedNameFirst` (the start-up check) the name kept from the last load shows at once, a newer one once read. */
  const check = useCallback(
    async (storedNameFirst: boolean) => {
      const checkId = ++latestCheck.current;
      let newerName: string | undefined;
      const showNewerName = (name: string) => {
        newerName = name;
        if (checkId !== latestCheck.current) return;
        setState((current) => (current.status === 'signedIn' ? { ...current, user: { ...current.user, name } } : current));
      };
      let user: SessionUser | null = null;
      try {
        user = await (await services()).readSessionUser(storedNameFirst ? showNewerName : undefined);
        if (user && newerName !== undefined) user = { ...user, name: newerName };
      } catch (error) {
        console.error('Could not read the session', error);
      }
      // A transition: the signed-in page this reveals is rendered in slices, not in one long task on a slow phone.
      if (checkId === latestCheck.current) startTransition(() => setState(user ? { status: 'signedIn', user } : SIGNED_OUT));
      return user;
    },
    [services],
  );
  const refresh = useCallback(() => check(false), [check]);

  const startUpCheck = useCallback(async () => {
    const checkId = ++latestCheck.current;
    const user = await storedUser;
    if (checkId !== latestCheck.current) return;
    if (!user) return void check(true);
    shownFromStorage.current = user;
    startTransition(() => setState({ status: 'signedIn', user }));
  }, [check, storedUser]);

  // After the first signed-in page drawn from the stored session, once it has its data: Amplify (token refresh, auth
  // events, other tabs signing out) and the name as the identity service has it now.
  useEffect(() => {
    const shown = shownFromStorage.current;
    if (state.status !== 'signedIn' || state.user !== shown) return;
    shownFromStorage.current = null;
    const checkId = latestCheck.current;
    void (async () => {
      try {
        await whenPageSettled();
        const name = await (await services()).readName(shown.userId);
        if (name === undefined || name === shown.name || checkId !== latestCheck.current) return;
        setState((current) => (current.user === shown ? { status: 'signedIn', user: { ...shown, name } } : current));
      } catch (error) {
        // Amplify could not be loaded (the connection dropped): the page works on; a call needing it retries it.
        console.error('Could not load the identity services', error);
      }
    })();
  }, [state, services, whenPageSettled]);

  useEffect(() => {
    if (initialUser) {
      // Shown from the stored session already: Amplify starts once the page has its data (the effect above).
    } else if (sessionMayBeStored) {
      void startUpCheck();
    } else {
      // After the first render (a prerendered page is hydrated as drawn, session loading), as a check would answer.
      startTransition(() => setState(SIGNED_OUT));
    }
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
  }, [startUpCheck, refresh, servicesReady, sessionMayBeStored, initialUser]);

  const signOut = useCallback(async () => {
    try {
      await (await services()).signOut();
    } catch (error) {
      // The spec: sign-out failures are only logged; the user still leaves.
      console.error('Sign-out failed', error);
    }
    onSignedOut();
  }, [onSignedOut, services]);

  const session = useMemo<Session>(() => ({ state, refresh, signOut }), [state, refresh, signOut]);
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}

const NO_STORED_USER: Promise<SessionUser | null> = Promise.resolve(null);
const settled = () => Promise.resolve();

/** Logout goes to / and reloads, so no data of the previous user survives in memory. */
function reloadAtHome() {
  window.location.assign('/');
}
