import { provideIdentityServices } from '../../lib/identity-services';
import { loadAmplifyAuth } from './amplify-auth';

jest.mock('aws-amplify/auth', () => ({ signIn: jest.fn() }));

describe('loadAmplifyAuth', () => {
  afterEach(() => provideIdentityServices(async () => undefined));

  it('starts the identity services and answers only once they are configured', async () => {
    let configured = () => {};
    const start = jest.fn(() => new Promise<void>((resolve) => (configured = resolve)));
    provideIdentityServices(start);
    let loaded = false;
    const loading = loadAmplifyAuth().then(() => (loaded = true));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(start).toHaveBeenCalledTimes(1);
    expect(loaded).toBe(false);
    configured();
    await loading;
    expect(loaded).toBe(true);
  });

  it('fails when the services cannot be configured', async () => {
    provideIdentityServices(async () => {
      throw new Error('no configuration');
    });
    await expect(loadAmplifyAuth()).rejects.toThrow('no configuration');
  });
});
