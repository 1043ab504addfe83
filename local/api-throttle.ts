// API Gateway's throttling, for the local stack when asked (LocalStackOptions.throttles): a token bucket for the stage
// and one per route, sized as the CDK app sizes them from the stage's capacity model (infra/capacity.ts). A request
// finding either bucket empty is answered 429, as the HTTP API answers it. Off by default: the tests' scripted bursts
// are not a school.
import { routeClass, type Throttle, type Throttles } from '../infra/capacity';

/** `rateLimit` tokens a second refill it up to `burstLimit`; it starts full. */
class TokenBucket {
  private tokens: number;
  private refilledAt: number;

  constructor(
    private readonly throttle: Throttle,
    private readonly now: () => number,
  ) {
    this.tokens = throttle.burstLimit;
    this.refilledAt = now();
  }

  hasToken(): boolean {
    const now = this.now();
    this.tokens = Math.min(this.throttle.burstLimit, this.tokens + ((now - this.refilledAt) / 1000) * this.throttle.rateLimit);
    this.refilledAt = now;
    return this.tokens >= 1;
  }

  take(): void {
    this.tokens -= 1;
  }
}

export interface ApiThrottle {
  /** Whether the request to route `name` may pass; takes a token of the stage and of the route if so. */
  admit(name: string, method: string): boolean;
}

/** `now` in milliseconds (a test's clock). */
export function createApiThrottle(throttles: Throttles, now: () => number = () => performance.now()): ApiThrottle {
  const stage = new TokenBucket(throttles.stage, now);
  const routes = new Map<string, TokenBucket>();
  return {
    admit(name, method) {
      let route = routes.get(name);
      if (!route) {
        route = new TokenBucket(throttles.routes[routeClass(name, method)], now);
        routes.set(name, route);
      }
      if (!stage.hasToken() || !route.hasToken()) return false;
      stage.take();
      route.take();
      return true;
    },
  };
}
