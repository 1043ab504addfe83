import { useEffect, useState } from 'react';

/** True while the viewport is at least `minWidthPx` wide; follows resizes. Falls back to innerWidth without matchMedia. */
export function useMinWidth(minWidthPx: number): boolean {
  const [matches, setMatches] = useState(() => readMinWidth(minWidthPx));

  useEffect(() => {
    const update = () => setMatches(readMinWidth(minWidthPx));
    update();
    if (typeof window.matchMedia === 'function') {
      const query = window.matchMedia(`(min-width: ${minWidthPx}px)`);
      query.addEventListener('change', update);
      return () => query.removeEventListener('change', update);
    }
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, [minWidthPx]);

  return matches;
}

function readMinWidth(minWidthPx: number): boolean {
  if (typeof window.matchMedia === 'function') return window.matchMedia(`(min-width: ${minWidthPx}px)`).matches;
  return window.innerWidth >= minWidthPx;
}
