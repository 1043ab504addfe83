// The twin's launches (LTI 1.3 Core over the Security Framework's OIDC login) against a minimal tool written from the
// specification: the login initiation, the id_token's claims, and each fault of the tool's authentication request
// refused with a sentence.
import type { JWTPayload } from 'jose';
import { startLtiPlatform, type LtiPlatformTwin } from './index';
import { deepLinkingResponse, useTwinWithTestTool, TestBrowser, type TestTool } from './testing/test-tool';
import { AGS_SCOPES, CLAIM, SCOPE } from './vocabulary';

// RSA key generation (the tool's and the platform's keys) can take seconds on a loaded two-core machine.
jest.setTimeout(30_000);

let tool: TestTool;
let platform: LtiPlatformTwin;

useTwinWithTestTool((world) => ({ tool, platform } = world));

beforeEach(() => {
  tool.authRequestOverrides = {};
});

const teacher = () => platform.accounts.find((account) => account.role === 'Instructor')!;
const student = () => platform.accounts.find((account) => account.role === 'Learner')!;

/** The teacher deep-links one graded activity into the course; answers its id. */
async function addActivity(): Promise<string> {
  const browser = new TestBrowser();
  await browser.signIn(platform, teacher().email);
  const request = await browser.request(`${platform.url}/deep-linking/start?target=window`);
  const payload = JSON.parse(request.text) as JWTPayload;
  const jwt = await deepLinkingResponse(tool, platform, payload, [
    { type: 'ltiResourceLink', title: 'Cells', url: `${tool.launchUrl}?module=cells`, custom: { module_id: 'cells' }, lineItem: { scoreMaximum: 10, label: 'Cells check', resourceId: 'cells' } },
  ]);
  await browser.request(`${platform.url}/deep-linking/return`, { JWT: jwt });
  return platform.items().at(-1)!.id;
}

test('a resource link launch starts with the login initiation and posts an id_token with every LTI claim', async () => {
  const itemId = await addActivity();
  const browser = new TestBrowser();
  await browser.signIn(platform, student().email);

  const answer = await browser.request(`${platform.url}/launch/${itemId}?target=window`);

  expect(answer).toMatchObject({ status: 200, url: tool.launchUrl });
  const login = tool.logins.at(-1)!;
  expect(Object.fromEntries(login)).toEqual({
    iss: platform.issuer,
    login_hint: student().userId,
    target_link_uri: `${tool.launchUrl}?module=cells`,
    lti_message_hint: expect.any(String),
    client_id: platform.clientId,
    lti_deployment_id: platform.deploymentId,
  });
  const claims = tool.launches.at(-1)!;
  const lineItemId = platform.items().find((item) => item.id === itemId)!.lineItemId;
  expect(claims).toMatchObject({
    iss: platform.issuer,
    aud: platform.clientId,
    azp: platform.clientId,
    sub: student().userId,
    name: student().name,
    email: student().email,
    [CLAIM.messageType]: 'LtiResourceLinkRequest',
    [CLAIM.version]: '1.3.0',
    [CLAIM.deploymentId]: platform.deploymentId,
    [CLAIM.targetLinkUri]: `${tool.launchUrl}?module=cells`,
    [CLAIM.resourceLink]: { id: itemId, title: 'Cells' },
    [CLAIM.roles]: expect.arrayContaining(['http://purl.imsglobal.org/vocab/lis/v2/membership#Learner']),
    [CLAIM.context]: { id: platform.course.id, title: platform.course.title },
    [CLAIM.toolPlatform]: { guid: expect.any(String), name: expect.any(String) },
    [CLAIM.launchPresentation]: { document_target: 'window', return_url: `${platform.url}/` },
    [CLAIM.custom]: { module_id: 'cells' },
    [CLAIM.ags]: {
      scope: AGS_SCOPES,
      lineitems: `${platform.url}/api/lti/courses/${platform.course.id}/lineitems`,
      lineitem: `${platform.url}/api/lti/courses/${platform.course.id}/lineitems/${lineItemId}`,
    },
    [CLAIM.nrps]: { context_memberships_url: `${platform.url}/api/lti/courses/${platform.course.id}/memberships`, service_versions: ['2.0'] },
  });
  expect(typeof claims.exp).toBe('number');
  expect(AGS_SCOPES).not.toContain(SCOPE.contextMembershipReadOnly);
});

test("a launch from the item's page runs in a frame (document_target iframe)", async () => {
  const itemId = await addActivity();
  const browser = new TestBrowser();
  await browser.signIn(platform, teacher().email);

  const page = await browser.request(`${platform.url}/items/${itemId}`);
  expect(page.text).toContain(`<iframe title="Cells" src="/launch/${itemId}?target=iframe"`);
  await browser.request(`${platform.url}/launch/${itemId}?target=iframe`);

  expect(tool.launches.at(-1)).toMatchObject({
    sub: teacher().userId,
    [CLAIM.roles]: expect.arrayContaining(['http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor']),
    [CLAIM.launchPresentation]: { document_target: 'iframe' },
  });
});

describe("the authorization endpoint refuses a faulty authentication request, naming the fault, and posts nothing", () => {
  test.each<[string, Record<string, string | null>, RegExp]>([
    ['an unknown client_id', { client_id: 'someone-else' }, /client_id must be learning-paths-local/],
    ['an unregistered redirect_uri', { redirect_uri: 'http://127.0.0.1:1/elsewhere' }, /redirect_uri .* is not registered/],
    ['a scope other than openid', { scope: 'openid profile' }, /scope must be "openid"/],
    ['response_type code', { response_type: 'code' }, /response_type must be "id_token"/],
    ['response_mode fragment', { response_mode: 'fragment' }, /response_mode must be "form_post"/],
    ['no prompt=none', { prompt: null }, /prompt must be "none"/],
    ['no nonce', { nonce: null }, /nonce is required/],
    ['no state', { state: null }, /state is required/],
    ["another user's login_hint", { login_hint: 'lms-user-3' }, /login_hint "lms-user-3" is not the signed-in user/],
    ['an unknown lti_message_hint', { lti_message_hint: 'made-up' }, /lti_message_hint is unknown, used or expired/],
  ])('%s', async (_fault, overrides, message) => {
    const itemId = platform.items()[0]?.id ?? (await addActivity());
    const browser = new TestBrowser();
    await browser.signIn(platform, student().email);
    tool.authRequestOverrides = overrides;
    const launchesBefore = tool.launches.length;

    const answer = await browser.request(`${platform.url}/launch/${itemId}?target=window`);

    expect(answer.status).toBe(400);
    expect(answer.url.startsWith(platform.authLoginUrl)).toBe(true);
    expect(answer.alert).toMatch(message);
    expect(tool.launches).toHaveLength(launchesBefore);
  });

  test('a browser with nobody signed in to the LMS', async () => {
    const login = new URL(tool.loginUrl);
    login.search = new URLSearchParams({ iss: platform.issuer, client_id: platform.clientId, login_hint: student().userId, lti_message_hint: 'x' }).toString();

    const answer = await new TestBrowser().request(login.toString());

    expect(answer.status).toBe(401);
    expect(answer.url.startsWith(platform.authLoginUrl)).toBe(true);
    expect(answer.alert).toMatch(/Nobody is signed in to the LMS/);
  });

  test('an lti_message_hint used once already', async () => {
    const itemId = platform.items()[0]?.id ?? (await addActivity());
    const browser = new TestBrowser();
    await browser.signIn(platform, student().email);
    await browser.request(`${platform.url}/launch/${itemId}?target=window`);
    const used = tool.logins.at(-1)!.get('lti_message_hint')!;
    tool.authRequestOverrides = { lti_message_hint: used };

    const answer = await browser.request(`${platform.url}/launch/${itemId}?target=window`);

    expect(answer.status).toBe(400);
    expect(answer.alert).toMatch(/lti_message_hint is unknown, used or expired/);
  });
});

test('a student cannot start a deep linking request', async () => {
  const browser = new TestBrowser();
  await browser.signIn(platform, student().email);

  const answer = await browser.request(`${platform.url}/deep-linking/start?target=window`);

  expect(answer.status).toBe(403);
  expect(answer.alert).toMatch(/Only the course's teachers add external tools/);
});

test('the JWKS endpoint publishes the public key the id_token is signed with, and no private part', async () => {
  const { keys } = (await (await fetch(platform.jwksUrl)).json()) as { keys: Record<string, string>[] };

  expect(keys).toEqual([expect.objectContaining({ kty: 'RSA', alg: 'RS256', use: 'sig', kid: expect.any(String) })]);
  expect(keys[0]).not.toHaveProperty('d');
});

test('sign-in refuses a wrong password', async () => {
  const response = await fetch(`${platform.url}/sign-in`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email: student().email, password: 'wrong' }).toString(),
    redirect: 'manual',
  });

  expect(response.status).toBe(401);
  expect(await response.text()).toMatch(/Wrong e-mail or password/);
});

test('on another host name (urlHost localhost) the twin is another site than the tool, and a launch still runs', async () => {
  const crossSite = await startLtiPlatform({ tool, urlHost: 'localhost' });
  tool.connect(crossSite);
  try {
    expect(crossSite.issuer).toMatch(/^http:\/\/localhost:\d+$/);
    const browser = new TestBrowser();
    await browser.signIn(crossSite, crossSite.accounts[0]!.email);
    const answer = await browser.request(`${crossSite.url}/deep-linking/start?target=iframe`);

    expect(answer).toMatchObject({ status: 200, url: tool.deepLinkingUrl });
    expect(tool.launches.at(-1)).toMatchObject({ iss: crossSite.issuer });
  } finally {
    tool.connect(platform);
    await crossSite.close();
  }
});
