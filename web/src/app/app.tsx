// The providers around the router: the session. (The server-data cache is the signed-in areas': app/signed-in-area.tsx.)
import { useState, type ReactNode } from 'react';
import { RouterProvider } from 'react-router-dom';
import { servicesConfigured, SessionProvider, type AuthServices, type AuthStart, type SessionUser } from '../lib/auth';
import { createAppRouter } from './router';

export function App({ auth, initialUser }: { auth: AuthStart; initialUser?: SessionUser | null }) {
  const [router] = useState(createAppRouter);
  return (
    <AppProviders servicesReady={servicesConfigured} initialUser={initialUser} {...auth}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}

interface AppProvidersProps extends Partial<AuthStart> {
  /** The auth services once configured (never, when pages are rendered at build time). */
  servicesReady: Promise<AuthServices>;
  /** Shown signed in from the first render: the user whose signed-in frame the page's HTML drew (or is drawn for). */
  initialUser?: SessionUser | null;
  /** The router: the browser's, or a static one for a page rendered at build time. */
  children: ReactNode;
}

/** What surrounds the router, in the browser and when public pages are rendered at build time (src/prerender.tsx). */
export function AppProviders({ servicesReady, startServices, sessionMayBeStored, storedUser, initialUser, children }: AppProvidersProps) {
  return (
    <SessionProvider
      servicesReady={servicesReady}
      startServices={startServices}
      sessionMayBeStored={sessionMayBeStored}
      storedUser={storedUser}
      initialUser={initialUser}
      whenPageSettled={whenSignedInPageSettled}
    >
      {children}
    </SessionProvider>
  );
}

/** The signed-in page's data is in (its area's chunk is loaded by then: the page is drawn). */
const whenSignedInPageSettled = () => import('./signed-in-area').then((area) => area.whenSignedInPageSettled());
