import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api-client';

const MAX_RETRIES = 2;

/** Client errors (4xx) will not change on retry; network and server errors get two more tries. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < MAX_RETRIES;
}

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: shouldRetry,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}

/**
 * Settles once no query is fetching: called after a page's first render (its queries start in that render's effects),
 * it waits for the page's data, so work that can wait does not share a slow phone's bandwidth with it.
 */
export function whenQueriesSettle(queryClient: QueryClient): Promise<void> {
  return new Promise((resolve) => {
    setTimeout(() => {
      if (!queryClient.isFetching()) return resolve();
      const stop = queryClient.getQueryCache().subscribe(() => {
        if (queryClient.isFetching()) return;
        stop();
        resolve();
      });
    });
  });
}
