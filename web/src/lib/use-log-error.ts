import { useEffect } from 'react';
import { needsSecondFactor, needsSecondFactorSignIn } from './api-client';

/**
 * Logs a failed query's cause once per error (the screen shows a sentence; the console keeps the detail). An admin
 * without two-factor authentication, or in a session begun without it, is no failure: the screen shows the way out.
 */
export function useLogError(error: unknown, what: string) {
  useEffect(() => {
    if (error && !needsSecondFactor(error) && !needsSecondFactorSignIn(error)) console.error(`${what}:`, error);
  }, [error, what]);
}
