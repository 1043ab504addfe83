import { useEffect } from 'react';

/** Logs a failed query's cause once per error (the screen shows a sentence; the console keeps the detail). */
export function useLogError(error: unknown, what: string) {
  useEffect(() => {
    if (error) console.error(`${what}:`, error);
  }, [error, what]);
}
