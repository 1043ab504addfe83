import { useSyncExternalStore } from 'react';

const subscribeToNothing = () => () => undefined;

/**
 * False in a page rendered at build time (and while the browser hydrates it), true once the app's script runs it: a
 * control that does nothing without the script stays disabled until then, instead of swallowing a click.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}
