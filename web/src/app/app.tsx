// The providers around the router: server-data cache and session.
import { QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { RouterProvider } from 'react-router-dom';
import { servicesConfigured, SessionProvider, useSession, type AuthServices, type AuthStart } from '../lib/auth';
import { createQueryClient, whenQueriesSettle } from './query-client';
import { createAppRouter } from './router';

export function App({ auth }: { auth: AuthStart }) {
  const [router] = useState(createAppRouter);
  return (
    <AppProviders servicesReady={servicesConfigured} {...auth}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}

interface AppProvidersProps extends Partial<AuthStart> {
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
