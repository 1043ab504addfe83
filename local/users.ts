// Users of a stack, for the seed and for tests: create one with a role (Cognito user in the role's group;
// the API keeps no user records, a class stores its members' names), and sign in: with USER_PASSWORD_AUTH, the flow
// cognito-local supports, or on a deployed pool (no endpoint) with ADMIN_USER_PASSWORD_AUTH, which needs AWS
// credentials (the web client itself signs in with SRP).
import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminGetUserCommand,
  AdminInitiateAuthCommand,
  AdminRespondToAuthChallengeCommand,
  AdminSetUserMFAPreferenceCommand,
  AdminSetUserPasswordCommand,
  AdminUpdateUserAttributesCommand,
  CognitoIdentityProviderClient,
  AssociateSoftwareTokenCommand,
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
  SetUserMFAPreferenceCommand,
  VerifySoftwareTokenCommand,
  type AuthenticationResultType,
  type ChallengeNameType,
} from '@aws-sdk/client-cognito-identity-provider';
import { routes } from '../shared/contract';
import type { Role } from '../shared/roles';
import { credentialsFor, type TargetStack } from './stack-config';
import { totpCode } from './totp';

/** The identity service; with the API's address, the API is told of a second factor turned on (turnOnTotp). */
type IdentityConfig = Pick<TargetStack, 'region' | 'cognito' | 'credentials'> & Partial<Pick<TargetStack, 'apiUrl'>>;

export interface NewUser {
  email: string;
  password: string;
  role: Role;
  /** The `name` attribute; the app shows it, with the e-mail as secondary text. */
  name?: string;
  /** Leave the user in FORCE_CHANGE_PASSWORD: the first sign-in must set a new password. */
  temporary?: boolean;
  /** Turn on two-factor authentication (TOTP), as the user would in their profile; administration requires it. */
  secondFactor?: boolean;
}

export interface CreatedUser {
  /** The Cognito `sub`: the id the API knows the user by. */
  userId: string;
  email: string;
  role: Role;
  /** With `secondFactor`: the TOTP secret (base32) the user's authenticator would hold; sign in with it. */
  totpSecret?: string;
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
    credentials: credentialsFor(config),
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
    const UserPoolId = config.cognito.userPoolId;
    const { UserAttributes, UserMFASettingList } = await client.send(new AdminGetUserCommand({ UserPoolId, Username: user.email }));
    // A new authenticator secret replaces the old one, which nobody here holds any more.
    if (user.secondFactor && UserMFASettingList?.includes('SOFTWARE_TOKEN_MFA')) {
      await client.send(
        new AdminSetUserMFAPreferenceCommand({ UserPoolId, Username: user.email, SoftwareTokenMfaSettings: { Enabled: false } }),
      );
    }
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
  const totpSecret = user.secondFactor && !user.temporary ? await turnOnTotp(client, config, user) : undefined;
  return { userId: user.userId, email: user.email, role: user.role, ...(totpSecret && { totpSecret }) };
}

/**
 * What the profile's two-factor section does: associate a software token, verify a code from it, prefer it; then, as
 * the app does next for an admin, an administration request, by which the API learns that the second factor is on
 * (and refuses this session, begun with the password alone: sessions from sign-ins with the code are admitted).
 */
async function turnOnTotp(client: CognitoIdentityProviderClient, config: IdentityConfig, user: NewUser): Promise<string> {
  const { accessToken: AccessToken } = await signInTokens(config, user.email, user.password);
  const { SecretCode } = await client.send(new AssociateSoftwareTokenCommand({ AccessToken }));
  if (!SecretCode) throw new Error(`The identity server returned no TOTP secret for ${user.email}`);
  await client.send(new VerifySoftwareTokenCommand({ AccessToken, UserCode: totpCode(SecretCode), FriendlyDeviceName: 'Tests' }));
  await client.send(new SetUserMFAPreferenceCommand({ AccessToken, SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true } }));
  if (config.apiUrl && user.role === 'Admins') {
    await fetch(`${config.apiUrl}${routes.getAdminOverview.path}`, { headers: { authorization: `Bearer ${AccessToken}` } });
    await nextSecond();
  }
  return SecretCode;
}

/**
 * Waits for the clock's next whole second. Tokens say when they were issued and signed in in whole seconds, so one
 * from the second of a change (a role change, the server first seeing a second factor on) counts as from before it.
 */
export const nextSecond = () => new Promise((resolve) => setTimeout(resolve, 1000 - (Date.now() % 1000) + 5));

/** Signs in with USER_PASSWORD_AUTH and returns the access token, the one the API accepts. */
export async function signIn(config: IdentityConfig, email: string, password: string): Promise<string> {
  return (await signInTokens(config, email, password)).accessToken;
}

/**
 * Signs in and returns the tokens; a user with two-factor authentication on needs `totpSecret` (their authenticator's
 * secret), from which the code of the moment is computed.
 */
export async function signInTokens(config: IdentityConfig, email: string, password: string, totpSecret?: string): Promise<SignInTokens> {
  const client = identityClient(config);
  try {
    const AuthParameters = { USERNAME: email, PASSWORD: password };
    const { cognito } = config;
    const local = Boolean(cognito.endpoint);
    const ClientId = cognito.userPoolClientId;
    const UserPoolId = cognito.userPoolId;
    let answer: { AuthenticationResult?: AuthenticationResultType; ChallengeName?: ChallengeNameType; Session?: string } = local
      ? await client.send(new InitiateAuthCommand({ ClientId, AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters }))
      : await client.send(new AdminInitiateAuthCommand({ UserPoolId, ClientId, AuthFlow: 'ADMIN_USER_PASSWORD_AUTH', AuthParameters }));
    if (answer.ChallengeName === 'SOFTWARE_TOKEN_MFA' && totpSecret) {
      const challenge = {
        ClientId,
        ChallengeName: answer.ChallengeName,
        Session: answer.Session,
        ChallengeResponses: { USERNAME: email, SOFTWARE_TOKEN_MFA_CODE: totpCode(totpSecret) },
      };
      answer = local
        ? await client.send(new RespondToAuthChallengeCommand(challenge))
        : await client.send(new AdminRespondToAuthChallengeCommand({ ...challenge, UserPoolId }));
    }
    const { AuthenticationResult, ChallengeName } = answer;
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
