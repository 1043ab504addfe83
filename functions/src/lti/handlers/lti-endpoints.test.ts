// The public LTI endpoints through their handlers: the login redirects or shows what failed, the launch answers a
// page for every refusal (never a session), the keys are published, and only requests through CloudFront are served.
import { APP_ORIGIN_HEADER, ORIGIN_VERIFY_HEADER } from '@shared/edge';
import { ltiEndpoints, type LtiEndpointName } from '@shared/contract/lti';
import { CANVAS, givenLtiSchool } from '@functions/test/in-memory/lti';
import type { PublicEvent, PublicResult } from '../../platform/public-endpoint';
import { InMemoryHandshakes } from '../fakes/handshakes';
import { makeLtiLaunchService } from '../launch';
import { LTI_REFUSALS, LtiRefusal } from '../refusals';
import { makeHandler as makeLogin } from './lti-login';
import { makeHandler as makeLaunch } from './lti-launch';
import { makeHandler as makeJwks } from './lti-jwks';

const sameOrigin = async (sent: string | undefined) => sent === 'through-cloudfront';

function event(
  name: LtiEndpointName,
  { query, form, viaCloudFront = true, headers }: { query?: Record<string, string>; form?: Record<string, string>; viaCloudFront?: boolean; headers?: Record<string, string> } = {},
): PublicEvent {
  const { method, path } = ltiEndpoints[name];
  return {
    version: '2.0',
    routeKey: `${method} ${path}`,
    rawPath: path,
    rawQueryString: new URLSearchParams(query).toString(),
    queryStringParameters: query,
    headers: {
      host: 'paths.example.org',
      ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      ...(viaCloudFront ? { [ORIGIN_VERIFY_HEADER]: 'through-cloudfront' } : {}),
      ...headers,
    },
    body: form ? new URLSearchParams(form).toString() : undefined,
    isBase64Encoded: false,
    requestContext: { requestId: 'request-1', http: { method, path } } as PublicEvent['requestContext'],
  };
}

let school: ReturnType<typeof givenLtiSchool>;
let lti: ReturnType<typeof makeLtiLaunchService>;
beforeEach(async () => {
  school = givenLtiSchool();
  await school.register(CANVAS);
  lti = makeLtiLaunchService({
    platforms: school.platforms,
    handshakes: new InMemoryHandshakes(),
    verifier: { verify: async () => ({}) },
    clock: { now: () => new Date() },
    randomToken: () => 'random',
  });
});

const LOGIN = { iss: CANVAS.issuer, login_hint: 'h', target_link_uri: 'https://paths.example.org/lti/launch', client_id: CANVAS.clientId };

it('GET and POST /lti/login redirect to the authorization endpoint, with the launch URL on the app origin', async () => {
  for (const answer of [await makeLogin(lti, sameOrigin)(event('ltiLoginGet', { query: LOGIN })), await makeLogin(lti, sameOrigin)(event('ltiLoginPost', { form: LOGIN }))]) {
    expect(answer).toMatchObject({ statusCode: 302, headers: { location: expect.stringMatching(/^https:\/\/canvas\.example\.edu\/api\/lti\/authorize_redirect\?/) } });
    const location = new URL((answer as { headers: Record<string, string> }).headers.location);
    expect(location.searchParams.get('redirect_uri')).toBe('https://paths.example.org/lti/launch');
  }
});

it('behind CloudFront, builds the launch URL on the origin the viewer reached, not the API host the request arrived at', async () => {
  const answer = await makeLogin(lti, sameOrigin)(
    event('ltiLoginGet', { query: { ...LOGIN, target_link_uri: 'https://learn.hillside.example.org/lti/launch' }, headers: { host: 'abc123.execute-api.eu-west-1.amazonaws.com', [APP_ORIGIN_HEADER]: 'https://learn.hillside.example.org' } }),
  );
  const location = new URL((answer as { headers: Record<string, string> }).headers.location);
  expect(location.searchParams.get('redirect_uri')).toBe('https://learn.hillside.example.org/lti/launch');
});

it('a refused login is a page saying what failed, which an LMS may frame', async () => {
  const answer = (await makeLogin(lti, sameOrigin)(event('ltiLoginGet', { query: { ...LOGIN, iss: 'https://unknown.example.edu' } }))) as PublicResult & { headers: Record<string, string>; body: string };
  expect(answer).toMatchObject({ statusCode: 400, headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' } });
  expect(answer.headers['content-security-policy']).toContain('frame-ancestors *');
  expect(answer.body).toContain('This launch could not be completed');
  expect(answer.body).toContain(LTI_REFUSALS.unknownPlatform);
  expect(answer.body).toContain('https://unknown.example.edu');
});

const signedIn = { signIn: async () => ({ username: 'user-1', code: 'one-time code', path: '/student/class/c1/module/m1' }) };

it('a refused launch is a page naming the failure and sets no cookie; markup in what the LMS sent is escaped', async () => {
  const answer = (await makeLaunch(lti, signedIn, sameOrigin)(event('ltiLaunch', { form: { state: '<script>x</script>', id_token: 't' } }))) as PublicResult & { body: string; cookies?: string[] };
  expect(answer.statusCode).toBe(400);
  expect(answer.body).toContain(LTI_REFUSALS.state.replace("'", '&#39;'));
  expect(answer.body).not.toContain('<script>');
  expect(answer.cookies).toBeUndefined();
});

it("a valid launch sends the browser to the app's start page with the one-time code, person and landing in the fragment", async () => {
  const valid = { validateLaunch: async () => ({}) as never };
  const answer = (await makeLaunch(valid, signedIn, sameOrigin)(event('ltiLaunch', { form: { state: 's', id_token: 't' } }))) as PublicResult & { headers: Record<string, string> };
  expect(answer).toMatchObject({ statusCode: 302, headers: { 'cache-control': 'no-store' } });
  const location = new URL(answer.headers.location, 'https://paths.example.org');
  expect(answer.headers.location.startsWith('/lms/start#')).toBe(true);
  expect(Object.fromEntries(new URLSearchParams(location.hash.slice(1)))).toEqual({ user: 'user-1', code: 'one-time code', to: '/student/class/c1/module/m1' });
});

it('a launch whose person cannot come in is a 403 page saying why, and no code', async () => {
  const valid = { validateLaunch: async () => ({}) as never };
  const refusing = { signIn: () => Promise.reject(new LtiRefusal('administrator')) };
  const answer = (await makeLaunch(valid, refusing, sameOrigin)(event('ltiLaunch', { form: { state: 's', id_token: 't' } }))) as PublicResult & { body: string };
  expect(answer.statusCode).toBe(403);
  expect(answer.body).toContain(LTI_REFUSALS.administrator);
});

it('GET /lti/jwks.json publishes the public keys, cached', async () => {
  const keys = [{ kid: 'k1', kty: 'RSA', n: 'n', e: 'AQAB' }];
  expect(await makeJwks({ publicKeys: async () => keys }, sameOrigin)(event('ltiJwks'))).toMatchObject({
    statusCode: 200,
    headers: { 'content-type': 'application/json', 'cache-control': 'public, max-age=3600' },
    body: JSON.stringify({ keys }),
  });
});

it('answers 403 to a request that did not come through CloudFront', async () => {
  expect(await makeLogin(lti, sameOrigin)(event('ltiLoginGet', { query: LOGIN, viaCloudFront: false }))).toMatchObject({ statusCode: 403 });
});

it('an unexpected failure is a page quoting the request id, not a stack trace', async () => {
  const failing = { beginLogin: async () => Promise.reject(new Error('table down')) };
  const answer = (await makeLogin(failing, sameOrigin)(event('ltiLoginGet', { query: LOGIN }))) as PublicResult & { body: string };
  expect(answer.statusCode).toBe(500);
  expect(answer.body).toContain('request-1');
  expect(answer.body).not.toContain('table down');
});
