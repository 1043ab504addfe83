// What Cognito does for a disabled user's tokens, done locally. In the cloud, disabling someone also signs them out
// everywhere (refresh tokens revoked) and access tokens live 15 minutes; the twin's tokens live a day and its global
// sign-out (identity-twin.ts) revokes only refresh tokens, so the local API server asks the twin, on every request, whether the caller is still
// enabled. Not cached: an offboarded person's very next call must fail, and the twin answers in a few milliseconds.
import { AdminGetUserCommand, type CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';

export interface AccountStatusCheck {
  /** True when the user is disabled or no longer exists. */
  isRefused(userId: string): Promise<boolean>;
}

export function createAccountStatusCheck(options: { client: CognitoIdentityProviderClient; userPoolId: string }): AccountStatusCheck {
  return {
    async isRefused(userId) {
      try {
        const user = await options.client.send(new AdminGetUserCommand({ UserPoolId: options.userPoolId, Username: userId }));
        return user.Enabled === false;
      } catch (error) {
        if ((error as Error).name === 'UserNotFoundException') return true;
        throw error;
      }
    },
  };
}
