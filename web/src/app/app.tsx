// The providers around the router: server-data cache and session.
import { QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { RouterProvider } from 'react-router-dom';
import { useSession, type SessionUser } from '../lib/session';
import type { AuthServices } from './auth-services';
import { servicesConfigured } from './config';
import { createQueryClient, whenQueriesSettle } from './query-client';
import { createAppRouter } from './router';
import { SessionProvider } from './session-provider';

interface AppProps {
  /** Starts loading and configuring the auth services (once). */
  startServices: () => Promise<AuthServices>;
  /** Whether the browser may hold a signed-in user's tokens (else the start-up session check needs no services). */
  sessionMayBeStored: boolean;
  /** The user of a stored session usable without Amplify (app/stored-session.ts), once /config.json is in. */
  storedUser: Promise<SessionUser | null>;
}

export function App({ startServices, sessionMayBeStored, storedUser }: AppProps) {
  const [router] = useState(createAppRouter);
  return (
    <AppProviders
      servicesReady={servicesConfigured}
      startServices={startServices}
      sessionMayBeStored={sessionMayBeStored}
      storedUser={storedUser}
    >
      <RouterProvider router={router} />
    </AppProviders>
  );
}

interface AppProvidersProps extends Partial<AppProps> {
  /** The auth services once configured (never, when pages are rendered at build time). */
  servicesReady: Promise<AuthServices>;
  /** The router: the browser's, or a static one for a page rendered at build time. */
  children: ReactNode;
}

/** What surrounds the router, in the browser and when public pages are rendered at build time (src/prerender.tsx). */
export function AppProviders({ servicesReady, startServices, sessionMayBeStored, storedUser, children }: AppProvidersProps) {
  const [queryClient] = useState(createQueryClient);
  const [whenPageSettled] = useState(() => () => whenQueriesSettle(queryClient));
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider
        servicesReady={servicesReady}
        startServices={startServices}
        sessionMayBeStored={sessionMayBeStored}
        storedUser={storedUser}
        whenPageSettled={whenPageSettled}
      >
        <ClearCacheOnUserChange />
        {children}
      </SessionProvider>
    </QueryClientProvider>
  );
}

/** Cached answers belong to one user: drop them when someone else signs in on this tab. */
function ClearCacheOnUserChange() {
  const queryClient = useQueryClient();
  const { state } = useSession();
  const userId = state.status === 'signedIn' ? state.user.userId : null;
  const previous = useRef(userId);
  useEffect(() => {
    if (previous.current !== userId) queryClient.clear();
    previous.current = userId;
  }, [userId, queryClient]);
  return null;
}
