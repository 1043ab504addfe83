// LTI 1.3 rules that are not routes: the tool's own endpoints (on the app's origin, outside /api, no sign-in in front
// of them), which an admin pastes into the LMS, and the limits of a platform's registration.

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
} as const;

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
