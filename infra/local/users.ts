// Users of a stack, for the seed and for tests: create one with a role (Cognito user in the role's group;
// the API keeps no user records, a class stores its members' names), and sign in: with USER_PASSWORD_AUTH, the flow
// cognito-local supports, or on a deployed pool (no endpoint) with ADMIN_USER_PASSWORD_AUTH, which needs AWS
// credentials (the web client itself signs in with SRP).
import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminGetUserCommand,
  AdminInitiateAuthCommand,
  AdminSetUserPasswordCommand,
  AdminUpdateUserAttributesCommand,
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import type { Role } from '../../shared/roles';
import { credentialsFor, type TargetStack } from './stack-config';

type IdentityConfig = Pick<TargetStack, 'region' | 'cognito'>;

export interface NewUser {
  email: string;
  password: string;
  role: Role;
  /** The `name` attribute; the app shows it, with the e-mail as secondary text. */
  name?: string;
  /** Leave the user in FORCE_CHANGE_PASSWORD: the first sign-in must set a new password. */
  temporary?: boolean;
}

export interface CreatedUser {
  /** The Cognito `sub`: the id the API knows the user by. */
  userId: string;
  email: string;
  role: Role;
}

export interface SignInTokens {
  accessToken: string;
  idToken: string;
  refreshToken: string;
}

/** A client for the stack's identity service (the local twin, or Cognito); destroy() it when done. */
export function identityClient(config: IdentityConfig): CognitoIdentityProviderClient {
  return new CognitoIdentityProviderClient({
    endpoint: config.cognito.endpoint,
    region: config.region,
    credentials: credentialsFor(config.cognito),
  });
}

/**
 * Creates a user (e-mail as username) in the group of `role`, with a permanent password unless `temporary`.
 * Fails with UsernameExistsException if the e-mail is taken; see ensureUser for the idempotent form.
 */
export async function createUser(config: IdentityConfig, user: NewUser): Promise<CreatedUser> {
  const client = identityClient(config);
  try {
    const { User } = await client.send(
      new AdminCreateUserCommand({
        UserPoolId: config.cognito.userPoolId,
        Username: user.email,
        TemporaryPassword: user.password,
        MessageAction: 'SUPPRESS',
        UserAttributes: [
          { Name: 'email', Value: user.email },
          { Name: 'email_verified', Value: 'true' },
          ...(user.name ? [{ Name: 'name', Value: user.name }] : []),
        ],
      }),
    );
    const userId = User?.Attributes?.find((attribute) => attribute.Name === 'sub')?.Value;
    if (!userId) throw new Error(`The identity server returned no sub for ${user.email}`);
    return await finishUser(client, config, { ...user, userId });
  } finally {
    client.destroy();
  }
}

/** Like createUser, but an existing user is brought to the given password and role instead. */
export async function ensureUser(config: IdentityConfig, user: NewUser): Promise<CreatedUser> {
  const client = identityClient(config);
  try {
    const { UserAttributes } = await client.send(
      new AdminGetUserCommand({ UserPoolId: config.cognito.userPoolId, Username: user.email }),
    );
    const userId = UserAttributes?.find((attribute) => attribute.Name === 'sub')?.Value;
    if (!userId) throw new Error(`The identity server returned no sub for ${user.email}`);
    return await finishUser(client, config, { ...user, userId });
  } catch (error) {
    if ((error as Error).name === 'UserNotFoundException') return createUser(config, user);
    throw error;
  } finally {
    client.destroy();
  }
}

async function finishUser(
  client: CognitoIdentityProviderClient,
  config: IdentityConfig,
  user: NewUser & { userId: string },
): Promise<CreatedUser> {
  const UserPoolId = config.cognito.userPoolId;
  if (user.name) {
    await client.send(
      new AdminUpdateUserAttributesCommand({ UserPoolId, Username: user.email, UserAttributes: [{ Name: 'name', Value: user.name }] }),
    );
  }
  if (!user.temporary) {
    await client.send(
      new AdminSetUserPasswordCommand({ UserPoolId, Username: user.email, Password: user.password, Permanent: true }),
    );
  }
  await client.send(new AdminAddUserToGroupCommand({ UserPoolId, Username: user.email, GroupName: user.role }));
  return { userId: user.userId, email: user.email, role: user.role };
}

/** Signs in with USER_PASSWORD_AUTH and returns the access token, the one the API accepts. */
export async function signIn(config: IdentityConfig, email: string, password: string): Promise<string> {
  return (await signInTokens(config, email, password)).accessToken;
}

export async function signInTokens(config: IdentityConfig, email: string, password: string): Promise<SignInTokens> {
  const client = identityClient(config);
  try {
    const AuthParameters = { USERNAME: email, PASSWORD: password };
    const { cognito } = config;
    const { AuthenticationResult, ChallengeName } = cognito.endpoint
      ? await client.send(new InitiateAuthCommand({ ClientId: cognito.userPoolClientId, AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters }))
      : await client.send(
          new AdminInitiateAuthCommand({
            UserPoolId: cognito.userPoolId,
            ClientId: cognito.userPoolClientId,
            AuthFlow: 'ADMIN_USER_PASSWORD_AUTH',
            AuthParameters,
          }),
        );
    if (!AuthenticationResult?.AccessToken || !AuthenticationResult.IdToken || !AuthenticationResult.RefreshToken) {
      throw new Error(`Sign-in of ${email} did not return tokens${ChallengeName ? ` (challenge ${ChallengeName})` : ''}.`);
    }
    return {
      accessToken: AuthenticationResult.AccessToken,
      idToken: AuthenticationResult.IdToken,
      refreshToken: AuthenticationResult.RefreshToken,
    };
  } finally {
    client.destroy();
  }
}
