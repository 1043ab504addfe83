// The per-caller rate limit apiHandler applies to every request once it knows who is calling: at most
// CALLER_RATE_LIMIT.requestsPerWindow requests per person (token `sub`) per window, across all routes, counted in the
// table (table/request-counter.ts, handed in by the composition root: composition/api-handler.ts). The stage's throttles are shared by everyone; this keeps one noisy client
// from using up a route for a whole school. CALLER_RATE_LIMIT in the environment sets another number of requests, or
// `off` (the handlers' unit tests, which check the HTTP mapping over mocked clients).
import { CALLER_RATE_LIMIT } from '@shared/constants';
import { tooMany } from '../kernel/errors';

export interface RequestWindow {
  /** When the window started (ms since the epoch). */
  start: number;
  seconds: number;
}

/** Where the requests are counted (the table, table/request-counter.ts). */
export interface RequestCounter {
  /** Counts one request of the person in the window; false, and not counted, when `limit` were counted already. */
  countRequest(userId: string, window: RequestWindow, limit: number): Promise<boolean>;
}

/** Resolves when the caller may go on; rejects with a 429 naming when they may try again otherwise. */
export type RateLimitCheck = (userId: string) => Promise<void>;

/** Built once per handler module, at cold start: reads the setting then, and builds the counter only when on. */
export function callerRateLimit(counter: () => RequestCounter): RateLimitCheck {
  const setting = process.env.CALLER_RATE_LIMIT;
  if (setting === 'off') return async () => {};
  const limit = setting ? Number(setting) : CALLER_RATE_LIMIT.requestsPerWindow;
  if (!Number.isInteger(limit) || limit < 1) throw new Error(`CALLER_RATE_LIMIT must be a whole number of requests or "off", not "${setting}"`);
  return rateLimitOver(counter(), limit);
}

export function rateLimitOver(counter: RequestCounter, limit: number, now: () => number = Date.now): RateLimitCheck {
  const windowMs = CALLER_RATE_LIMIT.windowSeconds * 1000;
  return async (userId) => {
    const at = now();
    const start = Math.floor(at / windowMs) * windowMs;
    if (await counter.countRequest(userId, { start, seconds: CALLER_RATE_LIMIT.windowSeconds }, limit)) return;
    const retryAfterSeconds = Math.max(1, Math.ceil((start + windowMs - at) / 1000));
    throw tooMany(
      `You are sending requests faster than the app allows (${limit} in ${CALLER_RATE_LIMIT.windowSeconds} seconds). ` +
        `Wait ${retryAfterSeconds} seconds, then try again.`,
      retryAfterSeconds,
    );
  };
}
