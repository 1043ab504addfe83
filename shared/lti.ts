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
  /** The LMS web addresses (origins) one platform may frame the app from, beside its issuer's and login's. */
  frameOriginsMax: 10,
} as const;

/**
 * The variable naming where the platform routes publish the registered LMSs' frame-ancestors: the Web stack's CloudFront
 * key value store (its ARN) in AWS, READ_FROM_REGISTRATIONS on this machine (the local server reads the registrations).
 */
export const LTI_FRAME_ANCESTORS_STORE_ENV = 'LTI_FRAME_ANCESTORS_STORE';
export const READ_FROM_REGISTRATIONS = 'registrations';

/** The deep linking page in the page table (shared/web-pages.ts). */
export const LTI_DEEP_LINK_PAGE = `${LTI_DEEP_LINK_PAGE_PREFIX}:requestId`;

/**
 * The app's pages a launch hands the browser to (outside `/lti/*`, which CloudFront sends to the API): the page that
 * signs in with the launch's one-time code (its fragment: `code`, `user`, `to`), and a deep linking request's page.
 */
export const LTI_APP_PATHS = {
  start: '/lms/start',
  deepLink: (requestId: string) => `${LTI_DEEP_LINK_PAGE_PREFIX}${requestId}`,
} as const;

/** How long a launch's sign-in code may be used (seconds): the browser uses it at once; the table's TTL removes it. */
export const LTI_SIGN_IN_CODE_SECONDS = 2 * 60;
/** How long a teacher has to choose what a deep linking launch adds to the course (seconds). */
export const LTI_DEEP_LINKING_SECONDS = 60 * 60;

/** What the app's start page says when the browser keeps it from signing in inside the LMS's frame. */
export const LTI_FRAMED_LAUNCH = {
  link: 'Open in a new tab',
  blocked: 'This browser keeps Learning Paths from signing you in inside your LMS.',
} as const;

/** The fragment of the start page's address: the person to sign in, their one-time code, the page to land on. */
export function ltiStartFragment({ username, code, path }: { username: string; code: string; path: string }): string {
  return new URLSearchParams({ user: username, code, to: path }).toString();
}

/**
 * How a score report to an LMS is retried (the queue in AWS, the local stack's in-process queue): a failed delivery
 * comes back after a delay that doubles from one minute up to six hours, and after this many deliveries the message
 * goes to the dead-letter queue (an alarm). Together about a day: an LMS down for its maintenance night loses no score.
 */
export const LTI_SCORE_DELIVERY = {
  maxDeliveries: 12,
  firstRetrySeconds: 60,
  longestRetrySeconds: 6 * 3600,
} as const;

/** Seconds before a score report that failed its `delivery`th delivery (1, 2, ...) is tried again. */
export function ltiScoreRetrySeconds(delivery: number): number {
  const { firstRetrySeconds, longestRetrySeconds } = LTI_SCORE_DELIVERY;
  return Math.min(longestRetrySeconds, firstRetrySeconds * 2 ** Math.max(0, delivery - 1));
}
