// LTI 1.3 platforms (the schools' LMSs) the tool trusts: an admin registers, lists, edits and removes them. The tool's
// own endpoints (login, launch, keys) are public and answer HTML, redirects or keys: `ltiEndpoints`, not API routes.
import * as z from '../zod';
import { LTI_LIMITS, LTI_TOOL_PATHS } from '../lti';
import type { HttpMethod } from './route';
import { readableText } from '../readable-text';
import { ADMINS, TEACHERS } from './route';
import { idSchema, isoDate, noContent, type RouteContract } from './blocks';

/** Loopback hosts, where the local LMS twin serves over plain HTTP. */
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Text that is a web address of the LMS: a URL, https (http only on this machine), then `rule`'s own checks; `blank`
 * and `notAUrl` are the messages for nothing and for no URL.
 */
function lmsAddress(label: string, { blank, notAUrl, rule }: { blank: string; notAUrl: string; rule: (url: URL, value: string) => string | undefined }) {
  const problem = (value: string): string | undefined => {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      return notAUrl;
    }
    if (url.protocol !== 'https:' && !(url.protocol === 'http:' && LOOPBACK.has(url.hostname))) return `${label} must start with https://.`;
    return rule(url, value);
  };
  return z.string({ error: (issue) => (issue.input === undefined ? `${label} is required.` : `${label} must be text.`) }).check(
    z.trim(),
    z.minLength(1, { error: blank, abort: true }),
    z.maxLength(LTI_LIMITS.urlMaxLength, { error: `${label} must be at most ${LTI_LIMITS.urlMaxLength} characters.`, abort: true }),
    z.superRefine((value, context) => {
      const message = problem(value);
      if (message) context.issues.push({ code: 'custom', message, input: value });
    }),
  );
}

/** An https URL (http only on this machine), without a fragment: the platform's issuer and endpoints. */
const platformUrl = (label: string, { issuer = false } = {}) =>
  lmsAddress(label, {
    blank: `${label} is required.`,
    notAUrl: `${label} must be a full URL, such as https://lms.example.edu/${issuer ? '' : 'path'}.`,
    rule: (url, value) => {
      if (url.hash || value.includes('#')) return `${label} must not have a #fragment.`;
      if (url.username || url.password) return `${label} must not hold a user name or password.`;
      if (issuer && url.search) return `${label} must not have a ?query (LTI issuers are scheme, host and path only).`;
      return undefined;
    },
  });

/**
 * An LMS web address the app may be shown inside (its pages' frame-ancestors): an https origin (http only on this
 * machine), without a path, as the browser's address bar shows the LMS's course pages.
 */
const FRAME_ORIGIN_LABEL = 'Each LMS web address';
const frameOrigin = () =>
  lmsAddress(FRAME_ORIGIN_LABEL, {
    blank: `${FRAME_ORIGIN_LABEL} must not be empty.`,
    notAUrl: `${FRAME_ORIGIN_LABEL} must be a web address such as https://school.instructure.com.`,
    rule: (url, value) =>
      url.origin === value.replace(/\/$/, '')
        ? undefined
        : `${FRAME_ORIGIN_LABEL} must be the scheme and host only (such as https://school.instructure.com), without a path, query or user name.`,
  });

/** An identifier the platform chose (client_id, deployment_id): visible ASCII, as LMSs issue them. */
const platformIdentifier = (label: string) =>
  z.string({ error: (issue) => (issue.input === undefined ? `${label} is required.` : `${label} must be text.`) }).check(
    z.trim(),
    z.minLength(1, { error: `${label} is required.`, abort: true }),
    z.maxLength(LTI_LIMITS.identifierMaxLength, { error: `${label} must be at most ${LTI_LIMITS.identifierMaxLength} characters.` }),
    z.regex(/^[\x21-\x7E]+$/, { error: `${label} may only hold visible ASCII characters (no spaces); copy it from the LMS again.` }),
  );

/** A platform's registration, as an admin copies it from the LMS's "add an LTI 1.3 tool" page. */
export const ltiPlatformInputSchema = /* @__PURE__ */ z.lazy(() =>
  z.strictObject({
    name: readableText('Name', LTI_LIMITS.nameMaxLength),
    issuer: platformUrl('issuer', { issuer: true }),
    clientId: platformIdentifier('clientId'),
    deploymentIds: z.array(platformIdentifier('deploymentId'), { error: 'deploymentIds must be a list of deployment IDs.' }).check(
      z.minLength(1, { error: 'deploymentIds must list at least one deployment ID (the LMS shows it once the tool is added).' }),
      z.maxLength(LTI_LIMITS.deploymentIdsMax, { error: `deploymentIds may list at most ${LTI_LIMITS.deploymentIdsMax} deployment IDs.` }),
      z.refine((ids) => new Set(ids).size === ids.length, { error: 'deploymentIds lists a deployment ID twice.' }),
    ),
    authLoginUrl: platformUrl('authLoginUrl'),
    accessTokenUrl: platformUrl('accessTokenUrl'),
    jwksUrl: platformUrl('jwksUrl'),
    /** Where the LMS shows its courses, when that is not its issuer's or login's origin (a Canvas school's own host). */
    frameOrigins: z.optional(
      z.array(frameOrigin(), { error: 'frameOrigins must be a list of web addresses.' }).check(
        z.maxLength(LTI_LIMITS.frameOriginsMax, { error: `At most ${LTI_LIMITS.frameOriginsMax} LMS web addresses can be given.` }),
      ),
    ),
  }),
);
export type LtiPlatformInput = z.infer<typeof ltiPlatformInputSchema>;

export const ltiPlatformSchema = /* @__PURE__ */ z.lazy(() =>
  z.strictObject({
    platformId: z.string(),
    name: z.string(),
    issuer: z.string(),
    clientId: z.string(),
    deploymentIds: z.array(z.string()),
    authLoginUrl: z.string(),
    accessTokenUrl: z.string(),
    jwksUrl: z.string(),
    frameOrigins: z.optional(z.array(z.string())),
    registeredAt: isoDate,
    updatedAt: isoDate,
  }),
);
export type LtiPlatform = z.infer<typeof ltiPlatformSchema>;

/**
 * A teacher's deep linking request as its page shows it: which LMS asked, whether it is still open (a request is
 * answered once), and the teacher's modules to choose from (`graded`: it has checks, so the LMS gets a gradebook column).
 */
export const ltiDeepLinkSchema = /* @__PURE__ */ z.lazy(() =>
  z.strictObject({
    requestId: z.string(),
    platformName: z.string(),
    status: z.enum(['open', 'answered']),
    modules: z.array(z.strictObject({ moduleId: z.string(), title: z.string(), graded: z.boolean() })),
  }),
);
export type LtiDeepLink = z.infer<typeof ltiDeepLinkSchema>;

/** The teacher's answer: the module to add to the LMS course, or null to add nothing (Cancel). */
export const ltiDeepLinkAnswerSchema = /* @__PURE__ */ z.lazy(() =>
  z.strictObject({ moduleId: z.nullable(idSchema('moduleId')) }),
);
export type LtiDeepLinkAnswer = z.infer<typeof ltiDeepLinkAnswerSchema>;

/** What the page form-posts to the LMS: the signed deep linking response (`JWT`) and where it goes. */
export const ltiDeepLinkResponseSchema = /* @__PURE__ */ z.lazy(() => z.strictObject({ returnUrl: z.string(), jwt: z.string() }));
export type LtiDeepLinkResponse = z.infer<typeof ltiDeepLinkResponseSchema>;

export const ltiRoutes = {
  /** Every registered platform, by name. */
  listLtiPlatforms: { method: 'GET', path: '/api/admin/lti/platforms', roles: ADMINS, response: /* @__PURE__ */ z.array(ltiPlatformSchema) },
  /** 409 when a platform with the same issuer and client ID is registered already. */
  registerLtiPlatform: { method: 'POST', path: '/api/admin/lti/platforms', roles: ADMINS, body: ltiPlatformInputSchema, response: ltiPlatformSchema },
  editLtiPlatform: { method: 'PUT', path: '/api/admin/lti/platforms/{platformId}', roles: ADMINS, body: ltiPlatformInputSchema, response: ltiPlatformSchema },
  removeLtiPlatform: { method: 'DELETE', path: '/api/admin/lti/platforms/{platformId}', roles: ADMINS, response: noContent },
  /** The caller's own deep linking request (404 for anyone else's, or one expired). */
  getLtiDeepLink: { method: 'GET', path: '/api/lti/deep-links/{requestId}', roles: TEACHERS, response: ltiDeepLinkSchema },
  /** Answers the request once (409 after): the signed response for the page to post to the LMS. */
  answerLtiDeepLink: {
    method: 'POST',
    path: '/api/lti/deep-links/{requestId}',
    roles: TEACHERS,
    body: ltiDeepLinkAnswerSchema,
    response: ltiDeepLinkResponseSchema,
  },
} as const satisfies Record<string, RouteContract>;

/**
 * The tool's public endpoints, on the app's origin outside /api: no token in front of them (an LMS posts to them in
 * the browser), so neither the API's JWT authorizer nor its JSON conventions apply. The one table the local server,
 * the CDK app (infra/route-deployment.ts, `publicEndpointDeployment`) and the tests follow.
 */
export const ltiEndpoints = {
  /** OpenID Connect third-party initiated login: a platform may send it as a GET or a form POST. */
  ltiLoginGet: { method: 'GET', path: LTI_TOOL_PATHS.login },
  ltiLoginPost: { method: 'POST', path: LTI_TOOL_PATHS.login },
  /** The id_token form post (resource link and deep linking launches). */
  ltiLaunch: { method: 'POST', path: LTI_TOOL_PATHS.launch },
  ltiJwks: { method: 'GET', path: LTI_TOOL_PATHS.jwks },
} as const satisfies Record<string, { method: HttpMethod; path: string }>;
export type LtiEndpointName = keyof typeof ltiEndpoints;

/** The endpoint for a request, if any. */
export const matchLtiEndpoint = (method: string, pathname: string): LtiEndpointName | undefined =>
  (Object.keys(ltiEndpoints) as LtiEndpointName[]).find((name) => ltiEndpoints[name].method === method && ltiEndpoints[name].path === pathname);
