// The registered LMSs may show the app in their frame, and nobody else: registering an LMS puts its issuer's and login's
// origins and its LMS web addresses into the app pages' frame-ancestors (and drops X-Frame-Options), as the Web stack's
// function does with what the platform routes publish; removing it refuses every frame again.
import { DOCUMENT_FRAME_PATH } from '@shared/security-headers';
import { startWorld, type World } from './support/world';

jest.setTimeout(120_000);

let world: World;
beforeAll(async () => {
  world = await startWorld();
});
afterAll(() => world?.stop());

const lms = {
  name: 'Instructure',
  issuer: 'https://canvas.example.edu',
  clientId: 'frame-test',
  deploymentIds: ['deployment-1'],
  authLoginUrl: 'https://sso.example.edu/api/lti/authorize_redirect',
  accessTokenUrl: 'https://sso.example.edu/login/oauth2/token',
  jwksUrl: 'https://sso.example.edu/api/lti/security/jwks',
  frameOrigins: ['https://school.instructure.com/'],
};

async function framingOf(path: string) {
  const answer = await fetch(`${world.config.url}${path}`);
  await answer.arrayBuffer();
  const policy = answer.headers.get('content-security-policy') ?? '';
  return { frameAncestors: /frame-ancestors ([^;]+)/.exec(policy)?.[1], frameOptions: answer.headers.get('x-frame-options') };
}

const REFUSED = { frameAncestors: "'none'", frameOptions: 'DENY' };

test("an LMS's registration lets it frame the app's pages, and its removal refuses every frame again", async () => {
  expect(await framingOf('/student-dashboard')).toEqual(REFUSED);
  const { platformId } = await world.ok('registerLtiPlatform', { as: world.admin, body: lms }, 201);
  const framed = { frameAncestors: "'self' https://canvas.example.edu https://school.instructure.com https://sso.example.edu", frameOptions: null };
  for (const page of ['/', '/student-dashboard', '/lms/start', '/lms/deep-link/request-1', '/index.html']) expect(await framingOf(page)).toEqual(framed);
  // The document frame keeps its own policy (framed by the app only); the API's answers are framed by nobody.
  expect(await framingOf(DOCUMENT_FRAME_PATH)).toEqual({ frameAncestors: "'self'", frameOptions: 'SAMEORIGIN' });
  const api = await fetch(`${world.config.apiUrl}/api/classes`);
  expect(api.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");

  await world.ok('editLtiPlatform', { as: world.admin, params: { platformId }, body: { ...lms, frameOrigins: [] } });
  expect(await framingOf('/student-dashboard')).toEqual({ frameAncestors: "'self' https://canvas.example.edu https://sso.example.edu", frameOptions: null });
  await world.ok('removeLtiPlatform', { as: world.admin, params: { platformId } });
  expect(await framingOf('/student-dashboard')).toEqual(REFUSED);
});

test('LMS web addresses that are no web origins are refused with 400, and nothing may frame the app', async () => {
  const refused = await world.call('registerLtiPlatform', { as: world.admin, body: { ...lms, clientId: 'frame-bad', frameOrigins: ['https://school.instructure.com/courses/1'] } });
  expect(refused.status).toBe(400);
  expect(refused.body.message).toContain('must be the scheme and host only');
  expect(await framingOf('/student-dashboard')).toEqual(REFUSED);
});
