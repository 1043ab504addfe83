import { amplifyStorage, CLIENT, NOW, startEachTestSignedOutAtNow, storeItems } from '../../testing/amplify-storage';
import { mayHaveStoredSession, readStoredSession, readStoredUser, storedClientId, TOKEN_MARGIN_MS } from './stored-session';

/** This browser's storage holding only `items`. */
function store(items: Iterable<[string, string]>) {
  localStorage.clear();
  storeItems(items);
}

/** The session read from `items` at `now`. */
function read(items: Map<string, string>, now = NOW) {
  store(items);
  jest.setSystemTime(now);
  return readStoredSession(CLIENT);
}

/** Storage that throws as a browser blocking this site's storage does. */
const refuse = () => {
  throw new DOMException('The operation is insecure.', 'SecurityError');
};

startEachTestSignedOutAtNow();

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
    store(amplifyStorage());
    const getItem = jest.spyOn(Storage.prototype, 'getItem').mockImplementation(refuse);
    try {
      expect(readStoredSession(CLIENT)).toBeNull();
    } finally {
      getItem.mockRestore();
    }
  });
});

describe('readStoredUser', () => {
  it('is the stored user with the name kept from the last page load, and null while no name is kept', () => {
    store(amplifyStorage());
    expect(readStoredUser(CLIENT)).toBeNull();
    localStorage.setItem('learning-paths:name:sub-1', 'Ada Lovelace');
    expect(readStoredUser(CLIENT)).toEqual({ userId: 'sub-1', email: 'ada@example.com', role: 'Teachers', name: 'Ada Lovelace' });
    localStorage.setItem('learning-paths:name:sub-1', '');
    expect(readStoredUser(CLIENT)?.name).toBe('');
  });
});

describe('storedClientId', () => {
  it("is the app client of Amplify's last-user key, and null without one or with several", () => {
    expect(storedClientId()).toBeNull();
    for (const [key, value] of amplifyStorage()) localStorage.setItem(key, value);
    expect(storedClientId()).toBe(CLIENT);
    for (const [key, value] of amplifyStorage({ client: 'client-2' })) localStorage.setItem(key, value);
    expect(storedClientId()).toBeNull();
  });
});

describe('mayHaveStoredSession', () => {
  /** Whether a session may be stored when this browser's storage holds (only) these keys. */
  const mayHaveWith = (...keys: string[]) => {
    store(keys.map((key) => [key, 'stored']));
    return mayHaveStoredSession();
  };

  it("says yes when Amplify's last-user key is stored, whatever the app client", () => {
    expect(mayHaveWith('theme', 'CognitoIdentityServiceProvider.client-1.LastAuthUser')).toBe(true);
  });

  it('says no without one: a first visit, or after sign-out (which leaves only device keys behind)', () => {
    expect(mayHaveWith()).toBe(false);
    expect(mayHaveWith('CognitoIdentityServiceProvider.client-1.someone.deviceKey', 'learning-paths:draft')).toBe(false);
  });

  it('says yes when the storage cannot be read, so Amplify decides', () => {
    const key = jest.spyOn(Storage.prototype, 'key').mockImplementation(refuse);
    try {
      expect(mayHaveWith('theme')).toBe(true);
    } finally {
      key.mockRestore();
    }
  });

  it("says yes, and reads no session, where the browser refuses the site's storage itself (a framed LMS launch)", () => {
    store(amplifyStorage());
    const storage = jest.spyOn(window, 'localStorage', 'get').mockImplementation(refuse);
    try {
      expect(mayHaveStoredSession()).toBe(true);
      expect(readStoredSession(CLIENT)).toBeNull();
      expect(storedClientId()).toBeNull();
    } finally {
      storage.mockRestore();
    }
  });

  it('agrees with readStoredSession on the key Amplify stores after a sign-in', () => {
    const items = amplifyStorage();
    expect(mayHaveWith(...items.keys())).toBe(true);
    expect(read(items)).not.toBeNull();
  });
});
