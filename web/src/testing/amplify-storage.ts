// Amplify's localStorage after a sign-in, as src/lib/auth/stored-session.ts reads it, for tests of what reads it.

export const CLIENT = 'client-1';
/** The tests' clock: the stored tokens are valid for an hour after it. */
export const NOW = Date.parse('2026-11-25T12:00:00Z');
const HOUR_LATER = NOW / 1000 + 3600;

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const jwt = (payload: object) => `${base64url({ alg: 'RS256', kid: 'k' })}.${base64url(payload)}.signature`;

/** Storage as Amplify leaves it after a sign-in of `user` on `client`: a teacher, ada@example.com, sub-1. */
export function amplifyStorage({ access = {}, id = {}, clockDrift = '0', client = CLIENT, user = 'user-1' }: Record<string, unknown> = {}) {
  const prefix = `CognitoIdentityServiceProvider.${String(client)}`;
  return new Map<string, string>([
    [`${prefix}.LastAuthUser`, String(user)],
    [`${prefix}.${String(user)}.accessToken`, jwt({ sub: 'sub-1', exp: HOUR_LATER, 'cognito:groups': ['Teachers'], ...(access as object) })],
    [`${prefix}.${String(user)}.idToken`, jwt({ sub: 'sub-1', exp: HOUR_LATER, email: 'ada@example.com', ...(id as object) })],
    [`${prefix}.${String(user)}.clockDrift`, String(clockDrift)],
  ]);
}

/** Adds `items` to this browser's storage. */
export function storeItems(items: Iterable<[string, string]>) {
  for (const [key, value] of items) localStorage.setItem(key, value);
}

/** Each test of the file starts signed out, with the clock at NOW (the stored tokens are valid for an hour after it). */
export function startEachTestSignedOutAtNow() {
  beforeEach(() => {
    localStorage.clear();
    jest.useFakeTimers({ now: NOW });
  });
  afterEach(() => jest.useRealTimers());
}
