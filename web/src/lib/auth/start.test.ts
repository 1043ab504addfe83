import type { WebConfig } from '@shared/web-config';
import { Amplify } from 'aws-amplify';
import { fetchAuthSession } from 'aws-amplify/auth';
import { call } from '../api-client';
import * as authServices from './auth-services';
import * as start from './start';

jest.mock('aws-amplify', () => ({ Amplify: { configure: jest.fn() } }));
jest.mock('aws-amplify/auth', () => ({ fetchAuthSession: jest.fn(), signIn: jest.fn() }));
jest.mock('aws-amplify/utils', () => ({ ConsoleLogger: { LOG_LEVEL: null } }));

const CONFIG: WebConfig = {
  region: 'us-east-1',
  userPoolId: 'local_abc',
  userPoolClientId: 'client',
  authFlowType: 'USER_PASSWORD_AUTH',
  apiBaseUrl: '',
};

/** A fresh copy of the module: its started services are module state. */
async function freshModule() {
  let fresh!: typeof start;
  await jest.isolateModulesAsync(async () => {
    fresh = await import('./start');
  });
  return fresh;
}

beforeEach(() => jest.mocked(Amplify.configure).mockClear());

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const jwt = (payload: object) => `${base64url({ alg: 'RS256', kid: 'k' })}.${base64url(payload)}.signature`;

describe('startServices', () => {
  it('answers every call with the first start, and after a failed start (the connection dropped) starts again', async () => {
    const module = await freshModule();
    let failFirst = true;
    const config = Promise.resolve(CONFIG).then((loaded) => {
      if (failFirst) throw new TypeError('Failed to fetch');
      return loaded;
    });
    config.catch(() => undefined);
    module.startAuth(config, Promise.resolve());
    await expect(module.startServices()).rejects.toThrow('Failed to fetch');
    failFirst = false;
    module.startAuth(Promise.resolve(CONFIG), Promise.resolve());
    const configured = module.startServices();
    await expect(configured).resolves.toHaveProperty('readSessionUser');
    expect(Amplify.configure).toHaveBeenCalledTimes(1);
    expect(module.startServices()).toBe(configured);
    await expect(module.servicesConfigured).resolves.toBe(await configured);
  });
});

describe('loadAmplifyAuth', () => {
  it('starts the services and answers only once they are configured', async () => {
    const module = await freshModule();
    let configLoaded: (config: WebConfig) => void = () => undefined;
    module.startAuth(new Promise((resolve) => (configLoaded = resolve)), Promise.resolve());
    let loaded = false;
    const loading = module.loadAmplifyAuth().then(() => (loaded = true));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(loaded).toBe(false);
    configLoaded(CONFIG);
    await loading;
    expect(Amplify.configure).toHaveBeenCalledTimes(1);
  });

  it('fails when the services cannot be configured', async () => {
    const module = await freshModule();
    const unreachable = Promise.reject(new Error('no configuration'));
    unreachable.catch(() => undefined);
    module.startAuth(unreachable, Promise.resolve());
    await expect(module.loadAmplifyAuth()).rejects.toThrow('no configuration');
  });

  it('needs no start outside the app (unit tests of the screens)', async () => {
    const module = await freshModule();
    await expect(module.loadAmplifyAuth()).resolves.toHaveProperty('signIn');
    expect(Amplify.configure).not.toHaveBeenCalled();
  });
});

describe('startAuth', () => {
  beforeEach(() => localStorage.clear());

  it('answers "signed out" from storage without a stored session, and the stored user once the page is in', async () => {
    const module = await freshModule();
    expect(module.startAuth(Promise.resolve(CONFIG), Promise.resolve()).sessionMayBeStored).toBe(false);

    const exp = Math.floor(Date.now() / 1000) + 3600;
    localStorage.setItem('CognitoIdentityServiceProvider.client.user-1.accessToken', jwt({ sub: 'sub-1', exp, 'cognito:groups': ['Students'] }));
    localStorage.setItem('CognitoIdentityServiceProvider.client.user-1.idToken', jwt({ sub: 'sub-1', exp, email: 'ada@example.com' }));
    localStorage.setItem('CognitoIdentityServiceProvider.client.LastAuthUser', 'user-1');
    localStorage.setItem('learning-paths:name:sub-1', 'Ada');
    let pageLoaded: () => void = () => undefined;
    const started = module.startAuth(Promise.resolve(CONFIG), new Promise((resolve) => (pageLoaded = resolve)));
    expect(started.sessionMayBeStored).toBe(true);
    let user: unknown;
    void started.storedUser.then((stored) => (user = stored));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(user).toBeUndefined();
    pageLoaded();
    await expect(started.storedUser).resolves.toEqual({ userId: 'sub-1', email: 'ada@example.com', role: 'Students', name: 'Ada' });
  });
});

describe('configureApiFor', () => {
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
    const startServices = jest.fn(async () => authServices);
    start.configureApiFor({ ...CONFIG, apiBaseUrl: 'http://api.test' }, startServices);
    await call('listModules', {});
    expect(fetchMock).toHaveBeenCalledWith('http://api.test/api/modules/getAllModules', expect.anything());
    expect(sentToken()).toEqual({ authorization: `Bearer ${stored}` });
    expect(startServices).not.toHaveBeenCalled();
  });

  it('asks Amplify (which refreshes it) once the stored token is about to expire, and sends none when it has none', async () => {
    storeSession(30);
    jest.mocked(fetchAuthSession).mockResolvedValueOnce({ tokens: { accessToken: { toString: () => 'refreshed' } } } as never);
    const startServices = jest.fn(async () => authServices);
    start.configureApiFor({ ...CONFIG, apiBaseUrl: '' }, startServices);
    await call('listModules', {});
    expect(startServices).toHaveBeenCalled();
    expect(sentToken()).toEqual({ authorization: 'Bearer refreshed' });

    localStorage.clear();
    jest.mocked(fetchAuthSession).mockResolvedValueOnce({} as never);
    await call('listModules', {});
    expect(sentToken()).toEqual({});
  });
});
