// The ladder every screen of server data climbs: loading, failed, empty, the data. It adds no element of its own, so
// each rung keeps the layout its screen gives it (the boxes that hold their height while data arrives).
import type { ReactElement, ReactNode } from 'react';
import { Alert } from './alert';
import { Loading } from './loading';

/** What a query (or an infinite query) says of its answer. */
export interface QueryState<T> {
  data: T | undefined;
  error: Error | null;
}

/**
 * Two queries a screen needs together, climbed as one: the data once both have answered; the failure of one with
 * nothing to show (the first one's first), so a failed read again of one that has answered keeps waiting for the other.
 */
export function bothQueries<A, B>(first: QueryState<A>, second: QueryState<B>): QueryState<[A, B]> {
  const data: [A, B] | undefined = first.data !== undefined && second.data !== undefined ? [first.data, second.data] : undefined;
  const error = (first.data === undefined ? first.error : null) ?? (second.data === undefined ? second.error : null);
  return { data, error };
}

interface QueryViewProps<T> {
  query: QueryState<T>;
  /**
   * While the first answer is on its way: a sentence (announced to screen readers) or an element of the screen's own
   * (the component the data rung renders, given no data, keeps its state when the data arrives).
   */
  loading: string | ReactElement;
  /** When it failed with nothing to show: a sentence (an error alert), an element, or what the error becomes (LoadError). */
  error: string | ReactElement | ((error: Error) => ReactNode);
  /** Loading also while this holds (say, more pages still to come before the screen can show them). */
  pending?: boolean;
  /** In place of the data when it holds nothing (`when`). */
  empty?: { when: (data: T) => boolean; show: ReactNode };
  children: (data: T) => ReactNode;
}

/**
 * Shows the data once there is some; a read again that fails keeps what is on screen (the next success replaces it),
 * so only a failure with nothing whole to show (a first read, or a page still missing) shows the error.
 */
export function QueryView<T>({ query: { data, error: failure }, loading, error, pending = false, empty, children }: QueryViewProps<T>) {
  if (data === undefined || pending) {
    if (failure) return typeof error === 'string' ? <Alert tone="error">{error}</Alert> : typeof error === 'function' ? <>{error(failure)}</> : error;
    return typeof loading === 'string' ? <Loading label={loading} /> : loading;
  }
  if (empty?.when(data)) return <>{empty.show}</>;
  return <>{children(data)}</>;
}
