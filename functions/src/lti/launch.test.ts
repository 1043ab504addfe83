// Login and launch validation over in-memory stores and real RS256 tokens (jose) checked by the real verifier against
// the platform's key set: a valid launch passes, and every check the Security Framework requires refuses on its own.
import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';
import { CANVAS, givenLtiSchool } from '@functions/test/in-memory/lti';
import { makePlatformTokenVerifier } from './adapters/platform-token-verifier';
import { CLAIMS } from './claims';
import { InMemoryHandshakes } from './fakes/handshakes';
import { makeLtiLaunchService, type LtiLaunchService } from './launch';
import { LTI_REFUSALS, LtiRefusal, type LtiRefusalReason } from './refusals';

// RSA key generation (the tool's and the platform's keys) can take seconds on a loaded two-core machine.
jest.setTimeout(30_000);

type SigningKey = Awaited<ReturnType<typeof generateKeyPair>>['privateKey'];

const ORIGIN = 'https://paths.example.org';
let platformKey: SigningKey;
let otherKey: SigningKey;
let jwks: { keys: JWK[] };
beforeAll(async () => {
  const pair = await generateKeyPair('RS256', { extractable: true });
  platformKey = pair.privateKey;
  ({ privateKey: otherKey } = await generateKeyPair('RS256'));
  jwks = { keys: [{ ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'RS256' }] };
});

let school: ReturnType<typeof givenLtiSchool>;
let handshakes: InMemoryHandshakes;
let service: LtiLaunchService;
let tokens = 0;
beforeEach(async () => {
  school = givenLtiSchool();
  await school.register(CANVAS);
  handshakes = new InMemoryHandshakes();
  service = makeLtiLaunchService({
    platforms: school.platforms,
    handshakes,
    verifier: makePlatformTokenVerifier({ keySetFor: () => createLocalJWKSet(jwks) }),
    clock: { now: () => new Date() },
    randomToken: () => `token-${++tokens}`,
  });
});

const loginParameters = { iss: CANVAS.issuer, login_hint: 'hint-1', target_link_uri: `${ORIGIN}/lti/launch`, lti_message_hint: 'm-1', client_id: CANVAS.clientId };

/** Logs in, then answers the state and nonce the authorization request carried. */
async function login(parameters: Record<string, string | undefined> = loginParameters) {
  const location = new URL(await service.beginLogin(parameters, ORIGIN));
  return { location, state: location.searchParams.get('state')!, nonce: location.searchParams.get('nonce')! };
}

const resourceLinkClaims = (nonce: string): Record<string, unknown> => ({
  nonce,
  sub: 'lms-user-1',
  [CLAIMS.messageType]: 'LtiResourceLinkRequest',
  [CLAIMS.version]: '1.3.0',
  [CLAIMS.deploymentId]: CANVAS.deploymentIds[0],
  [CLAIMS.targetLinkUri]: `${ORIGIN}/lti/launch`,
  [CLAIMS.resourceLink]: { id: 'link-1' },
  [CLAIMS.roles]: ['http://purl.imsglobal.org/vocab/lis/v2/membership#Learner'],
});

interface TokenOptions {
  claims?: Record<string, unknown>;
  key?: SigningKey;
  kid?: string;
  issuer?: string;
  audience?: string | string[];
  issuedAt?: number;
  expiresAt?: number;
  alg?: string;
}

async function idToken(nonce: string, options: TokenOptions = {}) {
  const now = Math.floor(Date.now() / 1000);
  const claims = { ...resourceLinkClaims(nonce), ...options.claims };
  for (const [name, value] of Object.entries(claims)) if (value === undefined) delete claims[name];
  return new SignJWT(claims)
    .setProtectedHeader({ alg: options.alg ?? 'RS256', kid: options.kid ?? 'k1' })
    .setIssuer(options.issuer ?? CANVAS.issuer)
    .setAudience(options.audience ?? CANVAS.clientId)
    .setIssuedAt(options.issuedAt ?? now)
    .setExpirationTime(options.expiresAt ?? now + 300)
    .sign(options.key ?? platformKey);
}

async function launchWith(options: TokenOptions = {}) {
  const { state, nonce } = await login();
  return service.validateLaunch({ state, id_token: await idToken(nonce, options) });
}

const refusedFor = async (launching: Promise<unknown>, reason: LtiRefusalReason) => {
  const error = await launching.then(() => undefined, (refusal: unknown) => refusal);
  expect(error).toBeInstanceOf(LtiRefusal);
  expect({ reason: (error as LtiRefusal).reason, message: (error as LtiRefusal).message }).toEqual({ reason, message: LTI_REFUSALS[reason] });
};

describe('login initiation', () => {
  it("redirects to the platform's authorization endpoint with the OIDC parameters LTI fixes, and keeps the state and nonce", async () => {
    const { location, state, nonce } = await login();
    expect(`${location.origin}${location.pathname}`).toBe(CANVAS.authLoginUrl);
    expect(Object.fromEntries(location.searchParams)).toEqual({
      scope: 'openid',
      response_type: 'id_token',
      response_mode: 'form_post',
      prompt: 'none',
      client_id: CANVAS.clientId,
      redirect_uri: `${ORIGIN}/lti/launch`,
      login_hint: 'hint-1',
      lti_message_hint: 'm-1',
      state,
      nonce,
    });
    expect(state).not.toBe(nonce);
    expect(handshakes.pending.get(state)).toMatchObject({ nonce, platformId: 'id-1' });
  });

  it('finds the platform by issuer alone when it sends no client_id and one registration has that issuer', async () => {
    const { client_id: _omitted, ...parameters } = loginParameters;
    await expect(login(parameters)).resolves.toMatchObject({ state: expect.any(String) });
    await school.register({ ...CANVAS, clientId: 'second' });
    await refusedFor(login(parameters), 'ambiguousPlatform');
  });

  it.each([
    ['iss', 'missingParameter'],
    ['login_hint', 'missingParameter'],
    ['target_link_uri', 'missingParameter'],
  ] as const)('refuses a login without %s', async (name, reason) => {
    await refusedFor(login({ ...loginParameters, [name]: undefined }), reason);
    expect(handshakes.pending.size).toBe(0);
  });

  it('refuses an unregistered issuer or client ID, an unregistered deployment, and a target on another origin', async () => {
    await refusedFor(login({ ...loginParameters, iss: 'https://other.example.edu' }), 'unknownPlatform');
    await refusedFor(login({ ...loginParameters, client_id: 'other' }), 'unknownPlatform');
    await refusedFor(login({ ...loginParameters, lti_deployment_id: 'nope' }), 'unknownDeployment');
    await refusedFor(login({ ...loginParameters, target_link_uri: 'https://evil.example.com/lti/launch' }), 'targetElsewhere');
    expect(handshakes.pending.size).toBe(0);
  });
});

describe('launch validation', () => {
  it('accepts a launch whose every check holds, and answers its platform, message type and deployment', async () => {
    await expect(launchWith()).resolves.toMatchObject({ platform: { platformId: 'id-1' }, messageType: 'LtiResourceLinkRequest', deploymentId: CANVAS.deploymentIds[0], claims: { sub: 'lms-user-1' } });
  });

  it('accepts a deep linking request with its return URL', async () => {
    const claims = { [CLAIMS.messageType]: 'LtiDeepLinkingRequest', [CLAIMS.resourceLink]: undefined, [CLAIMS.deepLinkingSettings]: { deep_link_return_url: 'https://canvas.example.edu/dl' } };
    await expect(launchWith({ claims })).resolves.toMatchObject({ messageType: 'LtiDeepLinkingRequest' });
  });

  it('refuses a state never issued, a state used once already, and an expired login', async () => {
    const { state, nonce } = await login();
    const token = await idToken(nonce);
    await refusedFor(service.validateLaunch({ state: 'made-up', id_token: token }), 'state');
    await service.validateLaunch({ state, id_token: token });
    await refusedFor(service.validateLaunch({ state, id_token: token }), 'state');
    const late = await login();
    handshakes.pending.get(late.state)!.expiresAt = Math.floor(Date.now() / 1000) - 1;
    await refusedFor(service.validateLaunch({ state: late.state, id_token: await idToken(late.nonce) }), 'state');
  });

  it('refuses a launch without id_token or state', async () => {
    await refusedFor(service.validateLaunch({ state: 'x' }), 'missingParameter');
    await refusedFor(service.validateLaunch({ id_token: 'x' }), 'missingParameter');
  });

  it('refuses a token that is no JWT, and one signed with another key or naming an unknown key', async () => {
    const { state } = await login();
    await refusedFor(service.validateLaunch({ state, id_token: 'not-a-jwt' }), 'malformedToken');
    await refusedFor(launchWith({ key: otherKey }), 'signature');
    await refusedFor(launchWith({ kid: 'unknown' }), 'signature');
  });

  it('refuses an unsigned token (alg none) as it refuses a bad signature', async () => {
    const { state, nonce } = await login();
    const encode = (part: object) => Buffer.from(JSON.stringify(part)).toString('base64url');
    const now = Math.floor(Date.now() / 1000);
    const unsigned = `${encode({ alg: 'none' })}.${encode({ ...resourceLinkClaims(nonce), iss: CANVAS.issuer, aud: CANVAS.clientId, iat: now, exp: now + 60 })}.`;
    await refusedFor(service.validateLaunch({ state, id_token: unsigned }), 'signature');
  });

  it('refuses another issuer (iss) and another audience (aud)', async () => {
    await refusedFor(launchWith({ issuer: 'https://other.example.edu' }), 'issuer');
    await refusedFor(launchWith({ audience: 'other-client' }), 'audience');
  });

  it('refuses several audiences without azp, and an azp that is not the client ID', async () => {
    await refusedFor(launchWith({ audience: [CANVAS.clientId, 'other'] }), 'authorizedParty');
    await refusedFor(launchWith({ claims: { azp: 'other' } }), 'authorizedParty');
    await expect(launchWith({ audience: [CANVAS.clientId, 'other'], claims: { azp: CANVAS.clientId } })).resolves.toBeDefined();
  });

  it('refuses an expired token (exp) and one issued too long ago or in the future (iat)', async () => {
    const now = Math.floor(Date.now() / 1000);
    await refusedFor(launchWith({ issuedAt: now - 900, expiresAt: now - 600 }), 'expired');
    await refusedFor(launchWith({ issuedAt: now - 3600, expiresAt: now + 600 }), 'issuedAt');
    await refusedFor(launchWith({ issuedAt: now + 3600, expiresAt: now + 7200 }), 'issuedAt');
  });

  it('refuses a nonce other than the one this login sent, and a token without one', async () => {
    await refusedFor(launchWith({ claims: { nonce: 'replayed' } }), 'nonce');
    await refusedFor(launchWith({ claims: { nonce: undefined } }), 'nonce');
  });

  it('refuses a deployment that is not registered, or none', async () => {
    await refusedFor(launchWith({ claims: { [CLAIMS.deploymentId]: 'other' } }), 'unknownDeployment');
    await refusedFor(launchWith({ claims: { [CLAIMS.deploymentId]: undefined } }), 'unknownDeployment');
  });

  it('refuses another LTI version and an unknown message type', async () => {
    await refusedFor(launchWith({ claims: { [CLAIMS.version]: '1.1' } }), 'version');
    await refusedFor(launchWith({ claims: { [CLAIMS.messageType]: 'LtiSubmissionReviewRequest' } }), 'messageType');
  });

  it('refuses a launch without sub, roles, a resource link id, or (deep linking) a return URL', async () => {
    await refusedFor(launchWith({ claims: { sub: undefined } }), 'claims');
    await refusedFor(launchWith({ claims: { [CLAIMS.roles]: undefined } }), 'claims');
    await refusedFor(launchWith({ claims: { [CLAIMS.resourceLink]: {} } }), 'claims');
    await refusedFor(launchWith({ claims: { [CLAIMS.messageType]: 'LtiDeepLinkingRequest', [CLAIMS.deepLinkingSettings]: {} } }), 'claims');
  });

  it('refuses a launch whose platform was removed since the login', async () => {
    const { state, nonce } = await login();
    await school.lti.remove({ userId: 'admin', roles: ['Admins'] }, 'id-1');
    await refusedFor(service.validateLaunch({ state, id_token: await idToken(nonce) }), 'unknownPlatform');
  });
});
