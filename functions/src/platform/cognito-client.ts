// The Cognito client as a module singleton, created once per Lambda container; locally it points at the twin.
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { localEndpoints } from './env';

export const cognitoClient = new CognitoIdentityProviderClient(localEndpoints.cognito ? { endpoint: localEndpoints.cognito } : {});
