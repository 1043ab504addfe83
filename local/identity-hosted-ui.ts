// The identity twin's hosted sign-in endpoints, as Cognito's user pool domain answers them for federated sign-in
// (cognito-local has none): /oauth2/authorize sends the browser to the school's provider named by identity_provider,
// /oauth2/idpresponse takes the provider's answer, /oauth2/token trades the app's code (PKCE) for the same tokens a
// password sign-in gets, /logout sends the browser back. A first sign-in runs the pool's PreSignUp trigger (the
// parent thread runs functions/src/school-sign-in/handlers/pre-sign-up.ts, as Cognito runs the Lambda), which links the
// provider's identity to the invited account (AdminLinkProviderForUser, answered here) or refuses. Served over https
// (Amplify calls `https://<domain>`), with a published self-signed certificate: local use only.
import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:https';
import type { PreSignUpTriggerEvent, PreTokenGenerationTriggerEvent } from 'aws-lambda';
import { PROVIDER_AMR_ATTRIBUTE } from '../shared/school-sign-in';
// The pool's PreTokenGeneration trigger reads only its event: run here, where the tokens are made, as Cognito runs it.
import { handler as preTokenGeneration } from '../functions/src/school-sign-in/handlers/pre-token-generation';
import { CognitoError, NotAuthorizedError, UserNotFoundError } from 'cognito-local/lib/errors';
import type { Context } from 'cognito-local/lib/services/context';
import type { User, UserPoolService } from 'cognito-local/lib/services/userPoolService';
import type { InitiateAuth } from 'cognito-local/lib/targets/initiateAuth';
import { Targets } from 'cognito-local/lib/targets/targets';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import certificate from './hosted-ui-certificate.json';
import { closeServer, listen } from './listen';
import type { SchoolProviderEndpoint } from './school-provider-twin';

type Services = Parameters<typeof InitiateAuth>[0];

/** How long a step of the redirect dance may take (Cognito's authorization codes last 5 minutes). */
const STEP_TTL_MS = 5 * 60_000;

export interface HostedUiOptions {
  host: string;
  port: number;
  services: Services;
  ctx: Context;
  /** Origins the app runs on: redirect URIs elsewhere are refused. */
  allowedOrigins: ReadonlySet<string>;
  /** The school's providers, once started (after the twin: they need its callback URL). */
  providers: ReadonlyMap<string, SchoolProviderEndpoint>;
  /** Runs the pool's PreSignUp trigger; answers its error message, if it refused. */
  preSignUp(event: PreSignUpTriggerEvent): Promise<string | undefined>;
}

interface PendingSignIn {
  clientId: string;
  redirectUri: string;
  appState: string | undefined;
  codeChallenge: string | undefined;
  provider: SchoolProviderEndpoint;
  providerVerifier: string;
  nonce: string;
  expires: number;
}

interface IssuedCode {
  clientId: string;
  redirectUri: string;
  codeChallenge: string | undefined;
  username: string;
  expires: number;
}

const base64url = (bytes: Buffer) => bytes.toString('base64url');
const s256 = (verifier: string) => base64url(createHash('sha256').update(verifier).digest());
const randomToken = () => base64url(randomBytes(32));

export async function startHostedUi(options: HostedUiOptions): Promise<{ port: number; close(): Promise<void> }> {
  registerLinkTarget(options.providers);
  const pending = new Map<string, PendingSignIn>();
  const codes = new Map<string, IssuedCode>();
  let callbackUrl = '';
  const server = createServer({ key: certificate.key, cert: certificate.cert }, (request, response) => {
    const url = new URL(request.url ?? '/', callbackUrl);
    const route = ROUTES[`${request.method} ${url.pathname}`];
    if (!route) return fail(response, 404, 'Not found.');
    route(url, request, response).catch((error: unknown) => {
      console.error('The identity twin\'s sign-in endpoint failed:', error);
      if (!response.headersSent) fail(response, 500, 'The sign-in failed; try again.');
    });
  });
  const { ctx, services } = options;

  const authorize = async (url: URL, _request: IncomingMessage, response: ServerResponse) => {
    const clientId = url.searchParams.get('client_id') ?? '';
    const redirectUri = url.searchParams.get('redirect_uri') ?? '';
    if (!(await services.cognito.getAppClient(ctx, clientId))) return fail(response, 400, 'Unknown client_id.');
    if (!allowedRedirect(options.allowedOrigins, redirectUri)) return fail(response, 400, 'redirect_mismatch');
    if (url.searchParams.get('response_type') !== 'code') return fail(response, 400, 'Only response_type=code is supported.');
    const challengeMethod = url.searchParams.get('code_challenge_method');
    if (url.searchParams.has('code_challenge') && challengeMethod !== 'S256') return fail(response, 400, 'Only S256 code challenges are supported.');
    const provider = options.providers.get(url.searchParams.get('identity_provider') ?? '');
    if (!provider) return fail(response, 400, 'Unknown identity_provider.');
    const key = randomToken();
    const sent: PendingSignIn = {
      clientId,
      redirectUri,
      appState: url.searchParams.get('state') ?? undefined,
      codeChallenge: url.searchParams.get('code_challenge') ?? undefined,
      provider,
      providerVerifier: randomToken(),
      nonce: randomToken(),
      expires: Date.now() + STEP_TTL_MS,
    };
    pending.set(key, sent);
    const discovery = await providerMetadata(provider);
    const to = new URL(discovery.authorization_endpoint);
    to.search = new URLSearchParams({
      client_id: provider.clientId,
      redirect_uri: callbackUrl,
      response_type: 'code',
      scope: 'openid email profile',
      state: key,
      nonce: sent.nonce,
      code_challenge: s256(sent.providerVerifier),
      code_challenge_method: 'S256',
    }).toString();
    redirect(response, to.toString());
  };

  const idpResponse = async (url: URL, _request: IncomingMessage, response: ServerResponse) => {
    const key = url.searchParams.get('state') ?? '';
    const signIn = pending.get(key);
    pending.delete(key);
    if (!signIn || signIn.expires < Date.now()) return fail(response, 400, 'This sign-in has expired; go back to the app and start again.');
    const back = (params: Record<string, string>) =>
      redirect(response, withParams(signIn.redirectUri, { ...params, ...(signIn.appState === undefined ? {} : { state: signIn.appState }) }));
    const code = url.searchParams.get('code');
    if (!code) return back({ error: 'access_denied', error_description: url.searchParams.get('error_description') ?? 'The sign-in was cancelled.' });
    const claims = await providerClaims(signIn, code, callbackUrl);
    const userPool = await services.cognito.getUserPoolForClientId(ctx, signIn.clientId);
    // Cognito lower-cases the provider's name in a federated user's name (`google_…`), though the pool's provider is `Google`.
    const federatedName = `${signIn.provider.name.toLowerCase()}_${claims.sub}`;
    let user = await linkedUser(ctx, userPool, signIn.provider.name, claims.sub);
    if (!user) {
      const refusal = await options.preSignUp(preSignUpEvent(userPool, signIn, federatedName, claims));
      if (refusal !== undefined) return back({ error: 'invalid_request', error_description: `PreSignUp failed with error ${refusal}.` });
      user = await linkedUser(ctx, userPool, signIn.provider.name, claims.sub);
      // The trigger let the sign-up through without linking: Cognito would create a federated user, which the app's
      // design (only invited people) never asks for.
      if (!user) return back({ error: 'invalid_request', error_description: 'PreSignUp failed with error No account was linked.' });
    }
    if (!user.Enabled) return back({ error: 'invalid_request', error_description: 'User is disabled.' });
    // As Cognito: the mapped attribute is written at every federated sign-in (the CDK maps Google's `sub`, which holds
    // no method, where a provider reports no `amr`), then the PreTokenGeneration trigger decides on the tokens.
    user = await withAttribute(ctx, userPool, user, PROVIDER_AMR_ATTRIBUTE, JSON.stringify(claims.amr ?? claims.sub));
    const groups = await userPool.listUserGroupMembership(ctx, user);
    try {
      await preTokenGeneration(preTokenEvent(userPool, signIn.clientId, user, groups));
    } catch (error) {
      return back({ error: 'invalid_request', error_description: `PreTokenGeneration failed with error ${(error as Error).message}.` });
    }
    const issued = randomToken();
    codes.set(issued, {
      clientId: signIn.clientId,
      redirectUri: signIn.redirectUri,
      codeChallenge: signIn.codeChallenge,
      username: user.Username,
      expires: Date.now() + STEP_TTL_MS,
    });
    back({ code: issued });
  };

  const token = async (_url: URL, request: IncomingMessage, response: ServerResponse) => {
    answerCors(options.allowedOrigins, request, response);
    const form = new URLSearchParams(await readBody(request));
    const issued = codes.get(form.get('code') ?? '');
    codes.delete(form.get('code') ?? '');
    if (form.get('grant_type') !== 'authorization_code') return oauthError(response, 'unsupported_grant_type');
    if (
      !issued ||
      issued.expires < Date.now() ||
      issued.clientId !== form.get('client_id') ||
      issued.redirectUri !== form.get('redirect_uri') ||
      (issued.codeChallenge !== undefined && issued.codeChallenge !== s256(form.get('code_verifier') ?? ''))
    ) {
      return oauthError(response, 'invalid_grant');
    }
    const userPool = await services.cognito.getUserPoolForClientId(ctx, issued.clientId);
    const user = await userPool.getUserByUsername(ctx, issued.username);
    if (!user?.Enabled) return oauthError(response, 'invalid_grant');
    const client = await services.cognito.getAppClient(ctx, issued.clientId);
    const groups = await userPool.listUserGroupMembership(ctx, user);
    const tokens = await services.tokenGenerator.generate(ctx, user, groups, client!, undefined, 'Authentication');
    await userPool.storeRefreshToken(ctx, tokens.RefreshToken, user);
    response.setHeader('content-type', 'application/json');
    response.setHeader('cache-control', 'no-store');
    response.end(
      JSON.stringify({
        access_token: tokens.AccessToken,
        id_token: tokens.IdToken,
        refresh_token: tokens.RefreshToken,
        token_type: 'Bearer',
        expires_in: 3600,
      }),
    );
  };

  const logout = async (url: URL, _request: IncomingMessage, response: ServerResponse) => {
    const logoutUri = url.searchParams.get('logout_uri') ?? '';
    if (!(await services.cognito.getAppClient(ctx, url.searchParams.get('client_id') ?? ''))) return fail(response, 400, 'Unknown client_id.');
    if (!allowedRedirect(options.allowedOrigins, logoutUri)) return fail(response, 400, 'logout_uri is not one of the app\'s.');
    redirect(response, logoutUri);
  };

  const preflight = async (_url: URL, request: IncomingMessage, response: ServerResponse) => {
    answerCors(options.allowedOrigins, request, response);
    response.setHeader('access-control-allow-methods', 'POST');
    // Amplify sends its user agent with the form, as to Cognito's domain.
    response.setHeader('access-control-allow-headers', 'content-type, x-amz-user-agent');
    response.statusCode = 204;
    response.end();
  };

  const ROUTES: Record<string, (url: URL, request: IncomingMessage, response: ServerResponse) => Promise<void>> = {
    'GET /oauth2/authorize': authorize,
    'GET /oauth2/idpresponse': idpResponse,
    'POST /oauth2/token': token,
    'OPTIONS /oauth2/token': preflight,
    'GET /logout': logout,
  };

  const port = await listen(server, options.port, options.host, 'cognitoSignIn');
  callbackUrl = `https://${options.host}:${port}/oauth2/idpresponse`;
  return { port, close: () => closeServer(server) };
}

interface ProviderMetadata {
  authorization_endpoint: string;
  token_endpoint: string;
  jwks_uri: string;
}

const metadata = new Map<string, Promise<ProviderMetadata>>();

function providerMetadata(provider: SchoolProviderEndpoint): Promise<ProviderMetadata> {
  let known = metadata.get(provider.issuer);
  if (!known) {
    known = fetch(`${provider.issuer}/.well-known/openid-configuration`).then((answer) => answer.json() as Promise<ProviderMetadata>);
    metadata.set(provider.issuer, known);
  }
  return known;
}

interface ProviderClaims {
  sub: string;
  amr?: string[];
  email?: string;
  email_verified?: boolean;
  name?: string;
}

/** Trades the provider's code for its ID token and verifies it as Cognito does: signature, issuer, audience, nonce. */
async function providerClaims(signIn: PendingSignIn, code: string, callbackUrl: string): Promise<ProviderClaims> {
  const { provider } = signIn;
  const discovery = await providerMetadata(provider);
  const answer = await fetch(discovery.token_endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: callbackUrl,
      client_id: provider.clientId,
      client_secret: provider.clientSecret,
      code_verifier: signIn.providerVerifier,
    }),
  });
  const { id_token: idToken } = (await answer.json()) as { id_token?: string };
  if (!idToken) throw new Error(`The ${provider.name} provider returned no ID token (${answer.status}).`);
  const { payload } = await jwtVerify(idToken, createRemoteJWKSet(new URL(discovery.jwks_uri)), {
    issuer: provider.issuer,
    audience: provider.clientId,
  });
  if (payload.nonce !== signIn.nonce) throw new Error(`The ${provider.name} provider's ID token has another nonce.`);
  return payload as unknown as ProviderClaims;
}

function preSignUpEvent(userPool: UserPoolService, signIn: PendingSignIn, userName: string, claims: ProviderClaims): PreSignUpTriggerEvent {
  return {
    version: '1',
    region: 'local',
    userPoolId: userPool.options.Id,
    userName,
    callerContext: { awsSdkVersion: 'local', clientId: signIn.clientId },
    triggerSource: 'PreSignUp_ExternalProvider',
    request: {
      userAttributes: {
        ...(claims.email === undefined ? {} : { email: claims.email }),
        email_verified: String(claims.email_verified === true),
        ...(claims.name === undefined ? {} : { name: claims.name }),
      },
    },
    response: { autoConfirmUser: false, autoVerifyEmail: false, autoVerifyPhone: false },
  };
}

function preTokenEvent(userPool: UserPoolService, clientId: string, user: User, groups: readonly string[]): PreTokenGenerationTriggerEvent {
  return {
    version: '1',
    region: 'local',
    userPoolId: userPool.options.Id,
    userName: user.Username,
    callerContext: { awsSdkVersion: 'local', clientId },
    triggerSource: 'TokenGeneration_HostedAuth',
    request: {
      userAttributes: Object.fromEntries(user.Attributes.map(({ Name, Value }) => [Name, Value ?? ''])),
      groupConfiguration: { groupsToOverride: [...groups] },
    },
    response: { claimsOverrideDetails: {} },
  };
}

async function withAttribute(ctx: Context, userPool: UserPoolService, user: User, name: string, value: string): Promise<User> {
  const updated = { ...user, Attributes: [...user.Attributes.filter((attribute) => attribute.Name !== name), { Name: name, Value: value }] };
  await userPool.saveUser(ctx, updated);
  return updated;
}

interface LinkedIdentity {
  providerName: string;
  userId: string;
}

const identitiesOf = (user: User): LinkedIdentity[] => {
  const value = user.Attributes.find((attribute) => attribute.Name === 'identities')?.Value;
  try {
    return value ? (JSON.parse(value) as LinkedIdentity[]) : [];
  } catch {
    return [];
  }
};

/** The account this provider identity was linked to (Cognito keeps links in the user's `identities` attribute). */
async function linkedUser(ctx: Context, userPool: UserPoolService, providerName: string, subject: string): Promise<User | undefined> {
  const users = await userPool.listUsers(ctx);
  return users.find((user) => identitiesOf(user).some((identity) => identity.providerName === providerName && identity.userId === subject));
}

let linkTargetRegistered = false;
/** The providers the pool federates (the last twin started in this process): a link names one exactly, as in Cognito. */
let federatedProviders: ReadonlyMap<string, SchoolProviderEndpoint> = new Map();

/** AdminLinkProviderForUser, which cognito-local lacks: records the link as Cognito does, in `identities`. */
function registerLinkTarget(providers: ReadonlyMap<string, SchoolProviderEndpoint>): void {
  federatedProviders = providers;
  if (linkTargetRegistered) return;
  linkTargetRegistered = true;
  const targets = Targets as unknown as Record<string, (services: Services) => (ctx: Context, req: never) => Promise<object>>;
  targets.AdminLinkProviderForUser =
    ({ cognito }) =>
    async (
      ctx: Context,
      req: {
        UserPoolId: string;
        DestinationUser: { ProviderName: string; ProviderAttributeValue: string };
        SourceUser: { ProviderName: string; ProviderAttributeValue: string };
      },
    ) => {
      if (req.DestinationUser.ProviderName !== 'Cognito') throw new NotAuthorizedError('The destination user must be a Cognito user.');
      const userPool = await cognito.getUserPool(ctx, req.UserPoolId);
      const user = await userPool.getUserByUsername(ctx, req.DestinationUser.ProviderAttributeValue);
      if (!user) throw new UserNotFoundError();
      const { ProviderName: providerName, ProviderAttributeValue: userId } = req.SourceUser;
      // Cognito matches the provider's name exactly: `google` (a user name's spelling) is no provider of the pool's.
      if (!federatedProviders.has(providerName)) throw new CognitoError('InvalidParameterException', `There is no identity provider named ${providerName}.`);
      if (await linkedUser(ctx, userPool, providerName, userId)) {
        throw new CognitoError('AliasExistsException', 'This identity is already linked to a user.');
      }
      const identities = [...identitiesOf(user), { userId, providerName, providerType: 'OIDC', issuer: null, primary: false, dateCreated: Date.now() }];
      await userPool.saveUser(ctx, {
        ...user,
        Attributes: [...user.Attributes.filter((attribute) => attribute.Name !== 'identities'), { Name: 'identities', Value: JSON.stringify(identities) }],
      });
      return {};
    };
}

function allowedRedirect(allowedOrigins: ReadonlySet<string>, uri: string): boolean {
  try {
    return allowedOrigins.has(new URL(uri).origin);
  } catch {
    return false;
  }
}

/** The app's page calls /oauth2/token from its own origin; Cognito's domain answers it, and so does this, for the app only. */
function answerCors(allowedOrigins: ReadonlySet<string>, request: IncomingMessage, response: ServerResponse): void {
  const origin = request.headers.origin;
  response.setHeader('vary', 'Origin');
  if (origin && allowedOrigins.has(origin)) response.setHeader('access-control-allow-origin', origin);
}

function withParams(uri: string, params: Record<string, string>): string {
  const url = new URL(uri);
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  return url.toString();
}

function redirect(response: ServerResponse, location: string): void {
  response.statusCode = 302;
  response.setHeader('location', location);
  response.end();
}

function fail(response: ServerResponse, status: number, message: string): void {
  response.statusCode = status;
  response.setHeader('content-type', 'text/plain; charset=utf-8');
  response.end(message);
}

function oauthError(response: ServerResponse, error: string): void {
  response.statusCode = 400;
  response.setHeader('content-type', 'application/json');
  response.end(JSON.stringify({ error }));
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
