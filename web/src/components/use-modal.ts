// What every modal dialog does while it is open: focus starts inside it, Escape cancels, and focus goes back where it
// was when it closes.
import { useEffect, useRef, type RefObject } from 'react';

export function useModal(open: boolean, initialFocus: RefObject<HTMLElement | null>, onCancel: () => void) {
  // The latest handler, so a parent's re-render (a new function) does not move the focus again.
  const cancel = useRef(onCancel);
  useEffect(() => {
    cancel.current = onCancel;
  });

  useEffect(() => {
    if (!open) return;
    const previouslyFocused = document.activeElement as HTMLElement | null;
    initialFocus.current?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') cancel.current();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      previouslyFocused?.focus();
    };
  }, [open, initialFocus]);
}
