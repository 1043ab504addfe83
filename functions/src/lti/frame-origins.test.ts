// Which origins may frame the app: a platform's issuer, login endpoint and LMS web addresses (validated as web origins
// when an admin gives them), all registrations' together at most what the edge's store holds.
import { describeIssues } from '@shared/contract/blocks';
import { ltiPlatformInputSchema } from '@shared/contract/lti';
import { framableHeaders, NO_INLINE_HASHES, securityHeaders } from '@shared/security-headers';
import { CANVAS } from '@functions/test/in-memory/lti';
import { assertFrameAncestorsFit, frameAncestorsOf, frameOriginsOf } from './frame-origins';

const INSTRUCTURE = {
  ...CANVAS,
  issuer: 'https://canvas.instructure.com',
  authLoginUrl: 'https://sso.canvaslms.com/api/lti/authorize_redirect',
  frameOrigins: ['https://school.instructure.com'],
};

test("a platform frames the app from its issuer's and login endpoint's origins and the LMS web addresses its admin gave", () => {
  expect(frameOriginsOf(INSTRUCTURE)).toEqual(['https://canvas.instructure.com', 'https://sso.canvaslms.com', 'https://school.instructure.com']);
  expect(frameOriginsOf({ ...CANVAS, issuer: 'http://127.0.0.1:9232/', authLoginUrl: 'http://127.0.0.1:9232/authorize' })).toEqual(['http://127.0.0.1:9232', 'http://127.0.0.1:9232']);
});

test("all registrations' origins once each, in a stable order, after 'self'; none registered: 'none'", () => {
  expect(frameAncestorsOf([INSTRUCTURE, CANVAS])).toBe(
    "'self' https://canvas.example.edu https://canvas.instructure.com https://school.instructure.com https://sso.canvaslms.com",
  );
  expect(frameAncestorsOf([])).toBe("'none'");
});

test('registrations whose origins do not fit the 1 KB the edge holds are refused with a 400 that says what to do', () => {
  const many = Array.from({ length: 30 }, (_, index) => ({ ...CANVAS, issuer: `https://lms-${index}.school-district-of-a-long-name.example.edu` }));
  expect(() => assertFrameAncestorsFit(many.slice(0, 10))).not.toThrow();
  expect(() => assertFrameAncestorsFit(many)).toThrow(expect.objectContaining({ kind: 'invalid', message: expect.stringMatching(/more than the 1024 .* give fewer LMS web addresses/) }));
});

test("an app page's headers name the LMSs in frame-ancestors and drop X-Frame-Options; with none they stay as they are", () => {
  const app = securityHeaders({ identity: [], files: [], https: true, inlineHashes: NO_INLINE_HASHES });
  expect(framableHeaders(app, "'none'")).toBe(app);
  const framed = framableHeaders(app, "'self' https://canvas.example.edu");
  expect(framed['content-security-policy']).toContain("frame-ancestors 'self' https://canvas.example.edu;");
  expect(framed['content-security-policy']).not.toContain("frame-ancestors 'none'");
  expect(framed).not.toHaveProperty('x-frame-options');
  expect(framed['strict-transport-security']).toBe(app['strict-transport-security']);
});

describe('LMS web addresses in a registration', () => {
  const messageFor = (frameOrigins: unknown) => {
    const result = ltiPlatformInputSchema.safeParse({ ...CANVAS, frameOrigins });
    return result.success ? undefined : describeIssues(result.error);
  };

  it.each([[['https://school.instructure.com']], [['https://school.instructure.com/']], [['http://localhost:9232']], [[]]])('accepts %j', (frameOrigins) => {
    expect(messageFor(frameOrigins)).toBeUndefined();
  });

  it.each<[unknown, string]>([
    [['school.instructure.com'], 'must be a web address such as https://school.instructure.com.'],
    [['http://school.instructure.com'], 'must start with https://.'],
    [['https://school.instructure.com/courses/1'], 'must be the scheme and host only'],
    [['https://admin:pw@school.instructure.com'], 'must be the scheme and host only'],
    [['  '], 'must not be empty.'],
    [[5], 'must be text.'],
    ['https://school.instructure.com', 'frameOrigins must be a list of web addresses.'],
    [Array.from({ length: 11 }, (_, index) => `https://lms-${index}.example.edu`), 'At most 10 LMS web addresses can be given.'],
  ])('refuses %j with a message that says why', (frameOrigins, message) => {
    expect(messageFor(frameOrigins)).toContain(message);
  });
});
