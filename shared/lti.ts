// LTI 1.3 rules that are not routes: the tool's own endpoints (on the app's origin, outside /api, no sign-in in front
// of them), which an admin pastes into the LMS, and the limits of a platform's registration.
import { LTI_DEEP_LINK_PAGE_PREFIX } from './security-headers';

/** The tool's endpoints, on the app's own origin: OIDC login initiation, the launch (redirect) URL, its keys, deep linking. */
export const LTI_TOOL_PATHS = {
  login: '/lti/login',
  launch: '/lti/launch',
  jwks: '/lti/jwks.json',
  /** Deep linking launches arrive at the launch URL too; platforms ask for it under its own name. */
  deepLinking: '/lti/launch',
} as const;

/**
 * The page a teacher's deep linking launch lands on (shared/web-pages.ts): outside /lti/, which CloudFront sends to the
 * API, so the web app serves it.
 */
export const LTI_DEEP_LINK_PAGE = `${LTI_DEEP_LINK_PAGE_PREFIX}:requestId`;
export const ltiDeepLinkPage = (requestId: string) => LTI_DEEP_LINK_PAGE.replace(':requestId', encodeURIComponent(requestId));

/** The tool's endpoints all live under this path, which CloudFront sends to the API (infra/stacks/web-stack.ts). */
export const LTI_PATH_PATTERN = '/lti/*';

/** What an admin pastes into the LMS: each of the tool's endpoints as an absolute URL on `origin`. */
export function ltiToolConfiguration(origin: string) {
  return {
    loginUrl: `${origin}${LTI_TOOL_PATHS.login}`,
    launchUrl: `${origin}${LTI_TOOL_PATHS.launch}`,
    jwksUrl: `${origin}${LTI_TOOL_PATHS.jwks}`,
    deepLinkingUrl: `${origin}${LTI_TOOL_PATHS.deepLinking}`,
  };
}
export type LtiToolConfiguration = ReturnType<typeof ltiToolConfiguration>;

export const LTI_LIMITS = {
  nameMaxLength: 100,
  urlMaxLength: 2000,
  /** client_id and deployment_id are opaque strings the platform chooses; 255 is far above what LMSs issue. */
  identifierMaxLength: 255,
  deploymentIdsMax: 50,
  platformsMax: 100,
} as const;
