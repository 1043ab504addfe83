// Deep Linking 2.0 through the twin: the teacher's LtiDeepLinkingRequest, and the tool's response verified before
// anything is added to the course (each fault refused, adding nothing).
import { generateKeyPair, type JWTPayload } from 'jose';
import type { LtiPlatformTwin } from './index';
import { deepLinkingResponse, useTwinWithTestTool, TestBrowser, type TestTool } from './testing/test-tool';
import { CLAIM } from './vocabulary';

// RSA key generation (the tool's and the platform's keys) can take seconds on a loaded two-core machine.
jest.setTimeout(30_000);

let tool: TestTool;
let platform: LtiPlatformTwin;

useTwinWithTestTool((world) => ({ tool, platform } = world));

const teacher = () => platform.accounts.find((account) => account.role === 'Instructor')!;

/** The teacher's browser after "Add external tool": the tool holds the deep linking request. */
async function deepLinkingRequest(): Promise<{ browser: TestBrowser; request: JWTPayload }> {
  const browser = new TestBrowser();
  await browser.signIn(platform, teacher().email);
  const answer = await browser.request(`${platform.url}/deep-linking/start?target=iframe`);
  expect(answer.url).toBe(tool.deepLinkingUrl);
  return { browser, request: tool.launches.at(-1)! };
}

const graded = { type: 'ltiResourceLink', title: 'Photosynthesis', text: 'Light into sugar', lineItem: { scoreMaximum: 20, label: 'Photosynthesis check', resourceId: 'module-7', tag: 'check' } };

test('the deep linking request carries the settings and the deep linking message type', async () => {
  const { request } = await deepLinkingRequest();

  expect(tool.logins.at(-1)!.get('target_link_uri')).toBe(tool.deepLinkingUrl);
  expect(request).toMatchObject({
    sub: teacher().userId,
    [CLAIM.messageType]: 'LtiDeepLinkingRequest',
    [CLAIM.version]: '1.3.0',
    [CLAIM.deploymentId]: platform.deploymentId,
    [CLAIM.targetLinkUri]: tool.deepLinkingUrl,
    [CLAIM.context]: { id: platform.course.id },
    [CLAIM.deepLinkingSettings]: {
      deep_link_return_url: `${platform.url}/deep-linking/return`,
      accept_types: ['ltiResourceLink'],
      accept_presentation_document_targets: ['iframe', 'window'],
      accept_multiple: true,
      accept_lineitem: true,
      data: expect.any(String),
    },
  });
  expect(request).not.toHaveProperty([CLAIM.resourceLink]);
});

test("the response's resource links join the course, with a line item for each that carries lineItem", async () => {
  const { browser, request } = await deepLinkingRequest();
  const itemsBefore = platform.items().length;
  const jwt = await deepLinkingResponse(tool, platform, request, [graded, { type: 'ltiResourceLink', title: 'Reading only', url: `${tool.launchUrl}?module=8` }], {
    [CLAIM.msg]: 'Added two activities',
  });

  const answer = await browser.request(`${platform.url}/deep-linking/return`, { JWT: jwt });

  expect(answer.text).toContain('window.top.location.assign');
  const added = platform.items().slice(itemsBefore);
  expect(added).toEqual([
    { id: expect.any(String), title: 'Photosynthesis', lineItemId: expect.any(String) },
    { id: expect.any(String), title: 'Reading only', url: `${tool.launchUrl}?module=8` },
  ]);
  expect(platform.gradebook().find((column) => column.lineItem.id === added[0]!.lineItemId)).toEqual({
    lineItem: { id: added[0]!.lineItemId, label: 'Photosynthesis check', scoreMaximum: 20, resourceId: 'module-7', tag: 'check', resourceLinkId: added[0]!.id },
    results: [],
  });
  const course = await browser.request(`${platform.url}/?lti_msg=Added%20two%20activities`);
  expect(course.text).toContain('Photosynthesis</a>');
  expect(course.text).toContain('Added two activities');
});

describe('a faulty deep linking response is refused with a sentence and adds nothing', () => {
  test.each<[string, Record<string, unknown>, RegExp]>([
    ['issued by someone else', { iss: 'another-client' }, /iss claim is wrong/],
    ['addressed to another platform', { aud: 'https://lms.example.com' }, /aud claim is wrong/],
    ['expired', { iat: Math.floor(Date.now() / 1000) - 600, exp: Math.floor(Date.now() / 1000) - 300 }, /has expired/],
    ['without a nonce', { nonce: undefined }, /nonce claim is wrong \(missing\)/],
    ['for another deployment', { [CLAIM.deploymentId]: 'other-deployment' }, /deployment_id must be local-deployment-1/],
    ['of another message type', { [CLAIM.messageType]: 'LtiResourceLinkRequest' }, /message_type must be LtiDeepLinkingResponse/],
    ['of another LTI version', { [CLAIM.version]: '1.1' }, /version must be 1.3.0/],
    ['not echoing the data', { [CLAIM.data]: 'forged' }, /data claim does not echo an open deep linking request/],
  ])('%s', async (_fault, changes, message) => {
    const { browser, request } = await deepLinkingRequest();
    const itemsBefore = platform.items().length;
    const jwt = await deepLinkingResponse(tool, platform, request, [graded], changes);

    const answer = await browser.request(`${platform.url}/deep-linking/return`, { JWT: jwt });

    expect(answer.status).toBe(400);
    expect(answer.alert).toMatch(message);
    expect(platform.items()).toHaveLength(itemsBefore);
  });

  test.each<[string, unknown, RegExp]>([
    ['a content item of a type not accepted', { type: 'link', url: 'https://example.com' }, /of type "link"; this LMS accepts only ltiResourceLink/],
    ['a line item without scoreMaximum', { type: 'ltiResourceLink', title: 'X', lineItem: { label: 'X' } }, /lineItem: scoreMaximum is required/],
    ['a relative url', { type: 'ltiResourceLink', title: 'X', url: '/module/1' }, /url must be an absolute http\(s\) URL/],
  ])('%s', async (_fault, item, message) => {
    const { browser, request } = await deepLinkingRequest();
    const itemsBefore = platform.items().length;
    const jwt = await deepLinkingResponse(tool, platform, request, [graded, item]);

    const answer = await browser.request(`${platform.url}/deep-linking/return`, { JWT: jwt });

    expect(answer.status).toBe(400);
    expect(answer.alert).toMatch(message);
    expect(platform.items()).toHaveLength(itemsBefore);
  });

  test('signed with a key the tool does not publish', async () => {
    const { browser, request } = await deepLinkingRequest();
    const { privateKey } = await generateKeyPair('RS256');
    const honest = await deepLinkingResponse(tool, platform, request, [graded]);
    const payload = honest.split('.')[1];
    const forged = await tool.sign(JSON.parse(Buffer.from(payload!, 'base64url').toString()) as JWTPayload, { key: privateKey });

    const answer = await browser.request(`${platform.url}/deep-linking/return`, { JWT: forged });

    expect(answer.status).toBe(400);
    expect(answer.alert).toMatch(/signature does not verify against the tool's JWKS/);
  });

  test('sent twice (the same nonce)', async () => {
    const { browser, request } = await deepLinkingRequest();
    const jwt = await deepLinkingResponse(tool, platform, request, [graded]);
    await browser.request(`${platform.url}/deep-linking/return`, { JWT: jwt });
    const itemsAfterFirst = platform.items().length;

    const answer = await browser.request(`${platform.url}/deep-linking/return`, { JWT: jwt });

    expect(answer.status).toBe(400);
    expect(answer.alert).toMatch(/nonce was used before/);
    expect(platform.items()).toHaveLength(itemsAfterFirst);
  });

  test('posted without the JWT parameter', async () => {
    const { browser } = await deepLinkingRequest();

    const answer = await browser.request(`${platform.url}/deep-linking/return`, { id_token: 'x' });

    expect(answer.status).toBe(400);
    expect(answer.alert).toMatch(/form-posted as the JWT parameter/);
  });
});

test("the tool's errormsg is shown on the course page and nothing is added", async () => {
  const { browser, request } = await deepLinkingRequest();
  const itemsBefore = platform.items().length;
  const jwt = await deepLinkingResponse(tool, platform, request, [], { [CLAIM.errorMsg]: 'You have no modules yet.' });

  const answer = await browser.request(`${platform.url}/deep-linking/return`, { JWT: jwt });

  const back = new URL(/assign\("([^"]+)"\)/.exec(answer.text)![1]!);
  expect(back.searchParams.get('lti_errormsg')).toBe('You have no modules yet.');
  expect((await browser.request(back.toString())).alert).toBe('You have no modules yet.');
  expect(platform.items()).toHaveLength(itemsBefore);
});
