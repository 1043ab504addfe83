// The edit screen's save button: idle → saving → saved (shown for SAVED_CONFIRMATION_MS, then `onSavedShown`).
import { useEffect, useRef, useState } from 'react';
import { SAVED_CONFIRMATION_MS } from '@shared/constants';

export type SaveStatus = 'idle' | 'saving' | 'saved';

const SAVE_LABELS: Record<SaveStatus, string> = {
  idle: 'Save All Changes',
  saving: 'Saving...',
  saved: 'Saved!',
};

export function useSaveStatus(onSavedShown: () => void) {
  const [status, setStatus] = useState<SaveStatus>('idle');
  const latest = useRef(onSavedShown);
  latest.current = onSavedShown;

  useEffect(() => {
    if (status !== 'saved') return;
    const timer = setTimeout(() => latest.current(), SAVED_CONFIRMATION_MS);
    return () => clearTimeout(timer);
  }, [status]);

  /** Runs the save; the status follows it. Answers whether it succeeded. */
  async function save(run: () => Promise<unknown>): Promise<boolean> {
    setStatus('saving');
    try {
      await run();
    } catch {
      setStatus('idle');
      return false;
    }
    setStatus('saved');
    return true;
  }

  return { status, label: SAVE_LABELS[status], save };
}
