// Tokens of the Cognito twin as Cognito makes and checks them, where cognito-local does not: every token of one
// sign-in carries that sign-in's `origin_jti` (here the jti of its refresh token) and its `auth_time`, kept when the
// tokens are refreshed; and an access token is checked on every call a user makes with it (signature, expiry, the user
// still there and enabled, its sign-in not revoked by a global sign-out), where cognito-local only decodes it.
// A sign-in is live while its refresh token is among the user's (cognito-local's RefreshTokens): a global sign-out or a
// disable forgets them all, so no token of an earlier sign-in is taken again, whatever happens to the user afterwards.
import { AsyncLocalStorage } from 'node:async_hooks';
import { createRequire } from 'node:module';
import { NotAuthorizedError } from 'cognito-local/lib/errors';
import type { Context } from 'cognito-local/lib/services/context';
import { JwtTokenGenerator } from 'cognito-local/lib/services/tokenGenerator';
import type { User, UserPoolService } from 'cognito-local/lib/services/userPoolService';

// cognito-local's own JWT library and key pair (its tokens are signed with this key, its JWKS publishes it).
const requireFromCognitoLocal = createRequire(require.resolve('cognito-local/package.json'));
const jwt = requireFromCognitoLocal('jsonwebtoken') as {
  sign(payload: object, key: string, options: { algorithm: 'RS256'; keyid: string }): string;
  /** Throws (a TokenExpiredError once expired) unless the signature, algorithm and expiry hold. */
  verify(token: string, key: string, options: { algorithms: ['RS256']; ignoreExpiration?: boolean }): unknown;
  decode(token: string): unknown;
};
const privateKey = (requireFromCognitoLocal('./lib/keys/cognitoLocal.private.json') as { pem: string }).pem;
const publicKey = (requireFromCognitoLocal('./lib/keys/cognitoLocal.public.json') as { pem: string }).pem;

interface SignIn {
  /** The sign-in's id: its refresh token's jti. */
  jti: string;
  /** When the user authenticated (epoch seconds). */
  iat: number;
}

/** The sign-in a refresh continues, for the tokens made while it runs. */
const refreshing = new AsyncLocalStorage<SignIn>();

/** The sign-in a refresh token belongs to; undefined for anything that is not one of ours. */
export function signInOf(refreshToken: string | undefined): SignIn | undefined {
  try {
    const payload = jwt.verify(refreshToken ?? '', publicKey, { algorithms: ['RS256'], ignoreExpiration: true }) as Partial<SignIn>;
    if (typeof payload.jti === 'string' && typeof payload.iat === 'number') return { jti: payload.jti, iat: payload.iat };
  } catch {
    // Not a token of this twin.
  }
  return undefined;
}

/** Runs a refresh by this refresh token: the tokens it makes continue that sign-in. */
export function refreshingWith<T>(refreshToken: string | undefined, refresh: () => Promise<T>): Promise<T> {
  const signIn = signInOf(refreshToken);
  return signIn ? refreshing.run(signIn, refresh) : refresh();
}

/** cognito-local's generator, with each token marked with its sign-in as Cognito marks it. */
export class SignInTokenGenerator extends JwtTokenGenerator {
  override async generate(...args: Parameters<JwtTokenGenerator['generate']>): ReturnType<JwtTokenGenerator['generate']> {
    const tokens = await super.generate(...args);
    const signIn = (args[5] === 'RefreshTokens' ? refreshing.getStore() : undefined) ?? signInOf(tokens.RefreshToken);
    if (!signIn) return tokens;
    const mark = (token: string) => {
      const payload = jwt.decode(token) as Record<string, unknown>;
      return jwt.sign({ ...payload, origin_jti: signIn.jti, auth_time: signIn.iat }, privateKey, { algorithm: 'RS256', keyid: 'CognitoLocal' });
    };
    return { ...tokens, AccessToken: mark(tokens.AccessToken), IdToken: mark(tokens.IdToken) };
  }
}

/** The username an access token of this twin names (unverified: the token was just made here). */
export const usernameOf = (accessToken: string | undefined): string | undefined => {
  const payload = jwt.decode(accessToken ?? '') as { username?: unknown } | null;
  return typeof payload?.username === 'string' ? payload.username : undefined;
};

/** Whether the user's sign-in is still live (its refresh token not forgotten). */
export const isLive = (user: User, signInId: unknown): boolean =>
  typeof signInId === 'string' && (user.RefreshTokens ?? []).some((token) => signInOf(token)?.jti === signInId);

/** Keeps a sign-in's refresh token (cognito-local forgets to after a second-factor step), so its sign-in is live. */
export async function keepSignIn(ctx: Context, userPool: UserPoolService, username: string, refreshToken: string): Promise<void> {
  const user = await userPool.getUserByUsername(ctx, username);
  if (user && !(user.RefreshTokens ?? []).includes(refreshToken)) await userPool.storeRefreshToken(ctx, refreshToken, user);
}

/** Forgets every sign-in of the user: their refresh tokens, and with them every access token of those sign-ins. */
export async function endSignIns(ctx: Context, userPool: UserPoolService, user: User): Promise<void> {
  await userPool.saveUser(ctx, { ...user, RefreshTokens: [] });
}

interface AccessTokenServices {
  cognito: {
    getAppClient(ctx: Context, clientId: string): Promise<{ UserPoolId: string } | null>;
    getUserPoolForClientId(ctx: Context, clientId: string): Promise<UserPoolService>;
  };
}

/**
 * What Cognito checks of the access token a user calls with, with its messages: signed by the pool's key (not
 * `alg: none`, not another key), an access token of a known client, not expired, its user there and enabled, its
 * sign-in not revoked. Answers the user and their pool.
 */
export async function verifyAccessToken(
  services: AccessTokenServices,
  ctx: Context,
  token: string,
): Promise<{ user: User; userPool: UserPoolService }> {
  let payload: Record<string, unknown>;
  try {
    payload = jwt.verify(token, publicKey, { algorithms: ['RS256'] }) as Record<string, unknown>;
  } catch (error) {
    throw new NotAuthorizedError((error as Error).name === 'TokenExpiredError' ? 'Access Token has expired' : 'Invalid Access Token');
  }
  const clientId = typeof payload.client_id === 'string' ? payload.client_id : '';
  if (payload.token_use !== 'access' || !clientId || !(await services.cognito.getAppClient(ctx, clientId))) {
    throw new NotAuthorizedError('Invalid Access Token');
  }
  const userPool = await services.cognito.getUserPoolForClientId(ctx, clientId);
  const user = await userPool.getUserByUsername(ctx, String(payload.username ?? payload.sub ?? ''));
  if (!user) throw new NotAuthorizedError('Access Token has been revoked');
  if (!user.Enabled) throw new NotAuthorizedError('User is disabled.');
  if (!isLive(user, payload.origin_jti)) throw new NotAuthorizedError('Access Token has been revoked');
  return { user, userPool };
}
