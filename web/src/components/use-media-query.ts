import { useCallback, useSyncExternalStore } from 'react';

/**
 * True while the viewport is at least `minWidthPx` wide; follows resizes. Falls back to innerWidth without matchMedia.
 * A page rendered at build time knows no viewport: it is drawn narrow, and widened once hydrated.
 */
export function useMinWidth(minWidthPx: number): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof window.matchMedia === 'function') {
        const query = window.matchMedia(`(min-width: ${minWidthPx}px)`);
        query.addEventListener('change', onChange);
        return () => query.removeEventListener('change', onChange);
      }
      window.addEventListener('resize', onChange);
      return () => window.removeEventListener('resize', onChange);
    },
    [minWidthPx],
  );
  return useSyncExternalStore(subscribe, () => readMinWidth(minWidthPx), () => false);
}

function readMinWidth(minWidthPx: number): boolean {
  if (typeof window.matchMedia === 'function') return window.matchMedia(`(min-width: ${minWidthPx}px)`).matches;
  return window.innerWidth >= minWidthPx;
}
