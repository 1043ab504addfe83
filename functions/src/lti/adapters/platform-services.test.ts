// The tool's calls to an LMS's services, against the LMS twin (local/lti-platform, written from the specifications):
// the client-credentials token grant with the tool's signed assertion, the token cache, NRPS pages, AGS scores.
import { createLocalJWKSet, decodeJwt, jwtVerify } from 'jose';
import { startTwinWithTool, type TwinWithTool } from '@functions/test/lti-platform-twin';
import { SERVICE_SCOPES } from '../claims';
import type { LtiScore } from '../port';
import { makeAgsGradebook, scoresUrlOf } from './ags-gradebook';
import { makeMembershipReader, nextPageOf } from './nrps-membership-reader';
import { CLIENT_ASSERTION_TYPE, makePlatformServiceTokens } from './platform-service-tokens';

// RSA key generation (the tool's and the platform's keys) can take seconds on a loaded two-core machine.
jest.setTimeout(30_000);

let world: TwinWithTool;
beforeAll(async () => {
  world = await startTwinWithTool();
});
afterAll(() => world.close());

/** fetch, with every request to the token endpoint and each URL called kept for a look. */
function recordingFetch() {
  const calls: { url: string; method: string; headers: Headers; body?: string }[] = [];
  const send: typeof fetch = async (input, init) => {
    calls.push({ url: String(input), method: init?.method ?? 'GET', headers: new Headers(init?.headers), body: typeof init?.body === 'string' ? init.body : undefined });
    return fetch(input, init);
  };
  return { calls, send, tokenRequests: () => calls.filter((call) => call.url === world.platform.accessTokenUrl) };
}

describe('service tokens', () => {
  test('asks with a client assertion the tool signed (iss = sub = client ID, aud = token URL, short life, jti) and gets a token for the scopes', async () => {
    const { send, tokenRequests } = recordingFetch();
    const tokens = makePlatformServiceTokens({ keys: world.keys, fetch: send });

    const token = await tokens.tokenFor(world.platform, [SERVICE_SCOPES.score, SERVICE_SCOPES.contextMembershipReadOnly]);

    expect(token).toEqual(expect.any(String));
    const [request] = tokenRequests();
    expect(request!.method).toBe('POST');
    expect(request!.headers.get('content-type')).toBe('application/x-www-form-urlencoded');
    const form = new URLSearchParams(request!.body);
    expect(form.get('grant_type')).toBe('client_credentials');
    expect(form.get('client_assertion_type')).toBe(CLIENT_ASSERTION_TYPE);
    expect(form.get('scope')).toBe(`${SERVICE_SCOPES.score} ${SERVICE_SCOPES.contextMembershipReadOnly}`);
    const { payload, protectedHeader } = await jwtVerify(form.get('client_assertion')!, createLocalJWKSet({ keys: (await world.keys.publicKeys()) as never }), {
      issuer: world.platform.clientId,
      subject: world.platform.clientId,
      audience: world.platform.accessTokenUrl,
      algorithms: ['RS256'],
    });
    expect(protectedHeader.kid).toBe((await world.keys.publicKeys())[0]!.kid);
    expect(payload.jti).toEqual(expect.any(String));
    expect(payload.exp! - payload.iat!).toBeLessThanOrEqual(300);
  });

  test('keeps a token per registration and scopes until a minute before it expires, and asks anew when told to renew', async () => {
    const { send, tokenRequests } = recordingFetch();
    let now = Date.now();
    const tokens = makePlatformServiceTokens({ keys: world.keys, fetch: send, now: () => now });

    const first = await tokens.tokenFor(world.platform, [SERVICE_SCOPES.score]);
    const together = await Promise.all([tokens.tokenFor(world.platform, [SERVICE_SCOPES.score]), tokens.tokenFor(world.platform, [SERVICE_SCOPES.score])]);
    expect(together).toEqual([first, first]);
    expect(tokenRequests()).toHaveLength(1);

    await tokens.tokenFor(world.platform, [SERVICE_SCOPES.contextMembershipReadOnly]);
    await tokens.tokenFor({ ...world.platform, platformId: 'another registration' }, [SERVICE_SCOPES.score]);
    expect(tokenRequests()).toHaveLength(3);

    // The twin's tokens live an hour: kept until a minute before.
    now += (3600 - 61) * 1000;
    expect(await tokens.tokenFor(world.platform, [SERVICE_SCOPES.score])).toBe(first);
    now += 2000;
    const later = await tokens.tokenFor(world.platform, [SERVICE_SCOPES.score]);
    expect(later).not.toBe(first);
    expect(tokenRequests()).toHaveLength(4);

    expect(await tokens.tokenFor(world.platform, [SERVICE_SCOPES.score], { renew: true })).not.toBe(later);
    expect(tokenRequests()).toHaveLength(5);
  });

  test('a refusal throws the platform\'s error and description, and is not kept', async () => {
    const { send, tokenRequests } = recordingFetch();
    const tokens = makePlatformServiceTokens({ keys: world.keys, fetch: send });
    const unknownClient = { ...world.platform, clientId: 'not-this-tool' };

    await expect(tokens.tokenFor(unknownClient, [SERVICE_SCOPES.score])).rejects.toThrow(/"LMS twin" refused a service token for .*score \(HTTP 401, invalid_client: The client assertion's iss claim is wrong/);
    await expect(tokens.tokenFor(world.platform, ['https://example.test/not-a-scope'])).rejects.toThrow(/HTTP 400, invalid_scope/);
    await expect(tokens.tokenFor(unknownClient, [SERVICE_SCOPES.score])).rejects.toThrow(/invalid_client/);
    expect(tokenRequests()).toHaveLength(3);
  });

  test('an unreachable token endpoint throws, naming the platform', async () => {
    const tokens = makePlatformServiceTokens({ keys: world.keys });
    await expect(tokens.tokenFor({ ...world.platform, accessTokenUrl: 'http://127.0.0.1:9/token' }, [SERVICE_SCOPES.score])).rejects.toThrow(/The token endpoint of "LMS twin" could not be reached/);
  });
});

describe('NRPS memberships', () => {
  const membershipsUrl = () => `${world.twin.url}/api/lti/courses/${world.twin.course.id}/memberships`;

  test('reads every page, following the Link header, with the membership container media type and the read-only scope', async () => {
    const { calls, send } = recordingFetch();
    const tokens = makePlatformServiceTokens({ keys: world.keys, fetch: send });
    const reader = makeMembershipReader({ tokens, fetch: send });

    const members = await reader.members(world.platform, `${membershipsUrl()}?limit=1`);

    expect(members.map((member) => member.email)).toEqual(world.twin.accounts.map((account) => account.email));
    expect(members[0]).toMatchObject({ user_id: world.twin.accounts[0]!.userId, roles: ['http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor'], status: 'Active' });
    const pages = calls.filter((call) => call.url.startsWith(membershipsUrl()));
    expect(pages.map((call) => new URL(call.url).searchParams.get('page'))).toEqual([null, '2', '3']);
    expect(pages.every((call) => call.headers.get('accept') === 'application/vnd.ims.lti-nrps.v2.membershipcontainer+json')).toBe(true);
    const tokenForm = new URLSearchParams(calls.find((call) => call.url === world.platform.accessTokenUrl)!.body);
    expect(tokenForm.get('scope')).toBe(SERVICE_SCOPES.contextMembershipReadOnly);
  });

  test('a refused page throws with the platform\'s answer', async () => {
    const reader = makeMembershipReader({ tokens: makePlatformServiceTokens({ keys: world.keys }) });
    await expect(reader.members(world.platform, `${world.twin.url}/api/lti/courses/another-course/memberships`)).rejects.toThrow(/"LMS twin" refused the course memberships \(HTTP 404\)/);
  });

  test.each([
    ['<https://lms.test/m?page=2>; rel="next"', 'https://lms.test/m?page=2'],
    ['<https://lms.test/m?page=1>; rel="first", <https://lms.test/m?page=3>; rel=next', 'https://lms.test/m?page=3'],
    ['</m?page=2>; rel="prev next"', 'https://lms.test/m?page=2'],
    ['<https://lms.test/m?page=1>; rel="first"', undefined],
    [null, undefined],
  ])('the Link header %s leads to %s', (link, next) => {
    expect(nextPageOf(link, 'https://lms.test/m')).toBe(next);
  });
});

describe('AGS scores', () => {
  let lineItemUrl: string;
  const student = () => world.twin.accounts.find((account) => account.role === 'Learner')!;
  const score = (fields: Partial<LtiScore> = {}): LtiScore => ({
    userId: student().userId,
    scoreGiven: 80,
    scoreMaximum: 100,
    activityProgress: 'Completed',
    gradingProgress: 'FullyGraded',
    timestamp: new Date().toISOString(),
    ...fields,
  });

  beforeAll(async () => {
    const tokens = makePlatformServiceTokens({ keys: world.keys });
    const token = await tokens.tokenFor(world.platform, ['https://purl.imsglobal.org/spec/lti-ags/scope/lineitem']);
    const created = await fetch(`${world.twin.url}/api/lti/courses/${world.twin.course.id}/lineitems`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/vnd.ims.lis.v2.lineitem+json' },
      body: JSON.stringify({ label: 'Cell biology', scoreMaximum: 10 }),
    });
    lineItemUrl = ((await created.json()) as { id: string }).id;
  });

  test('the scores URL is the line item\'s path with /scores, before its query', () => {
    expect(scoresUrlOf('https://lms.test/api/lineitems/7?type_id=3')).toBe('https://lms.test/api/lineitems/7/scores?type_id=3');
    expect(scoresUrlOf('https://lms.test/api/lineitems/7/')).toBe('https://lms.test/api/lineitems/7/scores');
  });

  test('posts the score with the score media type and scope; the gradebook shows it', async () => {
    const { calls, send } = recordingFetch();
    const gradebook = makeAgsGradebook({ tokens: makePlatformServiceTokens({ keys: world.keys, fetch: send }), fetch: send });

    await gradebook.postScore(world.platform, lineItemUrl, score());

    const post = calls.find((call) => call.url === `${lineItemUrl}/scores`)!;
    expect(post.method).toBe('POST');
    expect(post.headers.get('content-type')).toBe('application/vnd.ims.lis.v1.score+json');
    expect(new URLSearchParams(calls.find((call) => call.url === world.platform.accessTokenUrl)!.body).get('scope')).toBe(SERVICE_SCOPES.score);
    const column = world.twin.gradebook().find((candidate) => candidate.lineItem.label === 'Cell biology')!;
    expect(column.results).toEqual([expect.objectContaining({ userId: student().userId, scoreGiven: 80, scoreMaximum: 100, activityProgress: 'Completed', gradingProgress: 'FullyGraded' })]);
  });

  test('an outage (503) throws; the next post lands; an older score than the one on record changes nothing', async () => {
    const gradebook = makeAgsGradebook({ tokens: makePlatformServiceTokens({ keys: world.keys }) });
    world.twin.setScoreOutage(1);

    await expect(gradebook.postScore(world.platform, lineItemUrl, score({ scoreGiven: 90 }))).rejects.toThrow(/"LMS twin" refused the score for line item .* \(HTTP 503\)/);
    const newer = score({ scoreGiven: 95 });
    await gradebook.postScore(world.platform, lineItemUrl, newer);
    await gradebook.postScore(world.platform, lineItemUrl, score({ scoreGiven: 10, timestamp: new Date(Date.parse(newer.timestamp) - 60_000).toISOString() }));

    const column = world.twin.gradebook().find((candidate) => candidate.lineItem.label === 'Cell biology')!;
    expect(column.results).toEqual([expect.objectContaining({ scoreGiven: 95 })]);
  });

  test('a token the platform no longer knows is renewed once', async () => {
    const { send, tokenRequests } = recordingFetch();
    const tokens = makePlatformServiceTokens({ keys: world.keys, fetch: send });
    const forgetful = { tokenFor: (platform: typeof world.platform, scopes: string[], options?: { renew?: boolean }) => (options?.renew ? tokens.tokenFor(platform, scopes, options) : Promise.resolve('forgotten')) };

    await makeAgsGradebook({ tokens: forgetful, fetch: send }).postScore(world.platform, lineItemUrl, score({ scoreGiven: 96 }));

    expect(tokenRequests()).toHaveLength(1);
    expect(decodeJwt(new URLSearchParams(tokenRequests()[0]!.body).get('client_assertion')!).sub).toBe(world.platform.clientId);
  });
});
