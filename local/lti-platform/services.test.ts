// The twin's LTI Advantage services: the token endpoint's client-credentials grant with a JWT assertion, bearer tokens
// and scopes on each call, AGS (line items, scores, results, the gradebook) and NRPS (memberships).
import { generateKeyPair } from 'jose';
import type { LtiPlatformTwin } from './index';
import { accessToken, clientAssertion, useTwinWithTestTool, TestBrowser, tokenRequest, type TestTool } from './testing/test-tool';
import { CLIENT_ASSERTION_TYPE, MEDIA_TYPE, SCOPE } from './vocabulary';

// RSA key generation (the tool's and the platform's keys) can take seconds on a loaded two-core machine.
jest.setTimeout(30_000);

let tool: TestTool;
let platform: LtiPlatformTwin;
let lineItems: string;

useTwinWithTestTool((world) => {
  ({ tool, platform } = world);
  lineItems = `${platform.url}/api/lti/courses/${platform.course.id}/lineitems`;
});

const students = () => platform.accounts.filter((account) => account.role === 'Learner');
const allScopes = Object.values(SCOPE);

async function call(url: string, token: string, init: { method?: string; type?: string; body?: unknown } = {}) {
  const response = await fetch(url, {
    method: init.method ?? 'GET',
    headers: { Authorization: `Bearer ${token}`, ...(init.type && { 'Content-Type': init.type }) },
    ...(init.body !== undefined && { body: JSON.stringify(init.body) }),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? (JSON.parse(text) as unknown) : undefined };
}

async function newLineItem(token: string, fields: Record<string, unknown> = {}): Promise<string> {
  const created = await call(lineItems, token, { method: 'POST', type: MEDIA_TYPE.lineItem, body: { label: 'Quiz', scoreMaximum: 10, ...fields } });
  expect(created.status).toBe(201);
  return (created.body as { id: string }).id;
}

const score = (userId: string, fields: Record<string, unknown> = {}) => ({
  userId,
  scoreGiven: 7,
  scoreMaximum: 10,
  activityProgress: 'Completed',
  gradingProgress: 'FullyGraded',
  timestamp: new Date().toISOString(),
  ...fields,
});

describe('the token endpoint', () => {
  test('grants a bearer token for the AGS and NRPS scopes asked for, to a client assertion signed with the tool key', async () => {
    const response = await tokenRequest(platform, {
      grant_type: 'client_credentials',
      client_assertion_type: CLIENT_ASSERTION_TYPE,
      client_assertion: await clientAssertion(tool, platform),
      scope: `${SCOPE.score} ${SCOPE.contextMembershipReadOnly}`,
    });

    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      access_token: expect.any(String),
      token_type: 'Bearer',
      expires_in: 3600,
      scope: `${SCOPE.score} ${SCOPE.contextMembershipReadOnly}`,
    });
  });

  test.each<[string, () => Promise<Record<string, string>>, number, string, RegExp]>([
    ['another grant type', async () => ({ grant_type: 'authorization_code' }), 400, 'unsupported_grant_type', /grant_type must be client_credentials/],
    ['another assertion type', async () => ({ client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:saml2-bearer' }), 400, 'invalid_request', /client_assertion_type must be/],
    ['no assertion', async () => ({ client_assertion: '' }), 400, 'invalid_request', /client_assertion is required/],
    ['an assertion for another audience', async () => ({ client_assertion: await clientAssertion(tool, platform, { aud: platform.issuer }) }), 401, 'invalid_client', /aud claim is wrong/],
    ['an assertion from another client', async () => ({ client_assertion: await clientAssertion(tool, platform, { iss: 'other', sub: 'other' }) }), 401, 'invalid_client', /iss claim is wrong/],
    ['an assertion whose sub is not the client', async () => ({ client_assertion: await clientAssertion(tool, platform, { sub: 'someone' }) }), 401, 'invalid_client', /sub claim is wrong/],
    ['an expired assertion', async () => ({ client_assertion: await clientAssertion(tool, platform, { iat: Math.floor(Date.now() / 1000) - 400, exp: Math.floor(Date.now() / 1000) - 100 }) }), 401, 'invalid_client', /has expired/],
    ['an assertion without jti', async () => ({ client_assertion: await clientAssertion(tool, platform, { jti: undefined }) }), 401, 'invalid_client', /jti claim is wrong \(missing\)/],
    ['a scope the platform does not grant', async () => ({ scope: `${SCOPE.score} https://purl.imsglobal.org/spec/lti-ags/scope/everything` }), 400, 'invalid_scope', /Not a scope this platform grants/],
    ['no scope', async () => ({ scope: '' }), 400, 'invalid_scope', /scope is required/],
  ])('refuses %s', async (_fault, changes, status, error, description) => {
    const response = await tokenRequest(platform, {
      grant_type: 'client_credentials',
      client_assertion_type: CLIENT_ASSERTION_TYPE,
      client_assertion: await clientAssertion(tool, platform),
      scope: SCOPE.score,
      ...(await changes()),
    });

    expect(response.status).toBe(status);
    const body = (await response.json()) as { error: string; error_description: string };
    expect(body.error).toBe(error);
    expect(body.error_description).toMatch(description);
  });

  test('refuses an assertion signed with a key the tool does not publish', async () => {
    const { privateKey } = await generateKeyPair('RS256');
    const honest = await clientAssertion(tool, platform);
    const forged = await tool.sign(JSON.parse(Buffer.from(honest.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>, { key: privateKey });

    const response = await tokenRequest(platform, { grant_type: 'client_credentials', client_assertion_type: CLIENT_ASSERTION_TYPE, client_assertion: forged, scope: SCOPE.score });

    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ error: 'invalid_client', error_description: expect.stringMatching(/signature does not verify/) });
  });

  test('refuses an assertion whose jti was used before', async () => {
    const assertion = await clientAssertion(tool, platform);
    const form = { grant_type: 'client_credentials', client_assertion_type: CLIENT_ASSERTION_TYPE, client_assertion: assertion, scope: SCOPE.score };
    expect((await tokenRequest(platform, form)).status).toBe(200);

    const again = await tokenRequest(platform, form);

    expect(again.status).toBe(401);
    expect(await again.json()).toMatchObject({ error: 'invalid_client', error_description: expect.stringMatching(/jti was used before/) });
  });
});

describe('bearer tokens on the services', () => {
  test('a call without a token, or with an unknown one, is refused with 401 and a challenge', async () => {
    const without = await fetch(lineItems);
    const unknown = await call(lineItems, 'made-up');

    expect(without.status).toBe(401);
    expect(without.headers.get('www-authenticate')).toMatch(/^Bearer error="invalid_token"/);
    expect(unknown.status).toBe(401);
  });

  test('a token without the scope a call needs is refused with 403', async () => {
    const scoreOnly = await accessToken(tool, platform, [SCOPE.score]);

    const lineItemList = await call(lineItems, scoreOnly);
    const members = await call(`${platform.url}/api/lti/courses/${platform.course.id}/memberships`, scoreOnly);

    expect(lineItemList.status).toBe(403);
    expect(lineItemList.body).toMatchObject({ error: 'insufficient_scope' });
    expect(members.status).toBe(403);
  });
});

describe('Assignment and Grade Services', () => {
  let token: string;
  beforeAll(async () => {
    token = await accessToken(tool, platform, allScopes);
  });

  test('line items: create, read, filter, update and delete', async () => {
    const id = await newLineItem(token, { label: 'Essay', scoreMaximum: 50, resourceId: 'essay-1', tag: 'essay' });
    expect(id).toMatch(new RegExp(`^${lineItems}/`));

    expect(await call(id, token)).toMatchObject({ status: 200, body: { id, label: 'Essay', scoreMaximum: 50, resourceId: 'essay-1', tag: 'essay' } });
    const filtered = await call(`${lineItems}?resource_id=essay-1`, token);
    expect(filtered.headers.get('content-type')).toBe(MEDIA_TYPE.lineItemContainer);
    expect(filtered.body).toEqual([expect.objectContaining({ id })]);

    const updated = await call(id, token, { method: 'PUT', type: MEDIA_TYPE.lineItem, body: { label: 'Long essay', scoreMaximum: 60, resourceId: 'essay-1' } });
    expect(updated).toMatchObject({ status: 200, body: { id, label: 'Long essay', scoreMaximum: 60 } });

    expect((await call(id, token, { method: 'DELETE' })).status).toBe(204);
    expect((await call(id, token)).status).toBe(404);
  });

  test('a line item is paged with limit and a Link to the next page', async () => {
    await newLineItem(token, { tag: 'paged' });
    await newLineItem(token, { tag: 'paged' });

    const first = await call(`${lineItems}?tag=paged&limit=1`, token);
    const next = /<([^>]+)>; rel="next"/.exec(first.headers.get('link') ?? '')![1]!;
    const second = await call(next, token);

    expect(first.body).toHaveLength(1);
    expect(second.body).toHaveLength(1);
    expect(second.headers.get('link')).toBeNull();
    expect((second.body as { id: string }[])[0]!.id).not.toBe((first.body as { id: string }[])[0]!.id);
  });

  test.each<[string, Record<string, unknown>, string, RegExp]>([
    ['no label', { scoreMaximum: 10 }, MEDIA_TYPE.lineItem, /label is required/],
    ['scoreMaximum 0', { label: 'X', scoreMaximum: 0 }, MEDIA_TYPE.lineItem, /scoreMaximum is required: a number above 0/],
    ['an unknown resourceLinkId', { label: 'X', scoreMaximum: 5, resourceLinkId: 'nope' }, MEDIA_TYPE.lineItem, /resourceLinkId nope is not a resource link/],
    ['plain JSON', { label: 'X', scoreMaximum: 5 }, 'application/json', /Send the body as application\/vnd.ims.lis.v2.lineitem\+json/],
  ])('a line item with %s is refused and not created', async (_fault, body, type, message) => {
    const before = platform.gradebook().length;

    const answer = await call(lineItems, token, { method: 'POST', type, body });

    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.status).toBeLessThan(500);
    expect(answer.body).toMatchObject({ message: expect.stringMatching(message) });
    expect(platform.gradebook()).toHaveLength(before);
  });

  test('a score is recorded, shown in the gradebook, and read back as a result', async () => {
    const id = await newLineItem(token, { label: 'Cells check' });
    const [sam] = students();

    const posted = await call(`${id}/scores`, token, { method: 'POST', type: MEDIA_TYPE.score, body: score(sam!.userId, { comment: 'Well done' }) });

    expect(posted.status).toBe(204);
    const column = platform.gradebook().find((entry) => entry.lineItem.label === 'Cells check')!;
    expect(column.results).toEqual([expect.objectContaining({ userId: sam!.userId, email: sam!.email, scoreGiven: 7, scoreMaximum: 10, gradingProgress: 'FullyGraded' })]);
    const results = await call(`${id}/results?user_id=${sam!.userId}`, token);
    expect(results.headers.get('content-type')).toBe(MEDIA_TYPE.resultContainer);
    expect(results.body).toEqual([{ id: `${id}/results/${sam!.userId}`, scoreOf: id, userId: sam!.userId, resultScore: 7, resultMaximum: 10, comment: 'Well done' }]);

    const browser = new TestBrowser();
    await browser.signIn(platform, platform.accounts.find((account) => account.role === 'Instructor')!.email);
    const page = await browser.request(`${platform.url}/gradebook`);
    expect(page.text).toContain('<th scope="col">Cells check (out of 10)</th>');
    expect(page.text).toMatch(new RegExp(`<th scope="row">${sam!.name}</th>.*<td>7 / 10</td>`));
  });

  test('the latest score by timestamp is kept: an older one is refused with 409, the same one again changes nothing', async () => {
    const id = await newLineItem(token, { label: 'Timeline' });
    const [, lee] = students();
    const later = score(lee!.userId, { scoreGiven: 9, timestamp: '2026-11-29T10:00:00.500Z' });
    const earlier = score(lee!.userId, { scoreGiven: 3, timestamp: '2026-11-29T09:00:00.500Z' });

    expect((await call(`${id}/scores`, token, { method: 'POST', type: MEDIA_TYPE.score, body: later })).status).toBe(204);
    const stale = await call(`${id}/scores`, token, { method: 'POST', type: MEDIA_TYPE.score, body: earlier });
    const retried = await call(`${id}/scores`, token, { method: 'POST', type: MEDIA_TYPE.score, body: later });

    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ message: expect.stringMatching(/later or the same timestamp/) });
    expect(retried.status).toBe(204);
    expect(platform.gradebook().find((entry) => entry.lineItem.label === 'Timeline')!.results).toEqual([expect.objectContaining({ scoreGiven: 9 })]);
  });

  test.each<[string, (userId: string) => Record<string, unknown>, RegExp]>([
    ['no userId', (userId) => ({ ...score(userId), userId: undefined }), /userId is required/],
    ['a userId that is not a member', (userId) => score(userId, { userId: 'stranger' }), /userId stranger is not a member/],
    ['no timestamp', (userId) => ({ ...score(userId), timestamp: undefined }), /timestamp is required/],
    ['a timestamp without a time zone', (userId) => score(userId, { timestamp: '2026-11-29T10:00:00' }), /timestamp is required/],
    ['an unknown activityProgress', (userId) => score(userId, { activityProgress: 'Done' }), /activityProgress must be one of/],
    ['an unknown gradingProgress', (userId) => score(userId, { gradingProgress: 'Graded' }), /gradingProgress must be one of/],
    ['a negative scoreGiven', (userId) => score(userId, { scoreGiven: -1 }), /scoreGiven must be a number of 0 or more/],
    ['scoreGiven without scoreMaximum', (userId) => ({ ...score(userId), scoreMaximum: undefined }), /scoreMaximum is required when scoreGiven is sent/],
    ['scoreMaximum 0', (userId) => score(userId, { scoreMaximum: 0 }), /scoreMaximum must be a number above 0/],
  ])('a score with %s is refused with 400 and records nothing', async (_fault, body, message) => {
    const id = await newLineItem(token);
    const [sam] = students();

    const answer = await call(`${id}/scores`, token, { method: 'POST', type: MEDIA_TYPE.score, body: body(sam!.userId) });

    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ message: expect.stringMatching(message) });
    expect((await call(`${id}/results`, token)).body).toEqual([]);
  });

  test('a score needs the score media type, the score scope and a line item that exists', async () => {
    const id = await newLineItem(token);
    const [sam] = students();
    const readOnly = await accessToken(tool, platform, [SCOPE.lineItemReadOnly]);

    expect((await call(`${id}/scores`, token, { method: 'POST', type: 'application/json', body: score(sam!.userId) })).status).toBe(415);
    expect((await call(`${id}/scores`, readOnly, { method: 'POST', type: MEDIA_TYPE.score, body: score(sam!.userId) })).status).toBe(403);
    expect((await call(`${lineItems}/missing/scores`, token, { method: 'POST', type: MEDIA_TYPE.score, body: score(sam!.userId) })).status).toBe(404);
  });

  test('during a simulated outage the score endpoint answers 503 the number of times set, recording nothing, then recovers', async () => {
    const id = await newLineItem(token, { label: 'Outage' });
    const [sam] = students();
    const body = score(sam!.userId);
    platform.setScoreOutage(2);

    const statuses = [];
    for (let attempt = 0; attempt < 3; attempt++) statuses.push((await call(`${id}/scores`, token, { method: 'POST', type: MEDIA_TYPE.score, body })).status);

    expect(statuses).toEqual([503, 503, 204]);
    expect(platform.gradebook().find((entry) => entry.lineItem.label === 'Outage')!.results).toHaveLength(1);
  });
});

describe('Names and Role Provisioning Services', () => {
  let token: string;
  let memberships: string;
  beforeAll(async () => {
    token = await accessToken(tool, platform, [SCOPE.contextMembershipReadOnly]);
    memberships = `${platform.url}/api/lti/courses/${platform.course.id}/memberships`;
  });

  test("lists the course's members with their roles", async () => {
    const answer = await call(memberships, token);

    expect(answer.headers.get('content-type')).toBe(MEDIA_TYPE.membershipContainer);
    expect(answer.body).toEqual({
      id: memberships,
      context: { id: platform.course.id, label: expect.any(String), title: platform.course.title },
      members: platform.accounts.map((account) =>
        expect.objectContaining({
          status: 'Active',
          user_id: account.userId,
          name: account.name,
          email: account.email,
          roles: [`http://purl.imsglobal.org/vocab/lis/v2/membership#${account.role}`],
        }),
      ),
    });
  });

  test('filters by role and pages with a Link to the next page', async () => {
    const learners = await call(`${memberships}?role=${encodeURIComponent('http://purl.imsglobal.org/vocab/lis/v2/membership#Learner')}&limit=1`, token);

    expect((learners.body as unknown as { members: unknown[] }).members).toEqual([expect.objectContaining({ user_id: students()[0]!.userId })]);
    expect(learners.headers.get('link')).toMatch(/page=2>; rel="next"/);
  });

  test('a member added or removed by the test shows in the next call', async () => {
    const added = platform.addMember({ name: 'Nia New', email: 'nia.new@lms.example.test', role: 'Learner' });
    const withNia = await call(memberships, token);
    platform.removeMember(added.email);
    const withoutNia = await call(memberships, token);

    const ids = (body: unknown) => (body as { members: { user_id: string }[] }).members.map((member) => member.user_id);
    expect(ids(withNia.body)).toContain(added.userId);
    expect(ids(withoutNia.body)).not.toContain(added.userId);
    expect(platform.accounts.map((account) => account.email)).not.toContain('nia.new@lms.example.test');
  });
});
