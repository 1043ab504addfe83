// Where cognito-local answers differently from Cognito in ways the app relies on, its target table (the handler per
// x-amz-target) gets our version, run in the identity twin's worker (identity-twin.ts): what it lacks (token refresh
// under Amplify's name, global sign-outs, SRP sign-in from identity-srp.ts, an LMS launch's custom sign-in from
// identity-custom-auth.ts), a CreateGroup that refuses an existing
// group instead of emptying it, sign-in refused to a disabled user, self sign-up refused (the pool admits invited
// users only), the app client's write attributes enforced on a user's own changes, and every call made with a user's
// access token checked as Cognito checks it (identity-tokens.ts: signature, expiry, user enabled, sign-in not revoked).
import { CognitoError, NotAuthorizedError, UserNotFoundError } from 'cognito-local/lib/errors';
import type { Context } from 'cognito-local/lib/services/context';
import type { User, UserPoolService } from 'cognito-local/lib/services/userPoolService';
import { InitiateAuth } from 'cognito-local/lib/targets/initiateAuth';
import { Targets } from 'cognito-local/lib/targets/targets';
import { answerCustomAuthStart, answerCustomChallenge, type VerifyAuthChallenge } from './identity-custom-auth';
import { answerPasswordVerifier, answerSrpStart } from './identity-srp';
import { endSignIns, keepSignIn, refreshingWith, usernameOf, verifyAccessToken } from './identity-tokens';

type Services = Parameters<typeof InitiateAuth>[0];
type Handler = (ctx: Context, req: never) => Promise<object>;
export type TargetFactory = (services: Services) => Handler;

const targets = Targets as unknown as Record<string, TargetFactory>;
let registered = false;

/**
 * Installs our targets once per worker (the table is module state of cognito-local); `verifyAuthChallenge` runs the
 * pool's VerifyAuthChallengeResponse trigger (an LMS launch's custom sign-in, identity-custom-auth.ts).
 */
export function registerTargetOverrides(verifyAuthChallenge: VerifyAuthChallenge): void {
  if (registered) return;
  registered = true;
  targets.GetTokensFromRefreshToken = getTokensFromRefreshToken;
  targets.AdminUserGlobalSignOut = adminUserGlobalSignOut;
  targets.CreateGroup = refuseExistingGroup(targets.CreateGroup);
  // A verified password claim goes on as cognito-local's own password sign-in.
  targets.RespondToAuthChallenge = answerPasswordVerifier(targets.RespondToAuthChallenge, targets.InitiateAuth);
  targets.InitiateAuth = answerSrpStart(targets.InitiateAuth);
  targets.RespondToAuthChallenge = answerCustomChallenge(targets.RespondToAuthChallenge, verifyAuthChallenge);
  targets.InitiateAuth = answerCustomAuthStart(targets.InitiateAuth);
  for (const name of ['InitiateAuth', 'AdminInitiateAuth', 'RespondToAuthChallenge', 'AdminRespondToAuthChallenge']) {
    targets[name] = refuseDisabledUser(targets[name]);
  }
  targets.UpdateUserAttributes = enforceWriteAttributes(targets.UpdateUserAttributes, (req) =>
    (req.UserAttributes ?? []).map((attribute) => attribute.Name),
  );
  targets.DeleteUserAttributes = enforceWriteAttributes(targets.DeleteUserAttributes, (req) => req.UserAttributeNames ?? []);
  for (const name of ['InitiateAuth', 'AdminInitiateAuth']) targets[name] = continueSignInOnRefresh(targets[name]);
  for (const name of ['RespondToAuthChallenge', 'AdminRespondToAuthChallenge']) targets[name] = keepSignInAfterChallenge(targets[name]);
  targets.GlobalSignOut = globalSignOut;
  targets.AdminDisableUser = endSignInsAfter(targets.AdminDisableUser);
  targets.SignUp = refuseSelfSignUp;
  for (const name of USER_TOKEN_TARGETS) if (targets[name]) targets[name] = checkAccessToken(targets[name]);
}

/**
 * The targets a user calls with their own access token (AssociateSoftwareToken and VerifySoftwareToken: or a session);
 * GlobalSignOut, ours, checks its own.
 */
const USER_TOKEN_TARGETS = [
  'AssociateSoftwareToken',
  'ChangePassword',
  'ConfirmDevice',
  'DeleteUser',
  'DeleteUserAttributes',
  'ForgetDevice',
  'GetDevice',
  'GetUser',
  'GetUserAttributeVerificationCode',
  'ListDevices',
  'SetUserMFAPreference',
  'SetUserSettings',
  'UpdateDeviceStatus',
  'UpdateUserAttributes',
  'VerifySoftwareToken',
  'VerifyUserAttribute',
];

/**
 * cognito-local only decodes the access token a user calls with, so a forged one (`alg: none`, any `sub`) acted as
 * anyone; Cognito verifies it. A call without one (an MFA set-up step by session) goes on as it was.
 */
const checkAccessToken =
  (original: TargetFactory): TargetFactory =>
  (services) => {
    const handle = original(services);
    return async (ctx: Context, req: { AccessToken?: unknown; Session?: unknown }) => {
      if (req.AccessToken !== undefined || req.Session === undefined) await verifyAccessToken(services, ctx, String(req.AccessToken ?? ''));
      return handle(ctx, req as never);
    };
  };

/** GlobalSignOut, which cognito-local lacks (it answered 500): ends every sign-in of the caller. */
const globalSignOut: TargetFactory =
  (services) =>
  async (ctx: Context, req: { AccessToken: string }) => {
    const { user, userPool } = await verifyAccessToken(services, ctx, req.AccessToken);
    await endSignIns(ctx, userPool, user);
    return {};
  };

/** Cognito's AdminDisableUser also revokes the user's tokens, so enabling them again revives none. */
const endSignInsAfter =
  (original: TargetFactory): TargetFactory =>
  (services) => {
    const handle = original(services);
    return async (ctx: Context, req: { UserPoolId: string; Username: string }) => {
      const answer = await handle(ctx, req as never);
      const userPool = await services.cognito.getUserPool(ctx, req.UserPoolId);
      const user = await userPool.getUserByUsername(ctx, req.Username);
      if (user) await endSignIns(ctx, userPool, user);
      return answer;
    };
  };

/** The pool admits only the people an administrator invites (AllowAdminCreateUserOnly, as the cloud's). */
const refuseSelfSignUp: TargetFactory = () => async () => {
  throw new NotAuthorizedError('SignUp is not permitted for this user pool');
};

/** A refresh continues its sign-in: the new tokens keep its auth_time and origin_jti (identity-tokens.ts). */
const continueSignInOnRefresh =
  (original: TargetFactory): TargetFactory =>
  (services) => {
    const handle = original(services);
    return (ctx: Context, req: SignInRequest) => refreshingWith(req.AuthParameters?.REFRESH_TOKEN, () => handle(ctx, req as never));
  };

/** A sign-in finished by a challenge (the second factor) keeps its refresh token, which cognito-local forgets to. */
const keepSignInAfterChallenge =
  (original: TargetFactory): TargetFactory =>
  (services) => {
    const handle = original(services);
    return async (ctx: Context, req: SignInRequest & { UserPoolId?: string }) => {
      const answer = (await handle(ctx, req as never)) as { AuthenticationResult?: { AccessToken?: string; RefreshToken?: string } };
      const { AccessToken, RefreshToken } = answer.AuthenticationResult ?? {};
      const username = usernameOf(AccessToken);
      if (RefreshToken && username && req.ClientId) {
        await keepSignIn(ctx, await services.cognito.getUserPoolForClientId(ctx, req.ClientId), username, RefreshToken);
      }
      return answer;
    };
  };

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
 * AdminUserGlobalSignOut, which a role or access change calls and cognito-local lacks: it ends every sign-in of the
 * user, so the next refresh fails and the identity service takes none of their access tokens, as in Cognito. (The
 * API's JWT authorizer checks only signatures: the API refuses those tokens itself, functions/src/platform/http.ts.)
 */
const adminUserGlobalSignOut: TargetFactory =
  ({ cognito }) =>
  async (ctx: Context, req: { UserPoolId: string; Username: string }) => {
    const userPool = await cognito.getUserPool(ctx, req.UserPoolId);
    const user = await userPool.getUserByUsername(ctx, req.Username);
    if (!user) throw new UserNotFoundError();
    await endSignIns(ctx, userPool, user);
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
