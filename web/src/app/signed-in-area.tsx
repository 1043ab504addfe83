// The signed-in areas: the server-data cache (TanStack Query) around each role's layout. A chunk of its own, which
// app/router.tsx loads lazily, so the public pages' first visit downloads neither the cache nor the areas' headers.
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import type { Role } from '@shared/roles';
import { useSession } from '../lib/auth';
import { AdminLayout, RoleLayout, StudentLayout, TeacherLayout } from './layouts/layouts';
import { createQueryClient, whenQueriesSettle } from './query-client';

let cache: { userId: string; client: QueryClient } | undefined;

/**
 * The cache of the signed-in user. It outlives the area (moving to a public page and back keeps it), but cached
 * answers belong to one user: someone else signing in on this tab starts from an empty cache.
 */
function queryClientFor(userId: string): QueryClient {
  if (cache?.userId !== userId) cache = { userId, client: createQueryClient() };
  return cache.client;
}

/** Settles once the signed-in page's queries have their answers (see whenQueriesSettle). */
export function whenSignedInPageSettled(): Promise<void> {
  return cache ? whenQueriesSettle(cache.client) : Promise.resolve();
}

function withCache(Layout: ComponentType) {
  return function SignedInArea() {
    const { state } = useSession();
    // The router renders an area only for a signed-in user (ProtectedRoute).
    const userId = state.status === 'signedIn' ? state.user.userId : '';
    // Keyed by user: a query's observer keeps the cache it was made with, so another user's pages start afresh.
    return (
      <QueryClientProvider key={userId} client={queryClientFor(userId)}>
        <Layout />
      </QueryClientProvider>
    );
  };
}

/** Each role's area, and the area of pages any signed-in user opens (their own role's header). */
export const areas: Record<Role | 'signedIn', ComponentType> = {
  Teachers: withCache(TeacherLayout),
  Students: withCache(StudentLayout),
  Admins: withCache(AdminLayout),
  signedIn: withCache(RoleLayout),
};
