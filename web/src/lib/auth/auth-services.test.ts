import { Amplify } from 'aws-amplify';
import { ConsoleLogger } from 'aws-amplify/utils';
import * as authServices from './auth-services';
import { getAuthFlowType } from './auth-flow';

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
