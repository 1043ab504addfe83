// The providers around the router: server-data cache and session.
import { QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { useSession } from '../lib/session';
import { servicesConfigured } from './config';
import { createQueryClient } from './query-client';
import { createAppRouter } from './router';
import { SessionProvider } from './session-provider';

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(createAppRouter);
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider servicesReady={servicesConfigured}>
        <ClearCacheOnUserChange />
        <RouterProvider router={router} />
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
