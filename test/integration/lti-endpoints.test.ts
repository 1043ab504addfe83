// The LTI tool's public endpoints through the local stack, as an LMS and a browser reach them: no token, outside /api.
// The tool's JWKS holds no private member; a login of a registered LMS redirects to its authorization endpoint with a
// state the launch can use once; a launch that fails a check is a page saying so, without a session; the twin's launch
// signs its person in (a one-time code through the pool's custom challenge, then the API as that person).
import { startLtiPlatform, type LtiPlatformTwin } from '@local/lti-platform';
import { LTI_APP_PATHS, ltiToolConfiguration } from '@shared/lti';
import { deepLinkModule, handoffOf, launchAtTwin, signInWithCode } from './support/lti-launches';
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

  const TESS = 'tess.teacher@lms.example.test';

  it("signs the twin's instructor in from a deep linking launch: a new teacher, the course a class they teach, tokens for the API", async () => {
    const { answer } = await launchAtTwin(world.config.apiUrl, lmsTwin, TESS, '/deep-linking/start?target=window');
    expect(answer.status).toBe(302);
    expect(answer.headers.get('location')!.startsWith(`${LTI_APP_PATHS.start}#`)).toBe(true);
    const handoff = handoffOf(answer);
    expect(handoff.to).toMatch(/^\/lms\/deep-link\/[\w-]+$/);

    const { AuthenticationResult } = await signInWithCode(world.config, handoff.user, handoff.code);
    const classes = (await world.ok('listClasses', { as: AuthenticationResult!.AccessToken! })) as { className: string }[];
    expect(classes.map((each) => each.className)).toEqual([lmsTwin.course.title]);
    // The code served that sign-in only.
    await expect(signInWithCode(world.config, handoff.user, handoff.code)).rejects.toMatchObject({ name: 'NotAuthorizedException' });
  });

  it("a learner's launch of the module the instructor linked enrols them and lands in its syllabus; the module is the class's", async () => {
    // Tess (a teacher here since her first launch) makes a module and links it into the course through deep linking.
    const deepLinking = await launchAtTwin(world.config.apiUrl, lmsTwin, TESS, '/deep-linking/start?target=window');
    const tess = handoffOf(deepLinking.answer);
    const tokens = (await signInWithCode(world.config, tess.user, tess.code)).AuthenticationResult!;
    const teacher = { userId: tess.user, email: TESS, name: 'Tess Teacher', accessToken: tokens.AccessToken!, idToken: tokens.IdToken! };
    const module = await world.createModuleWithSections(teacher, 1, 'Cells from the LMS');
    const itemId = await deepLinkModule(lmsTwin, deepLinking.idToken, { moduleId: module._id, title: 'Cells from the LMS' });
    // Tess opens the link: the module is assigned to the course's class.
    const opened = handoffOf((await launchAtTwin(world.config.apiUrl, lmsTwin, TESS, `/launch/${itemId}?target=window`)).answer);
    expect(opened.to).toMatch(/^\/analytics\/lti-[\w-]+$/);
    const classId = opened.to.split('/')[2];

    const learner = lmsTwin.accounts.find((account) => account.role === 'Learner')!;
    const launch = handoffOf((await launchAtTwin(world.config.apiUrl, lmsTwin, learner.email, `/launch/${itemId}?target=window`)).answer);
    expect(launch.to).toBe(`/student/class/${classId}/module/${module._id}`);
    const student = (await signInWithCode(world.config, launch.user, launch.code)).AuthenticationResult!.AccessToken!;
    const classes = (await world.ok('listStudentClasses', { as: student, params: { userId: launch.user } })) as { _id: string; assignedModuleIds: string[] }[];
    expect(classes.find((each) => each._id === classId)?.assignedModuleIds).toContain(module._id);
  });

  it('a second launch of the same instructor signs in the same person', async () => {
    const userOf = async () => handoffOf((await launchAtTwin(world.config.apiUrl, lmsTwin, TESS, '/deep-linking/start?target=window')).answer).user;
    expect(await userOf()).toBe(await userOf());
  });

  it('a launch shown in the twin\'s frame goes into the app as a top-level one does (the LMS may frame it), its code unused', async () => {
    const { answer } = await launchAtTwin(world.config.apiUrl, lmsTwin, TESS, '/deep-linking/start?target=iframe');
    expect(answer.status).toBe(302);
    const fragment = handoffOf(answer);
    expect(await signInWithCode(world.config, fragment.user, fragment.code)).toMatchObject({ AuthenticationResult: expect.anything() });
  });
});
