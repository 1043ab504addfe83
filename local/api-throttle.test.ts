// The local stack's throttle behaves as API Gateway's: a full bucket of `burst` at once, then `rate` a second; a
// route's own bucket and the stage's both apply.
import type { Throttles } from '../infra/capacity';
import { createApiThrottle } from './api-throttle';

const THROTTLES: Throttles = {
  stage: { rateLimit: 20, burstLimit: 12 },
  routes: {
    read: { rateLimit: 10, burstLimit: 8 },
    studentWrite: { rateLimit: 4, burstLimit: 5 },
    staffWrite: { rateLimit: 1, burstLimit: 2 },
    bulkDirectory: { rateLimit: 1, burstLimit: 1 },
  },
};

function clocked() {
  let now = 0;
  const throttle = createApiThrottle(THROTTLES, () => now);
  const admitted = (name: string, method: string, count: number) => Array.from({ length: count }, () => throttle.admit(name, method)).filter(Boolean).length;
  return { admitted, advance: (ms: number) => (now += ms) };
}

test("a route admits its class's burst at once, then its rate a second", () => {
  const { admitted, advance } = clocked();
  expect(admitted('recordReading', 'PUT', 9)).toBe(5);
  advance(1000);
  expect(admitted('recordReading', 'PUT', 9)).toBe(4);
  advance(250);
  expect(admitted('recordReading', 'PUT', 9)).toBe(1);
});

test('each route has its own bucket; the stage bucket caps them together', () => {
  const { admitted, advance } = clocked();
  expect(admitted('getModule', 'GET', 8)).toBe(8);
  // getProgress has a full read bucket of its own, but the stage has 4 tokens left.
  expect(admitted('getProgress', 'GET', 8)).toBe(4);
  advance(1000);
  // 20 stage tokens came back (capped at its burst, 12); each read route got 8 back (10 a second, capped at 8).
  expect(admitted('getModule', 'GET', 20)).toBe(8);
  expect(admitted('getProgress', 'GET', 20)).toBe(4);
});
