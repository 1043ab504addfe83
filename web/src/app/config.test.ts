import { ConfigError, loadWebConfig } from './config';

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
