// What Cognito does for a disabled user's tokens, done locally. In the cloud, disabling someone also signs them out
// everywhere (refresh tokens revoked) and access tokens live 15 minutes; the twin has no global sign-out and its tokens
// stay valid, so the local API server asks the twin whether the caller is still enabled (answers cached for a second).
import { AdminGetUserCommand, type CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';

export const CACHE_MS = 1000;

export interface AccountStatusCheck {
  /** True when the user is disabled or no longer exists. */
  isRefused(userId: string): Promise<boolean>;
}

export function createAccountStatusCheck(options: {
  client: CognitoIdentityProviderClient;
  userPoolId: string;
  now?: () => number;
}): AccountStatusCheck {
  const now = options.now ?? Date.now;
  const cache = new Map<string, { refused: boolean; at: number }>();
  return {
    async isRefused(userId) {
      const cached = cache.get(userId);
      if (cached && now() - cached.at < CACHE_MS) return cached.refused;
      let refused: boolean;
      try {
        const user = await options.client.send(new AdminGetUserCommand({ UserPoolId: options.userPoolId, Username: userId }));
        refused = user.Enabled === false;
      } catch (error) {
        if ((error as Error).name !== 'UserNotFoundException') throw error;
        refused = true;
      }
      cache.set(userId, { refused, at: now() });
      return refused;
    },
  };
}
