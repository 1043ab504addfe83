import { Amplify } from 'aws-amplify';
import { ConsoleLogger, Hub } from 'aws-amplify/utils';
import * as authServices from './auth-services';
import { getAuthFlowType } from './auth-flow';

jest.mock('aws-amplify', () => ({ Amplify: { configure: jest.fn(), getConfig: jest.fn() } }));
jest.mock('aws-amplify/auth', () => ({ fetchAuthSession: jest.fn() }));
jest.mock('aws-amplify/utils', () => ({ ConsoleLogger: { LOG_LEVEL: null }, Hub: { listen: jest.fn() } }));

const VALID = {
  region: 'us-east-1',
  userPoolId: 'local_abc',
  userPoolClientId: 'client',
  userPoolEndpoint: 'http://localhost:9229',
  authFlowType: 'USER_PASSWORD_AUTH' as const,
  apiBaseUrl: '',
};

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

describe('schoolSignInSettled', () => {
  const MARK = 'CognitoIdentityServiceProvider.client.inflightOAuth';
  let announce: () => void;
  const stopListening = jest.fn();

  beforeEach(() => {
    jest.mocked(Amplify.getConfig).mockReturnValue({ Auth: { Cognito: { userPoolId: 'local_abc', userPoolClientId: 'client' } } });
    jest.mocked(Hub.listen).mockImplementation(((_channel: string, listener: (data: { payload: { event: string } }) => void) => {
      announce = () => listener({ payload: { event: 'signInWithRedirect_failure' } });
      return stopListening;
    }) as unknown as typeof Hub.listen);
    stopListening.mockClear();
  });
  afterEach(() => localStorage.clear());

  const settledYet = async (settling: Promise<void>) => {
    let settled = false;
    void settling.then(() => (settled = true));
    await Promise.resolve();
    return settled;
  };

  it('settles at once when Amplify holds no school sign-in as under way', async () => {
    expect(await settledYet(authServices.schoolSignInSettled())).toBe(true);
    expect(Hub.listen).not.toHaveBeenCalled();
  });

  it('waits for Amplify to announce the end of one an earlier page left unfinished, once its mark is cleared', async () => {
    localStorage.setItem(MARK, 'true');
    const settling = authServices.schoolSignInSettled();
    expect(await settledYet(settling)).toBe(false);

    announce(); // An event while the mark is still there: still under way.
    expect(await settledYet(settling)).toBe(false);

    localStorage.removeItem(MARK);
    announce();
    expect(await settledYet(settling)).toBe(true);
    expect(stopListening).toHaveBeenCalledTimes(1);
  });
});
