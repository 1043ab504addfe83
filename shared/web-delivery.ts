// How the built web app reaches browsers: which HTML file answers an app route, and how files are cached and
// compressed. The Web stack deploys the files to S3 with these Cache-Control values, CloudFront compresses by these
// rules and routes with the function generated here; the local server serves web/dist the same way, so what is
// measured locally is what users get.
import { htmlFileOf, PAGES_WITH_HTML } from './web-pages';

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

export const APP_SHELL_FILE = 'index.html';

/** The regular expression (source) that matches the paths of a page's route (`:name` is one path segment). */
export const routePatternSource = (route: string) => `^${route.replace(/:[^/]+/g, '[^/]+')}$`;

/** Each page with its own HTML (WEB_PAGES): the pattern of its path and its file in web/dist. */
const HTML_ROUTES: readonly (readonly [pattern: string, file: string])[] = PAGES_WITH_HTML.map((page) => [routePatternSource(page.path), htmlFileOf(page)]);

/**
 * The file of the first route whose pattern matches `pathname`, else the app shell. Run here by the local server and,
 * serialised into its source (spaRoutingFunctionSource), by the CloudFront Function: no closures, nothing but the
 * language (esbuild's keepNames would wrap an inner function in a helper the function does not have).
 */
function htmlFileAmong(routes: readonly (readonly [RegExp, string])[], pathname: string, appShell: string): string {
  for (let index = 0; index < routes.length; index += 1) {
    if (routes[index]![0].test(pathname)) return routes[index]![1];
  }
  return appShell;
}

const COMPILED_HTML_ROUTES = HTML_ROUTES.map(([pattern, file]) => [new RegExp(pattern), file] as const);

/** The HTML file (path inside web/dist) that answers an app route (a path without a file extension). */
export function htmlFileForRoute(pathname: string): string {
  return htmlFileAmong(COMPILED_HTML_ROUTES, pathname, APP_SHELL_FILE);
}

/**
 * The CloudFront Function (viewer request) of the Web stack: a path without a file extension is an app route and gets
 * the file htmlFileForRoute chooses, from the same routes and the same code; anything else (assets, /config.json)
 * passes. /api/* never gets there.
 */
export function spaRoutingFunctionSource(): string {
  return `var HTML_ROUTES = ${JSON.stringify(HTML_ROUTES)}.map(function (route) { return [new RegExp(route[0]), route[1]]; });
${htmlFileAmong.toString()}
function handler(event) {
  var request = event.request;
  var lastSegment = request.uri.substring(request.uri.lastIndexOf('/') + 1);
  if (lastSegment.indexOf('.') === -1) {
    request.uri = '/' + htmlFileAmong(HTML_ROUTES, request.uri, ${JSON.stringify(APP_SHELL_FILE)});
  }
  return request;
}`;
}
