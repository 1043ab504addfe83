// Answers asked for while a page's code is still loading at start-up (a page module's `preloadData`, which the router
// calls once the page's chunks and the configuration are in), so the page's query finds its answer in flight instead
// of asking only after the whole app has rendered: the report of a large class shows that much sooner on a slow phone.
// Each answer is taken once, by the first query that asks for it, and only soon after it was asked for: a query later
// in the visit (a refresh, another user on the tab) asks the API itself.

import type { QueryClient, QueryKey } from '@tanstack/react-query';

/** How long an early answer waits to be taken; the page that asked for it renders well within this. */
const EARLY_ANSWER_TTL_MS = 10_000;

const answers = new Map<string, { answer: Promise<unknown>; askedAt: number }>();
/** Keys whose query asked the API itself before anything was asked early (a fast device renders the page first). */
const askedByQuery = new Set<string>();

/**
 * Starts a request now; its answer is kept under `key` for the query that will ask for it (takeEarlyAnswer). Nothing
 * is asked when that query has already asked the API itself: the same answer twice would only load the API.
 */
export function askEarly(key: string, ask: () => Promise<unknown>): void {
  if (askedByQuery.delete(key)) return;
  const answer = ask();
  answer.catch(() => undefined); // A failure is the taking query's to report (and retry); untaken, it is dropped.
  answers.set(key, { answer, askedAt: Date.now() });
}

/** The answer asked for early under `key`, once and while fresh; otherwise undefined (ask the API). */
function takeEarlyAnswer<T>(key: string): Promise<T> | undefined {
  const early = answers.get(key);
  if (!early) askedByQuery.add(key);
  answers.delete(key);
  return early && Date.now() - early.askedAt < EARLY_ANSWER_TTL_MS ? (early.answer as Promise<T>) : undefined;
}

/**
 * The early answer under `key` for the first fetch of the query `queryKey` (it has no data yet). A query that already
 * has data asks the API: an answer asked for after the page rendered is older than a refresh; it is dropped all the same.
 */
export function takeEarlyAnswerIfFirst<T>(queryClient: QueryClient, queryKey: QueryKey, key: string): Promise<T> | undefined {
  const early = takeEarlyAnswer<T>(key);
  return queryClient.getQueryData(queryKey) === undefined ? early : undefined;
}

/** Forgets every early answer and every query's own ask, as a new page load does (between tests). */
export function forgetEarlyAnswers(): void {
  answers.clear();
  askedByQuery.clear();
}
