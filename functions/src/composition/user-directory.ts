// The people directory over the user pool named by USER_POOL_ID; only routes that call Cognito import this file.
import { makeCognitoUserDirectory } from '../people/adapters/cognito-user-directory';
import type { UserDirectory } from '../people/port';
import { cognitoClient } from '../platform/cognito-client';
import { localEndpoint, requiredEnv } from '../platform/env';

export function userDirectory(): UserDirectory {
  // The local twin (cognito-local) sends no e-mail: the directory makes temporary passwords itself there.
  const local = localEndpoint('COGNITO_ENDPOINT') !== undefined;
  return makeCognitoUserDirectory({ client: cognitoClient(), userPoolId: requiredEnv('USER_POOL_ID'), local });
}
