import { fetchAuthSession } from 'aws-amplify/auth';
import { api } from '../lib/api-client';
import * as authServices from './auth-services';
import { configureApiFor, readStoredSession, readStoredUser, TOKEN_MARGIN_MS } from './stored-session';

jest.mock('aws-amplify/auth', () => ({ fetchAuthSession: jest.fn() }));

const CLIENT = 'client-1';
const NOW = Date.parse('2026-11-25T12:00:00Z');
const HOUR_LATER = NOW / 1000 + 3600;

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const jwt = (payload: object) => `${base64url({ alg: 'RS256', kid: 'k' })}.${base64url(payload)}.signature`;

/** Storage as Amplify leaves it after a sign-in of `user` on `client`. */
function amplifyStorage({ access = {}, id = {}, clockDrift = '0', client = CLIENT, user = 'user-1' }: Record<string, unknown> = {}) {
  const prefix = `CognitoIdentityServiceProvider.${String(client)}`;
  return new Map<string, string>([
    [`${prefix}.LastAuthUser`, String(user)],
    [`${prefix}.${String(user)}.accessToken`, jwt({ sub: 'sub-1', exp: HOUR_LATER, 'cognito:groups': ['Teachers'], ...(access as object) })],
    [`${prefix}.${String(user)}.idToken`, jwt({ sub: 'sub-1', exp: HOUR_LATER, email: 'ada@example.com', ...(id as object) })],
    [`${prefix}.${String(user)}.clockDrift`, String(clockDrift)],
  ]);
}

const read = (items: Map<string, string>, now = NOW) => readStoredSession(CLIENT, { getItem: (key) => items.get(key) ?? null }, now);

describe('readStoredSession', () => {
  it('reads the user and the access token of valid stored tokens', () => {
    const items = amplifyStorage();
    expect(read(items)).toEqual({
      user: { userId: 'sub-1', email: 'ada@example.com', role: 'Teachers' },
      accessToken: items.get(`CognitoIdentityServiceProvider.${CLIENT}.user-1.accessToken`),
    });
  });

  it('leaves tokens that expire within the margin to Amplify, by the clock drift measured at sign-in', () => {
    const expiresAt = NOW / 1000 + 120;
    expect(read(amplifyStorage({ access: { exp: expiresAt } }))).not.toBeNull();
    expect(read(amplifyStorage({ access: { exp: expiresAt } }), NOW + 120_000 - TOKEN_MARGIN_MS + 1000)).toBeNull();
    expect(read(amplifyStorage({ id: { exp: expiresAt } }), NOW + 120_000 - TOKEN_MARGIN_MS + 1000)).toBeNull();
    // This device's clock runs 90 s behind the identity service's: the token has less time left than it seems.
    expect(read(amplifyStorage({ access: { exp: expiresAt }, clockDrift: '90000' }))).toBeNull();
  });

  it('answers null for another app client, a signed-out browser, missing tokens or claims, and tokens that are not JWTs', () => {
    expect(read(amplifyStorage({ client: 'other-client' }))).toBeNull();
    expect(read(new Map())).toBeNull();
    const withoutId = amplifyStorage();
    withoutId.delete(`CognitoIdentityServiceProvider.${CLIENT}.user-1.idToken`);
    expect(read(withoutId)).toBeNull();
    expect(read(amplifyStorage({ id: { email: undefined } }))).toBeNull();
    expect(read(amplifyStorage({ access: { exp: undefined } }))).toBeNull();
    const garbled = amplifyStorage();
    garbled.set(`CognitoIdentityServiceProvider.${CLIENT}.user-1.accessToken`, 'not-a-token');
    expect(read(garbled)).toBeNull();
  });

  it('gives no role for groups that are not ours, and answers null when storage cannot be read', () => {
    expect(read(amplifyStorage({ access: { 'cognito:groups': ['Editors'] } }))?.user.role).toBeNull();
    const blocked = {
      getItem: () => {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
    };
    expect(readStoredSession(CLIENT, blocked, NOW)).toBeNull();
  });
});

describe('readStoredUser', () => {
  beforeEach(() => localStorage.clear());

  it('is the stored user with the name kept from the last page load, and null while no name is kept', () => {
    jest.useFakeTimers({ now: NOW });
    try {
      for (const [key, value] of amplifyStorage()) localStorage.setItem(key, value);
      expect(readStoredUser(CLIENT)).toBeNull();
      localStorage.setItem('learning-paths:name:sub-1', 'Ada Lovelace');
      expect(readStoredUser(CLIENT)).toEqual({ userId: 'sub-1', email: 'ada@example.com', role: 'Teachers', name: 'Ada Lovelace' });
      localStorage.setItem('learning-paths:name:sub-1', '');
      expect(readStoredUser(CLIENT)?.name).toBe('');
    } finally {
      jest.useRealTimers();
    }
  });
});

describe('configureApiFor', () => {
  const CONFIG = {
    region: 'us-east-1',
    userPoolId: 'local_abc',
    userPoolClientId: 'client',
    authFlowType: 'USER_PASSWORD_AUTH' as const,
    apiBaseUrl: '',
  };


  /** Stores tokens as Amplify does after a sign-in on the app client `client`, expiring `secondsLeft` from now. */
  function storeSession(secondsLeft: number) {
    const exp = Math.floor(Date.now() / 1000) + secondsLeft;
    const accessToken = jwt({ sub: 'sub-1', exp, 'cognito:groups': ['Teachers'] });
    localStorage.setItem('CognitoIdentityServiceProvider.client.user-1.accessToken', accessToken);
    localStorage.setItem('CognitoIdentityServiceProvider.client.user-1.idToken', jwt({ sub: 'sub-1', exp, email: 'ada@example.com' }));
    localStorage.setItem('CognitoIdentityServiceProvider.client.LastAuthUser', 'user-1');
    return accessToken;
  }

  let fetchMock: jest.Mock;
  beforeEach(() => {
    localStorage.clear();
    fetchMock = jest.fn(async () => ({ ok: true, status: 200, text: async () => '[]' }) as unknown as Response);
    global.fetch = fetchMock as unknown as typeof fetch;
  });

  const sentToken = () => (fetchMock.mock.lastCall as [string, RequestInit])[1].headers as Record<string, string>;

  it("calls the configuration's API with the stored access token while it is valid, without starting Amplify", async () => {
    const stored = storeSession(3600);
    const start = jest.fn(async () => authServices);
    configureApiFor({ ...CONFIG, apiBaseUrl: 'http://api.test' }, start);
    await api.listModules();
    expect(fetchMock).toHaveBeenCalledWith('http://api.test/api/modules/getAllModules', expect.anything());
    expect(sentToken()).toEqual({ authorization: `Bearer ${stored}` });
    expect(start).not.toHaveBeenCalled();
  });

  it("asks Amplify (which refreshes it) once the stored token is about to expire, and sends none when it has none", async () => {
    storeSession(30);
    jest.mocked(fetchAuthSession).mockResolvedValueOnce({ tokens: { accessToken: { toString: () => 'refreshed' } } } as never);
    const start = jest.fn(async () => authServices);
    configureApiFor({ ...CONFIG, apiBaseUrl: '' }, start);
    await api.listModules();
    expect(start).toHaveBeenCalled();
    expect(sentToken()).toEqual({ authorization: 'Bearer refreshed' });

    localStorage.clear();
    jest.mocked(fetchAuthSession).mockResolvedValueOnce({} as never);
    await api.listModules();
    expect(sentToken()).toEqual({});
  });
});
