// How the built web app is cached and compressed on its way to browsers. The Web stack deploys the files to S3 with
// these Cache-Control values and CloudFront compresses by these rules; the local server serves web/dist the same way,
// so what is measured locally is what users get.

/** Folder of web/dist whose file names carry a content hash (Vite's `assets/`): they never change once deployed. */
export const HASHED_ASSETS_DIR = 'assets';

export const WEB_CACHE_CONTROL = {
  /** Hashed assets: a year, and never revalidated (a new build has new names). */
  hashedAsset: 'public, max-age=31536000, immutable',
  /** index.html, /config.json and other unhashed files: revalidated on every load, so a deploy takes effect at once. */
  entry: 'no-cache',
} as const;

/** The Cache-Control of a file, by its path inside web/dist (forward slashes, no leading slash). */
export function cacheControlFor(pathInSite: string): string {
  return pathInSite.startsWith(`${HASHED_ASSETS_DIR}/`) ? WEB_CACHE_CONTROL.hashedAsset : WEB_CACHE_CONTROL.entry;
}

/**
 * CloudFront's edge compression (CachingOptimized enables gzip and Brotli): only files of 1,000 to 10,000,000 bytes of
 * a text-like type, Brotli when the browser accepts it, else gzip.
 */
export const EDGE_COMPRESSION = {
  minBytes: 1_000,
  maxBytes: 10_000_000,
  types: /^(text\/|application\/(javascript|json|manifest\+json|xml)|image\/(svg\+xml|x-icon|vnd\.microsoft\.icon)|font\/(ttf|otf))/,
} as const;

/**
 * Public pages whose HTML is rendered at build time (web/vite.config.ts) from the same React components, so their
 * content is in the first response instead of waiting for the scripts: app path → file in web/dist. Every other app
 * route gets APP_SHELL_FILE, the empty page the app renders into.
 */
export const PRERENDERED_PAGES: Readonly<Record<string, string>> = {
  '/': 'prerendered/landing.html',
  '/teacher-login': 'prerendered/teacher-login.html',
  '/student-login': 'prerendered/student-login.html',
  '/admin-login': 'prerendered/admin-login.html',
};

export const APP_SHELL_FILE = 'index.html';

/**
 * Signed-in pages a visit often starts on (a bookmark, a reload, a link opened in a new tab): each is answered by a copy
 * of APP_SHELL_FILE that also preloads the page's own chunks and the Amplify chunk (web/vite.config.ts), so they
 * download beside the entry instead of after it has run. Route (`:name` stands for one path segment) → file in web/dist.
 */
export const PAGE_SHELLS: readonly { route: string; file: string }[] = [
  { route: '/teacher-dashboard', file: 'shells/teacher-dashboard.html' },
  { route: '/analytics/:classId', file: 'shells/class-report.html' },
  { route: '/student-dashboard', file: 'shells/student-dashboard.html' },
  { route: '/student/class/:classId/module/:moduleId', file: 'shells/student-module.html' },
  { route: '/student/class/:classId/module/:moduleId/section/:sectionId', file: 'shells/student-section.html' },
  { route: '/admin-dashboard', file: 'shells/admin-dashboard.html' },
];

/** The regular expression (source) of a PAGE_SHELLS route; also run by the CloudFront Function (infra/stacks/web-stack.ts). */
export const routePatternSource = (route: string) => `^${route.replace(/:[^/]+/g, '[^/]+')}$`;

const PAGE_SHELL_PATTERNS = PAGE_SHELLS.map(({ route, file }) => ({ pattern: new RegExp(routePatternSource(route)), file }));

/** The HTML file (path inside web/dist) that answers an app route (a path without a file extension). */
export function htmlFileForRoute(pathname: string): string {
  return PRERENDERED_PAGES[pathname] ?? PAGE_SHELL_PATTERNS.find(({ pattern }) => pattern.test(pathname))?.file ?? APP_SHELL_FILE;
}
