// Builds the Cognito client a handler uses, once per Lambda container (at cold start); locally it points at the twin.
// An administration handler's two-factor check and its people directory share this one client (a second one cost
// every admin cold start its own configuration and middleware stack).
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { localEndpoint } from './env';
import { traced } from './tracing';

let shared: CognitoIdentityProviderClient | undefined;

export function cognitoClient(): CognitoIdentityProviderClient {
  const endpoint = localEndpoint('COGNITO_ENDPOINT');
  shared ??= traced(new CognitoIdentityProviderClient(endpoint ? { endpoint } : {}));
  return shared;
}
