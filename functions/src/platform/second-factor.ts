// Whether a caller has two-factor authentication on, as the user pool says (AdminGetUser's UserMFASettingList).
// Asked on every administration request, not read from the token: Cognito's tokens do not say how the user signed in,
// and turning TOTP off in the profile must take effect at once. The same answer names the admin for the audit trail.
import { AdminGetUserCommand, type CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { displayName } from '@shared/person-name';
import { cognitoClient } from './cognito-client';
import { requiredEnv } from './env';
import type { SecondFactorCheck } from './http';

export function makeSecondFactorCheck({ client, userPoolId }: { client: CognitoIdentityProviderClient; userPoolId: string }): SecondFactorCheck {
  return async (userId) => {
    try {
      const user = await client.send(new AdminGetUserCommand({ UserPoolId: userPoolId, Username: userId }));
      const attribute = (name: string) => user.UserAttributes?.find((each) => each.Name === name)?.Value ?? '';
      return {
        secondFactor: user.UserMFASettingList?.includes('SOFTWARE_TOKEN_MFA') ?? false,
        name: displayName({ name: attribute('name'), email: attribute('email') }),
      };
    } catch (error) {
      // A deleted user's token (valid until it expires) has no second factor.
      if ((error as Error).name === 'UserNotFoundException') return { secondFactor: false };
      throw error;
    }
  };
}

/** The check over the user pool named by USER_POOL_ID, for a handler's module scope. */
export const secondFactorCheck = (): SecondFactorCheck =>
  makeSecondFactorCheck({ client: cognitoClient(), userPoolId: requiredEnv('USER_POOL_ID') });
