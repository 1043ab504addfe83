// The security headers of every response, defined once: the Web stack's CloudFront policy and the local server both
// build theirs from here, so the app runs locally (and in the browser tests) under the CSP it gets in the cloud.

export interface SecurityHeaderOrigins {
  /** Where sign-in calls go: Cognito's endpoint (the identity twin locally). */
  identity: string[];
  /** Where files are uploaded to and read from: the upload bucket's endpoints (the storage twin locally). */
  files: string[];
  /** Served over https: adds HSTS and upgrade-insecure-requests (the local stack is plain http). */
  https: boolean;
}

export const HSTS_MAX_AGE_SECONDS = 730 * 24 * 60 * 60;
export const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=()';
export const REFERRER_POLICY = 'strict-origin-when-cross-origin';

/**
 * Scripts only from the app itself. What the reader needs and nothing more: pdf.js runs in a worker from the app's
 * origin (`blob:` for the worker pdf.js may start from its own code), rendered pages, slides and document images
 * are `data:`/`blob:` URLs or come from the bucket, and the file itself is fetched from the bucket. The DOCX and PPTX
 * renderers lay content out with inline styles, hence `'unsafe-inline'` for styles only; with images, fonts and
 * connections limited to these hosts, a hostile stylesheet has nowhere to send anything.
 */
export function contentSecurityPolicy({ identity, files, https }: SecurityHeaderOrigins): string {
  const list = (sources: string[]) => sources.map((source) => ` ${source}`).join('');
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${list(files)}`,
    "font-src 'self' data:",
    `connect-src 'self'${list(identity)}${list(files)}`,
    "worker-src 'self' blob:",
    "frame-src 'none'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(https ? ['upgrade-insecure-requests'] : []),
  ].join('; ');
}

/** Every header, by lower-case name, as the local server sends them; the Web stack sets the same values through CloudFront. */
export function securityHeaders(origins: SecurityHeaderOrigins): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy(origins),
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': REFERRER_POLICY,
    'permissions-policy': PERMISSIONS_POLICY,
    ...(origins.https ? { 'strict-transport-security': `max-age=${HSTS_MAX_AGE_SECONDS}; includeSubDomains` } : {}),
  };
}
