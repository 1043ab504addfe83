// The security headers of every response, defined once: the Web stack's CloudFront policy and the local server both
// build theirs from here, so the app runs locally (and in the browser tests) under the CSP it gets in the cloud.

export interface SecurityHeaderOrigins {
  /** Where sign-in calls go: Cognito's endpoint (the identity twin locally). */
  identity: string[];
  /** Where files are uploaded to: the upload bucket's endpoints (the storage twin locally); they are read from the app's origin. */
  files: string[];
  /** Served over https: adds HSTS and upgrade-insecure-requests (the local stack is plain http). */
  https: boolean;
  /** CSP hashes of what the build inlined, as listed in its INLINE_HASHES_FILE; none when the app is not built. */
  inlineHashes: InlineHashes;
}

/** CSP hashes (`sha256-…`) of the build's inline elements. */
export interface InlineHashes {
  /** The `<style>` blocks inlined into the prerendered public pages. */
  styles: string[];
  /** The signed-in frame's `<script>` in the dashboards' shells (web/src/signed-in-frame.ts). */
  scripts: string[];
}

export const NO_INLINE_HASHES: InlineHashes = { styles: [], scripts: [] };

/** Written by the build next to index.html: its InlineHashes, as JSON. */
export const INLINE_HASHES_FILE = 'inline-hashes.json';

export const HSTS_MAX_AGE_SECONDS = 730 * 24 * 60 * 60;
export const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=()';
export const REFERRER_POLICY = 'strict-origin-when-cross-origin';

/**
 * Scripts only from the app itself, and the signed-in frame's inline script by its hash. What the reader needs and nothing more: pdf.js runs in a worker from the app's
 * origin (`blob:` for the worker pdf.js may start from its own code), rendered pages, slides and document images
 * are `data:`/`blob:` URLs, the file itself is fetched from the app's origin (its files behaviour), and uploads go to
 * the bucket. Styles only from
 * the app's stylesheets, and the public pages' inlined stylesheet by its hash: no other `<style>` element and no `style`
 * attribute applies (React's style props are set through the CSSOM, which CSP does not govern), so nothing a file
 * carries can restyle the app. Office documents, whose renderers
 * write `<style>` blocks and inline styles from the file, are shown in the document frame, under its own policy.
 */
export function contentSecurityPolicy({ identity, files, https, inlineHashes }: SecurityHeaderOrigins, { formTargets = [] }: { formTargets?: string[] } = {}): string {
  const list = (sources: string[]) => sources.map((source) => ` ${source}`).join('');
  const hashes = (of: string[]) => list(of.map((hash) => `'${hash}'`));
  return [
    "default-src 'self'",
    `script-src 'self'${hashes(inlineHashes.scripts)}`,
    `style-src 'self'${hashes(inlineHashes.styles)}`,
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self'${list(identity)}${list(files)}`,
    "worker-src 'self' blob:",
    // The document frame only.
    "frame-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    `form-action 'self'${list(formTargets)}`,
    "frame-ancestors 'none'",
    ...(https ? ['upgrade-insecure-requests'] : []),
  ].join('; ');
}

/**
 * The empty page the reader shows a Word document or a slide in (a sandboxed frame without scripts, which the app
 * fills): a document's styles, however hostile, apply to this page only, and cannot cover or hide the app's controls.
 */
export const DOCUMENT_FRAME_PATH = '/document-frame.html';

/**
 * The document frame's policy: the renderers' `<style>` blocks and inline styles, embedded pictures and fonts, and
 * nothing else; no script, no request anywhere, framed only by the app.
 */
export const DOCUMENT_FRAME_CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "style-src 'unsafe-inline'",
  'img-src data: blob:',
  'font-src data:',
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'self'",
].join('; ');

/**
 * The LTI deep linking page (shared/lti.ts, LTI_DEEP_LINK_PAGE) form-posts the teacher's choice to the LMS's
 * `deep_link_return_url`, wherever the school's LMS is: its policy is the app's with forms allowed to any https
 * origin (and http where the app is, the local LMS twin). Everything else stays as strict.
 */
export const ltiDeepLinkPageFormTargets = (https: boolean) => (https ? ['https:'] : ['https:', 'http:']);

/** The path prefix of the deep linking page, which gets that policy (CloudFront behaviour and the local server). */
export const LTI_DEEP_LINK_PAGE_PREFIX = '/lms/deep-link/';

/** The deep linking page's headers: the app's, but its CSP's form-action. */
export function ltiDeepLinkPageHeaders(origins: SecurityHeaderOrigins): Record<string, string> {
  return { ...securityHeaders(origins), 'content-security-policy': contentSecurityPolicy(origins, { formTargets: ltiDeepLinkPageFormTargets(origins.https) }) };
}

/**
 * The registered LMSs may frame the app's pages (LTI launches shown inside the course): the `frame-ancestors` sources
 * for the origins they frame from, `'none'` when there are none. One string, as the Web stack's key value store holds
 * it (its values are at most FRAME_ANCESTORS_MAX_BYTES).
 */
export const frameAncestorsSources = (origins: readonly string[]): string => (origins.length ? `'self' ${origins.join(' ')}` : "'none'");

/** CloudFront's key value store takes values up to 1 KB. */
export const FRAME_ANCESTORS_MAX_BYTES = 1024;

/** The key under which the Web stack's key value store holds those sources. */
export const FRAME_ANCESTORS_KEY = 'frame-ancestors';

/**
 * A page's CSP with `frame-ancestors 'none'` replaced by these sources. Serialised into the CloudFront Function's
 * source (frameAncestorsFunctionSource) and used by the local server, so both rewrite alike: plain JS, no closures.
 */
export function framedBy(contentSecurityPolicy: string, sources: string): string {
  return contentSecurityPolicy.replace("frame-ancestors 'none'", 'frame-ancestors ' + sources);
}

/**
 * An app page's headers once the registered LMSs may frame it: the CSP's frame-ancestors names them and
 * X-Frame-Options (which cannot name an origin) goes. Unchanged while no LMS may.
 */
export function framableHeaders(headers: Record<string, string>, sources: string): Record<string, string> {
  if (sources === "'none'") return headers;
  const { 'x-frame-options': _dropped, ...rest } = headers;
  return { ...rest, 'content-security-policy': framedBy(headers['content-security-policy']!, sources) };
}

/**
 * The Web stack's CloudFront Function (viewer response, runtime cloudfront-js-2.0) on the app's HTML behaviours: it
 * runs after the response headers policy has set the app's headers (the function sees them and may change them), reads
 * the sources from the associated key value store and does what framableHeaders does. No key yet, or `'none'`: the
 * policy's headers stay (no framing).
 */
export function frameAncestorsFunctionSource(): string {
  return `import cf from 'cloudfront';
var store = cf.kvs();
${framedBy.toString()}
async function handler(event) {
  var response = event.response;
  var sources;
  try {
    sources = await store.get(${JSON.stringify(FRAME_ANCESTORS_KEY)});
  } catch (missing) {
    return response;
  }
  var policy = response.headers['content-security-policy'];
  if (sources === "'none'" || !policy) return response;
  policy.value = framedBy(policy.value, sources);
  delete response.headers['x-frame-options'];
  return response;
}`;
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

/** The document frame's headers: the app's, with the frame's policy and framing allowed by the app's own pages. */
export function documentFrameHeaders(appHeaders: Record<string, string>): Record<string, string> {
  return { ...appHeaders, 'content-security-policy': DOCUMENT_FRAME_CONTENT_SECURITY_POLICY, 'x-frame-options': 'SAMEORIGIN' };
}
