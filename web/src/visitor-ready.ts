// When a prerendered page that works without React starts it (src/main.tsx): once its visitor reaches for the page, or
// once it has sat idle a moment after painting.

/** How long a painted page waits for its visitor before React starts all the same. */
export const IDLE_START_MS = 3000;

/** A pointer, a touch, a key or a scroll: the visitor is about to use the page. */
const VISITOR_EVENTS = ['pointerdown', 'pointermove', 'touchstart', 'keydown', 'focusin', 'wheel', 'scroll'] as const;

/** Settles on the visitor's first event on `target` (the window), or after `idleMs`, whichever comes first. */
export function visitorReady(target: Pick<Window, 'addEventListener' | 'removeEventListener'> = window, idleMs = IDLE_START_MS): Promise<void> {
  return new Promise((resolve) => {
    const ready = () => {
      clearTimeout(timer);
      for (const event of VISITOR_EVENTS) target.removeEventListener(event, ready, true);
      resolve();
    };
    const timer = setTimeout(ready, idleMs);
    for (const event of VISITOR_EVENTS) target.addEventListener(event, ready, { capture: true, passive: true });
  });
}
