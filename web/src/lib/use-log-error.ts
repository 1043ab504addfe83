import { useEffect } from 'react';
import { needsSecondFactor } from './api-client';

/**
 * Logs a failed query's cause once per error (the screen shows a sentence; the console keeps the detail). An admin
 * without two-factor authentication is no failure: the screen shows the way to turn it on.
 */
export function useLogError(error: unknown, what: string) {
  useEffect(() => {
    if (error && !needsSecondFactor(error)) console.error(`${what}:`, error);
  }, [error, what]);
}
