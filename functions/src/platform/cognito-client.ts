// Builds the Cognito client a handler uses, once per Lambda container (at cold start); locally it points at the twin.
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { localEndpoint } from './env';
import { traced } from './tracing';

export function makeCognitoClient(endpoint = localEndpoint('COGNITO_ENDPOINT')): CognitoIdentityProviderClient {
  return traced(new CognitoIdentityProviderClient(endpoint ? { endpoint } : {}));
}
