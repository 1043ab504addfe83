// The LTI tool's public endpoints through the local stack, as an LMS and a browser reach them: no token, outside /api.
// The tool's JWKS holds no private member; a login of a registered LMS redirects to its authorization endpoint with a
// state the launch can use once; a launch that fails a check is a page saying so, without a session; the twin's launch
// signs its person in (a one-time code through the pool's custom challenge, then the API as that person).
import { startLtiPlatform, type LtiPlatformTwin } from '@local/lti-platform';
import { InitiateAuthCommand, RespondToAuthChallengeCommand } from '@aws-sdk/client-cognito-identity-provider';
import { identityClient } from '@local/users';
import { LTI_APP_PATHS, ltiToolConfiguration } from '@shared/lti';
import { startWorld, type World } from './support/world';

jest.setTimeout(120_000);

let world: World;
beforeAll(async () => {
  world = await startWorld();
});
afterAll(() => world?.stop());

const lms = {
  name: 'Twin LMS',
  issuer: 'https://lms.example.edu',
  clientId: `tool-${Date.now()}`,
  deploymentIds: ['deployment-1'],
  authLoginUrl: 'https://lms.example.edu/auth',
  accessTokenUrl: 'https://lms.example.edu/token',
  jwksUrl: 'https://lms.example.edu/jwks',
};

test("GET /lti/jwks.json publishes the tool's public key, without private members", async () => {
  const answer = await fetch(`${world.config.apiUrl}/lti/jwks.json`);
  expect(answer.status).toBe(200);
  const { keys } = (await answer.json()) as { keys: Record<string, unknown>[] };
  expect(keys).toEqual([expect.objectContaining({ kty: 'RSA', alg: 'RS256', use: 'sig', kid: expect.any(String), n: expect.any(String), e: 'AQAB' })]);
  expect(keys[0]).not.toHaveProperty('d');
});

test("a registered LMS's login redirects to its authorization endpoint; its state serves one launch, then none", async () => {
  await world.ok('registerLtiPlatform', { as: world.admin, body: lms }, 201);
  const origin = world.config.apiUrl;
  const query = new URLSearchParams({ iss: lms.issuer, login_hint: 'u1', target_link_uri: `${origin}/lti/launch`, client_id: lms.clientId });
  const login = await fetch(`${origin}/lti/login?${query}`, { redirect: 'manual' });
  expect(login.status).toBe(302);
  const location = new URL(login.headers.get('location')!);
  expect(`${location.origin}${location.pathname}`).toBe(lms.authLoginUrl);
  expect(location.searchParams.get('redirect_uri')).toBe(`${origin}/lti/launch`);

  const launch = (state: string) =>
    fetch(`${origin}/lti/launch`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ state, id_token: 'not-a-jwt' }) });
  const first = await launch(location.searchParams.get('state')!);
  expect(first.status).toBe(400);
  expect(first.headers.get('content-type')).toBe('text/html; charset=utf-8');
  expect(first.headers.get('set-cookie')).toBeNull();
  expect(await first.text()).toContain('The LMS sent a launch that is not a signed token (JWT).');
  // The state was taken by that launch.
  expect(await (await launch(location.searchParams.get('state')!)).text()).toContain('does not match a login started here, or was used already');
});

test('an unregistered LMS gets a page saying so', async () => {
  const query = new URLSearchParams({ iss: 'https://unknown.example.edu', login_hint: 'u1', target_link_uri: `${world.config.apiUrl}/lti/launch` });
  const answer = await fetch(`${world.config.apiUrl}/lti/login?${query}`, { redirect: 'manual' });
  expect(answer.status).toBe(400);
  expect(await answer.text()).toContain('This LMS is not registered here.');
});

describe('against the LMS twin (local/lti-platform, written from the specifications)', () => {
  let lmsTwin: LtiPlatformTwin;
  beforeAll(async () => {
    lmsTwin = await startLtiPlatform({ tool: ltiToolConfiguration(world.config.apiUrl) });
    const { issuer, clientId, deploymentId, authLoginUrl, accessTokenUrl, jwksUrl } = lmsTwin;
    await world.ok('registerLtiPlatform', { as: world.admin, body: { name: 'LMS twin', issuer, clientId, deploymentIds: [deploymentId], authLoginUrl, accessTokenUrl, jwksUrl } }, 201);
  });
  afterAll(() => lmsTwin?.close());

  /** Follows one redirect by hand, as the browser would, keeping the twin's session cookie. */
  const follow = async (url: string, init: RequestInit = {}) => {
    const answer = await fetch(url, { redirect: 'manual', ...init });
    return { answer, location: answer.headers.get('location') && new URL(answer.headers.get('location')!, url).toString() };
  };

  async function signInAtTwin(email: string): Promise<string> {
    const account = lmsTwin.accounts.find((each) => each.email === email)!;
    const { answer } = await follow(`${lmsTwin.url}/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email, password: account.password }),
    });
    return answer.headers.get('set-cookie')!.split(';')[0];
  }

  /** The twin's launch of `path` for `email`, through our login and its authorization: the launch's answer. */
  async function launchAtTwin(email: string, path: string): Promise<Response> {
    const cookie = await signInAtTwin(email);
    const start = await follow(`${lmsTwin.url}${path}`, { headers: { cookie } });
    expect(start.location).toMatch(new RegExp(`^${world.config.apiUrl}/lti/login\\?`));
    const login = await follow(start.location!);
    expect(login.answer.status).toBe(302);
    expect(login.location).toMatch(new RegExp(`^${lmsTwin.authLoginUrl}\\?`));
    const authorized = await (await fetch(login.location!, { headers: { cookie } })).text();
    const field = (name: string) => new RegExp(`name="${name}" value="([^"]+)"`).exec(authorized)?.[1];
    expect(field('id_token')).toBeDefined();
    return fetch(`${world.config.apiUrl}/lti/launch`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ id_token: field('id_token')!, state: field('state')! }),
      redirect: 'manual',
    });
  }

  /** What the app's start page does with the hand-off: the pool's custom challenge, answered with the one-time code. */
  async function signInWithCode(username: string, code: string) {
    const client = identityClient(world.config);
    try {
      const ClientId = world.config.cognito.userPoolClientId;
      const started = await client.send(new InitiateAuthCommand({ ClientId, AuthFlow: 'CUSTOM_AUTH', AuthParameters: { USERNAME: username } }));
      return await client.send(
        new RespondToAuthChallengeCommand({ ClientId, ChallengeName: 'CUSTOM_CHALLENGE', Session: started.Session, ChallengeResponses: { USERNAME: username, ANSWER: code } }),
      );
    } finally {
      client.destroy();
    }
  }

  it("signs the twin's instructor in from a deep linking launch: a new teacher, the course a class they teach, tokens for the API", async () => {
    const launch = await launchAtTwin('tess.teacher@lms.example.test', '/deep-linking/start?target=window');
    expect(launch.status).toBe(302);
    const location = launch.headers.get('location')!;
    expect(location.startsWith(`${LTI_APP_PATHS.start}#`)).toBe(true);
    const handoff = new URLSearchParams(location.split('#')[1]);
    expect(handoff.get('to')).toMatch(/^\/lms\/deep-link\/[\w-]+$/);

    const { AuthenticationResult } = await signInWithCode(handoff.get('user')!, handoff.get('code')!);
    const accessToken = AuthenticationResult!.AccessToken!;
    const classes = (await world.ok('listClasses', { as: accessToken })) as { className: string }[];
    expect(classes.map((each) => each.className)).toEqual([lmsTwin.course.title]);
    // The code served that sign-in only.
    await expect(signInWithCode(handoff.get('user')!, handoff.get('code')!)).rejects.toMatchObject({ name: 'NotAuthorizedException' });
  });

  it('a second launch of the same instructor signs in the same person', async () => {
    const userOf = async () => new URLSearchParams((await launchAtTwin('tess.teacher@lms.example.test', '/deep-linking/start?target=window')).headers.get('location')!.split('#')[1]).get('user');
    expect(await userOf()).toBe(await userOf());
  });
});
});
