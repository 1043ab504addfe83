// Where cognito-local answers differently from Cognito in ways the app relies on, its target table (the handler per
// x-amz-target) gets our version, run in the identity twin's worker (identity-twin.ts): what it lacks (token refresh
// under Amplify's name, global sign-out, SRP sign-in from identity-srp.ts), a CreateGroup that refuses an existing
// group instead of emptying it, sign-in refused to a disabled user, and the app client's write attributes enforced on
// a user's own changes.
import { CognitoError, NotAuthorizedError, UserNotFoundError } from 'cognito-local/lib/errors';
import type { Context } from 'cognito-local/lib/services/context';
import type { User, UserPoolService } from 'cognito-local/lib/services/userPoolService';
import { InitiateAuth } from 'cognito-local/lib/targets/initiateAuth';
import { Targets } from 'cognito-local/lib/targets/targets';
import { answerPasswordVerifier, answerSrpStart } from './identity-srp';

type Services = Parameters<typeof InitiateAuth>[0];
type Handler = (ctx: Context, req: never) => Promise<object>;
export type TargetFactory = (services: Services) => Handler;

const targets = Targets as unknown as Record<string, TargetFactory>;
let registered = false;

/** Installs our targets once per worker (the table is module state of cognito-local). */
export function registerTargetOverrides(): void {
  if (registered) return;
  registered = true;
  targets.GetTokensFromRefreshToken = getTokensFromRefreshToken;
  targets.AdminUserGlobalSignOut = adminUserGlobalSignOut;
  targets.CreateGroup = refuseExistingGroup(targets.CreateGroup);
  // A verified password claim goes on as cognito-local's own password sign-in.
  targets.RespondToAuthChallenge = answerPasswordVerifier(targets.RespondToAuthChallenge, targets.InitiateAuth);
  targets.InitiateAuth = answerSrpStart(targets.InitiateAuth);
  for (const name of ['InitiateAuth', 'AdminInitiateAuth', 'RespondToAuthChallenge', 'AdminRespondToAuthChallenge']) {
    targets[name] = refuseDisabledUser(targets[name]);
  }
  targets.UpdateUserAttributes = enforceWriteAttributes(targets.UpdateUserAttributes, (req) =>
    (req.UserAttributes ?? []).map((attribute) => attribute.Name),
  );
  targets.DeleteUserAttributes = enforceWriteAttributes(targets.DeleteUserAttributes, (req) => req.UserAttributeNames ?? []);
}

/**
 * Amplify v6 refreshes tokens with GetTokensFromRefreshToken, which cognito-local lacks; it is InitiateAuth's
 * REFRESH_TOKEN_AUTH flow under another name (through the table, so a disabled user is refused here too). Cognito
 * returns a refresh token only when rotation is on; we hand back the one sent, which a client keeps using either way.
 */
const getTokensFromRefreshToken: TargetFactory =
  (services) => async (ctx: Context, req: { RefreshToken: string; ClientId: string; ClientMetadata?: Record<string, string> }) => {
    const result = (await targets.InitiateAuth(services)(ctx, {
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      ClientId: req.ClientId,
      AuthParameters: { REFRESH_TOKEN: req.RefreshToken },
      ClientMetadata: req.ClientMetadata,
    } as never)) as Awaited<ReturnType<ReturnType<typeof InitiateAuth>>>;
    return { AuthenticationResult: { ...result.AuthenticationResult, RefreshToken: req.RefreshToken } };
  };

/**
 * AdminUserGlobalSignOut, which offboarding calls and cognito-local lacks: it forgets the user's refresh tokens, so
 * the next refresh fails as in Cognito. (Access tokens already issued live on; the local API server refuses a
 * disabled user's tokens, standing in for their short lifetime in the cloud.)
 */
const adminUserGlobalSignOut: TargetFactory =
  ({ cognito }) =>
  async (ctx: Context, req: { UserPoolId: string; Username: string }) => {
    const userPool = await cognito.getUserPool(ctx, req.UserPoolId);
    const user = await userPool.getUserByUsername(ctx, req.Username);
    if (!user) throw new UserNotFoundError();
    await userPool.saveUser(ctx, { ...user, RefreshTokens: [] });
    return {};
  };

/** cognito-local's CreateGroup overwrites an existing group, members and all; Cognito refuses it. */
const refuseExistingGroup =
  (original: TargetFactory): TargetFactory =>
  (services) => {
    const create = original(services);
    return async (ctx: Context, req: { UserPoolId: string; GroupName: string }) => {
      const userPool = await services.cognito.getUserPool(ctx, req.UserPoolId);
      // listGroups rather than getGroupByGroupName, which throws in a pool that has no group yet.
      if ((await userPool.listGroups(ctx)).some((group) => group.GroupName === req.GroupName)) {
        throw new CognitoError('GroupExistsException', 'A group with the name already exists.');
      }
      return create(ctx, req as never);
    };
  };

interface SignInRequest {
  ClientId?: string;
  AuthParameters?: Record<string, string | undefined>;
  ChallengeResponses?: Record<string, string | undefined>;
}

/**
 * Cognito refuses every sign-in step of a disabled user (password, new-password challenge, second factor, refresh)
 * with NotAuthorizedException "User is disabled."; cognito-local does not look at the flag.
 */
const refuseDisabledUser =
  (original: TargetFactory): TargetFactory =>
  (services) => {
    const signIn = original(services);
    return async (ctx: Context, req: SignInRequest) => {
      if (req.ClientId) {
        const userPool = await services.cognito.getUserPoolForClientId(ctx, req.ClientId);
        const user = await signingInUser(ctx, userPool, req);
        if (user && !user.Enabled) throw new NotAuthorizedError('User is disabled.');
      }
      return signIn(ctx, req as never);
    };
  };

function signingInUser(ctx: Context, userPool: UserPoolService, req: SignInRequest): Promise<User | null> {
  const username = req.AuthParameters?.USERNAME ?? req.ChallengeResponses?.USERNAME;
  if (username) return userPool.getUserByUsername(ctx, username);
  const refreshToken = req.AuthParameters?.REFRESH_TOKEN;
  return refreshToken ? userPool.getUserByRefreshToken(ctx, refreshToken) : Promise.resolve(null);
}

interface OwnAttributesRequest {
  AccessToken?: string;
  UserAttributes?: { Name: string }[];
  UserAttributeNames?: string[];
}

/**
 * With their own access token a user may change only the attributes their app client's WriteAttributes lists (all of
 * them when it lists none), as in Cognito; the rest change through the API, which validates them.
 */
const enforceWriteAttributes =
  (original: TargetFactory, attributeNames: (req: OwnAttributesRequest) => string[]): TargetFactory =>
  (services) => {
    const update = original(services);
    return async (ctx: Context, req: OwnAttributesRequest) => {
      const clientId = accessTokenClientId(req.AccessToken);
      const client = clientId ? await services.cognito.getAppClient(ctx, clientId) : null;
      const writable = client?.WriteAttributes;
      if (writable && attributeNames(req).some((name) => !writable.includes(name))) {
        throw new NotAuthorizedError('A client attempted to write unauthorized attribute');
      }
      return update(ctx, req as never);
    };
  };

/** The client an access token was issued to (cognito-local's own targets read tokens without verifying them, too). */
function accessTokenClientId(token: string | undefined): string | undefined {
  try {
    const payload = JSON.parse(Buffer.from(token?.split('.')[1] ?? '', 'base64url').toString('utf8')) as { client_id?: unknown };
    return typeof payload.client_id === 'string' ? payload.client_id : undefined;
  } catch {
    return undefined;
  }
}
