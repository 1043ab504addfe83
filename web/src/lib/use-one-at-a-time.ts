// Starts a request only when the last one may be followed (it settled, or failed where success leaves the page): a double
// click lands before its button re-renders disabled (a mutation's pending state reaches React after the click), and a
// second request would repeat the first's work.
import { useCallback, useRef } from 'react';

/**
 * `start` is handed the function to call when another may start: when its request settles, or only when it fails where
 * success leaves the page. A call before then starts nothing.
 */
export function useOneAtATime(): (start: (settled: () => void) => void) => void {
  const busy = useRef(false);
  return useCallback((start) => {
    if (busy.current) return;
    busy.current = true;
    start(() => {
      busy.current = false;
    });
  }, []);
}
