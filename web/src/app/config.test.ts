import { Amplify } from 'aws-amplify';
import { ConsoleLogger } from 'aws-amplify/utils';
import { getAuthFlowType } from '../features/auth/auth-flow';
import * as authServices from './auth-services';
import { ConfigError, loadWebConfig, mayHaveStoredSession, startServices } from './config';

jest.mock('aws-amplify', () => ({ Amplify: { configure: jest.fn() } }));
jest.mock('aws-amplify/auth', () => ({ fetchAuthSession: jest.fn() }));
jest.mock('aws-amplify/utils', () => ({ ConsoleLogger: { LOG_LEVEL: null } }));

const VALID = {
  region: 'us-east-1',
  userPoolId: 'local_abc',
  userPoolClientId: 'client',
  userPoolEndpoint: 'http://localhost:9229',
  authFlowType: 'USER_PASSWORD_AUTH' as const,
  apiBaseUrl: '',
};

const answer = (status: number, body: unknown) =>
  jest.fn(async () => ({ ok: status < 400, status, json: async () => body }) as unknown as Response);

describe('loadWebConfig', () => {
  it('returns the validated configuration', async () => {
    await expect(loadWebConfig(answer(200, VALID))).resolves.toEqual(VALID);
  });

  it('names the invalid settings', async () => {
    const promise = loadWebConfig(answer(200, { ...VALID, userPoolId: '', authFlowType: 'SMS' }));
    await expect(promise).rejects.toBeInstanceOf(ConfigError);
    await expect(loadWebConfig(answer(200, { ...VALID, userPoolId: '' }))).rejects.toThrow('userPoolId');
  });

  it('explains HTTP failures and unreachable servers', async () => {
    await expect(loadWebConfig(answer(404, {}))).rejects.toThrow('The server answered 404 for /config.json.');
    const offline = jest.fn(async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch;
    await expect(loadWebConfig(offline)).rejects.toThrow('The server could not be reached.');
  });
});

describe('configureServices', () => {
  it('configures Amplify with the local endpoint and the flow type', () => {
    authServices.configureServices({ ...VALID, authFlowType: 'USER_PASSWORD_AUTH', apiBaseUrl: 'http://api.test' });

    expect(Amplify.configure).toHaveBeenCalledWith({
      Auth: {
        Cognito: {
          userPoolId: 'local_abc',
          userPoolClientId: 'client',
          userPoolEndpoint: 'http://localhost:9229',
          loginWith: { email: true },
        },
      },
    });
    expect(ConsoleLogger.LOG_LEVEL).toBeNull();
    expect(getAuthFlowType()).toBe('USER_PASSWORD_AUTH');
  });

  it('leaves the endpoint out when the configuration has none (the cloud)', () => {
    const { userPoolEndpoint: _omit, ...cloud } = VALID;
    authServices.configureServices({ ...cloud, authFlowType: 'USER_SRP_AUTH' });
    expect(jest.mocked(Amplify.configure).mock.lastCall?.[0]).toEqual({
      Auth: { Cognito: { userPoolId: 'local_abc', userPoolClientId: 'client', loginWith: { email: true } } },
    });
  });
});

describe('startServices', () => {
  it('answers every call with the first start, and after a failed start (the connection dropped) starts again', async () => {
    const unreachable = Promise.reject(new TypeError('Failed to fetch'));
    unreachable.catch(() => undefined);
    await expect(startServices(unreachable)).rejects.toThrow('Failed to fetch');
    jest.mocked(Amplify.configure).mockClear();
    const configured = startServices(Promise.resolve(VALID));
    await expect(configured).resolves.toHaveProperty('readSessionUser');
    expect(Amplify.configure).toHaveBeenCalledTimes(1);
    expect(startServices(new Promise<never>(() => undefined))).toBe(configured);
  });
});

describe('mayHaveStoredSession', () => {
  const storage = (...keys: string[]) => ({ length: keys.length, key: (index: number) => keys[index] ?? null });

  it("says yes when Amplify's last-user key is stored, whatever the app client", () => {
    expect(mayHaveStoredSession(storage('theme', 'CognitoIdentityServiceProvider.client-1.LastAuthUser'))).toBe(true);
  });

  it('says no without one: a first visit, or after sign-out (which leaves only device keys behind)', () => {
    expect(mayHaveStoredSession(storage())).toBe(false);
    expect(mayHaveStoredSession(storage('CognitoIdentityServiceProvider.client-1.someone.deviceKey', 'learning-paths:draft'))).toBe(false);
  });

  it('says yes when the storage cannot be read, so Amplify decides', () => {
    const blocked = {
      get length(): number {
        throw new DOMException('denied', 'SecurityError');
      },
      key: () => null,
    };
    expect(mayHaveStoredSession(blocked)).toBe(true);
  });
});
