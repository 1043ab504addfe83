// The local stand-in for CloudFront + HTTP API + Lambda: one origin serving /api/* from the shared route table
// (token checked as the JWT authorizer does, then the route's handler called with an API Gateway v2 event),
// /config.json for the web app, stored files by signed link, and the built web app with a fallback to index.html for client-side routes.
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import path from 'node:path';
import type { APIGatewayProxyEventV2WithJWTAuthorizer, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { ORIGIN_VERIFY_HEADER } from '../shared/edge';
import { matchRoute, routeEntries, type RouteName } from '../shared/contract';
import type { RouteDefinition } from '../shared/contract/route';
import { DOCUMENT_FRAME_PATH, documentFrameHeaders, framableHeaders, LTI_DEEP_LINK_PAGE_PREFIX } from '../shared/security-headers';
import type { WebConfig } from '../shared/web-config';
import { htmlFileForRoute } from '../shared/web-delivery';
import { matchLtiEndpoint, type LtiEndpointName } from '../shared/contract/lti';
import { publicEndpointDeployment, routeDeployment } from '../infra/route-deployment';
import { UnauthorizedError, type AccessTokenVerifier } from './access-token';
import { sendStaticFile, sendWebConfig } from './web-delivery';
import { isFileLinkPath } from './file-links';
import type { ApiThrottle } from './api-throttle';

type Handler = (
  event: APIGatewayProxyEventV2WithJWTAuthorizer,
  context: Context,
) => Promise<APIGatewayProxyStructuredResultV2 | string>;
type Claims = APIGatewayProxyEventV2WithJWTAuthorizer['requestContext']['authorizer']['jwt']['claims'];

export interface ApiServerOptions {
  webConfig: WebConfig;
  verifyAccessToken: AccessTokenVerifier;
  /** Where the built web app lives (web/dist). */
  webRoot: string;
  /** The folder each route's handler file (infra/route-deployment.ts) is named under: functions/src. */
  handlersDir: string;
  /** Sent on every response, as CloudFront's response headers policy does (shared/security-headers.ts). */
  securityHeaders: Record<string, string>;
  /** The LTI deep linking page's, as its CloudFront behaviour sends them (its forms go to the LMS); else securityHeaders. */
  ltiDeepLinkPageHeaders?: Record<string, string>;
  /**
   * The frame-ancestors sources of the registered LMSs (shared/security-headers.ts), read for every page as CloudFront's
   * function reads its key value store; the app's pages refuse every frame if omitted.
   */
  frameAncestors?: () => Promise<string>;
  maxBodyBytes?: number;
  /** Added to every API request as CloudFront adds it (replacing one the client sent); the handlers require it. */
  originVerifySecret?: string;
  /** API Gateway's stage and route throttles (local/api-throttle.ts); none if omitted. */
  throttle?: ApiThrottle;
  /** One JSON line per API request, with the fields of the deployed API's access log, e.g. for `npm start`. */
  logRequest?: (line: string) => void;
  /** Stored files by signed link, as CloudFront's files behaviour serves them (local/file-links.ts); none if omitted. */
  deliverFile?: (request: IncomingMessage, response: ServerResponse) => Promise<void>;
}

/** HTTP API's payload limit. */
/**
 * The route (or public endpoint) whose handler is running, for the whole of its invocation: lets a test attribute each
 * AWS SDK call to the route that made it (test/integration/route-permissions.test.ts derives each IAM policy from them).
 */
export const routeInvocation = new AsyncLocalStorage<RouteName | LtiEndpointName>();

const DEFAULT_MAX_BODY_BYTES = 10 * 1024 * 1024;

let handlersLoaded = false;

/** Whether any handler module was loaded in this process: they read their configuration once, at import. */
export const haveHandlersLoaded = () => handlersLoaded;

export function createApiServer(options: ApiServerOptions): Server {
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const loadHandler = handlerLoader(options.handlersDir);

  return createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://local');
    const headers =
      url.pathname === DOCUMENT_FRAME_PATH
        ? documentFrameHeaders(options.securityHeaders)
        : url.pathname.startsWith(LTI_DEEP_LINK_PAGE_PREFIX)
          ? (options.ltiDeepLinkPageHeaders ?? options.securityHeaders)
          : options.securityHeaders;
    const isApi = url.pathname === '/api' || url.pathname.startsWith('/api/');
    const isLti = url.pathname.startsWith('/lti/');
    // The app's pages (an app route or an HTML file), as the Web stack's viewer-response function rewrites them.
    const isPage = !isApi && !isLti && url.pathname !== DOCUMENT_FRAME_PATH && (!path.extname(url.pathname) || url.pathname.endsWith('.html'));
    const work = (async () => {
      setSecurityHeaders(response, isPage && options.frameAncestors ? framableHeaders(headers, await options.frameAncestors()) : headers);
      return isApi
        ? handleApi(request, response, url)
        : isLti
          ? handlePublic(request, response, url)
          : options.deliverFile && isFileLinkPath(url.pathname)
          ? options.deliverFile(request, response)
          : url.pathname === '/config.json'
            ? sendWebConfig(request, response, options.webConfig)
            : serveWebApp(request, response, url.pathname, options.webRoot);
    })();
    work.catch((error: unknown) => {
      console.error('Local server error', error);
      if (!response.headersSent) sendJson(response, 500, { message: 'Internal Server Error' });
      else response.destroy();
    });
  });

  async function handleApi(request: IncomingMessage, response: ServerResponse, url: URL): Promise<void> {
    const started = new Date();
    const method = request.method ?? 'GET';
    // API Gateway's request id: in the event, in every answer's header, and in the access log line.
    const requestId = randomUUID();
    response.setHeader('x-request-id', requestId);
    const match = matchRoute(method, url.pathname);
    response.on('finish', () =>
      options.logRequest?.(
        JSON.stringify({
          requestId,
          time: started.toISOString(),
          routeKey: match ? `${match.route.method} ${match.route.path}` : '-',
          path: url.pathname,
          status: response.statusCode,
          latencyMs: Date.now() - started.getTime(),
        }),
      ),
    );
    if (!match) return noRoute(response, method, url.pathname);
    if (options.throttle && !options.throttle.admit(match.name, match.route.method)) return sendJson(response, 429, { message: 'Too Many Requests' });

    let claims: Claims;
    try {
      claims = (await options.verifyAccessToken(request.headers.authorization)) as Claims;
    } catch (error) {
      if (!(error instanceof UnauthorizedError)) throw error;
      response.setHeader('www-authenticate', 'Bearer error="invalid_token"');
      return sendJson(response, 401, { message: error.message });
    }

    const body = await readBody(request, maxBodyBytes);
    if (body === undefined) {
      return sendJson(response, 413, {
        message: `The request body is larger than ${maxBodyBytes / 1024 / 1024} MB; files go to storage through upload URLs, not through the API.`,
      });
    }

    const handlerFile = routeDeployment[match.name].handler;
    const handler = await loadHandler(handlerFile);
    const event = toApiGatewayEvent(request, url, match.route, match.pathParameters, claims, body, requestId);
    if (options.originVerifySecret !== undefined) event.headers[ORIGIN_VERIFY_HEADER] = options.originVerifySecret;
    let result: APIGatewayProxyStructuredResultV2 | string;
    try {
      result = await routeInvocation.run(match.name, () => handler(event, lambdaContext(handlerFile)));
    } catch (error) {
      // What API Gateway answers when the function fails.
      console.error(`Handler ${handlerFile} threw`, error);
      return sendJson(response, 500, { message: 'Internal Server Error' });
    }
    writeResult(response, result);
  }

  /** The public endpoints outside /api (the LTI tool's): no token, the origin-verify header as CloudFront adds it. */
  async function handlePublic(request: IncomingMessage, response: ServerResponse, url: URL): Promise<void> {
    const name = matchLtiEndpoint(request.method ?? 'GET', url.pathname);
    if (!name) return sendJson(response, 404, { message: `Nothing answers ${request.method} ${url.pathname}.` });
    const body = await readBody(request, maxBodyBytes);
    if (body === undefined) return sendJson(response, 413, { message: 'The request body is too large.' });
    const handlerFile = publicEndpointDeployment[name].handler;
    const handler = await loadHandler(handlerFile);
    const event = toApiGatewayEvent(request, url, { method: request.method as RouteDefinition['method'], path: url.pathname, roles: [] }, {}, {}, body, randomUUID());
    delete (event.requestContext as Partial<typeof event.requestContext>).authorizer;
    event.headers['x-forwarded-proto'] = 'http';
    if (options.originVerifySecret !== undefined) event.headers[ORIGIN_VERIFY_HEADER] = options.originVerifySecret;
    writeResult(response, await routeInvocation.run(name, () => handler(event, lambdaContext(handlerFile))));
  }
}

function setSecurityHeaders(response: ServerResponse, headers: Record<string, string>): void {
  for (const [name, value] of Object.entries(headers)) response.setHeader(name, value);
}

function noRoute(response: ServerResponse, method: string, pathname: string): void {
  const allowed = routeEntries
    .map(([, route]) => route.method)
    .filter((other, index, all) => other !== method && all.indexOf(other) === index)
    .filter((other) => matchRoute(other, pathname));
  if (allowed.length) {
    response.setHeader('allow', allowed.join(', '));
    return sendJson(response, 405, { message: `${pathname} does not accept ${method}; use ${allowed.join(' or ')}.` });
  }
  sendJson(response, 404, { message: `No API route matches ${method} ${pathname}; see shared/contract/ for the API.` });
}

/** Loads `<name>.ts` on first use, as a Lambda container loads its bundle on a cold start. */
function handlerLoader(handlersDir: string): (name: string) => Promise<Handler> {
  const loaded = new Map<string, Promise<Handler>>();
  return async (name) => {
    const file = path.join(handlersDir, `${name}.ts`);
    if (!loaded.has(name)) {
      handlersLoaded = true;
      loaded.set(
        name,
        import(file).then((module: { handler?: Handler }) => {
          if (typeof module.handler !== 'function') throw new Error(`${file} does not export a function named handler`);
          return module.handler;
        }),
      );
    }
    return loaded.get(name)!;
  };
}

/** Resolves with the body as text, or undefined when it is larger than the limit. */
function readBody(request: IncomingMessage, limit: number): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    if (Number(request.headers['content-length'] ?? 0) > limit) {
      request.resume();
      return resolve(undefined);
    }
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) chunks.push(chunk);
    });
    request.on('end', () => resolve(size > limit ? undefined : Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function toApiGatewayEvent(
  request: IncomingMessage,
  url: URL,
  route: RouteDefinition,
  pathParameters: Record<string, string>,
  claims: Claims,
  body: string,
  requestId: string,
): APIGatewayProxyEventV2WithJWTAuthorizer {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined) headers[name.toLowerCase()] = Array.isArray(value) ? value.join(',') : value;
  }
  const query: Record<string, string> = {};
  for (const [name, value] of url.searchParams) query[name] = name in query ? `${query[name]},${value}` : value;
  const routeKey = `${route.method} ${route.path}`;
  const now = new Date();
  const method = request.method ?? 'GET';
  return {
    version: '2.0',
    routeKey,
    rawPath: url.pathname,
    rawQueryString: url.search.slice(1),
    ...(headers.cookie ? { cookies: headers.cookie.split(/;\s*/) } : {}),
    headers,
    ...(Object.keys(query).length ? { queryStringParameters: query } : {}),
    ...(Object.keys(pathParameters).length ? { pathParameters } : {}),
    ...(body ? { body } : {}),
    isBase64Encoded: false,
    requestContext: {
      accountId: '000000000000',
      apiId: 'local',
      domainName: headers.host ?? 'localhost',
      domainPrefix: (headers.host ?? 'localhost').split('.')[0],
      http: {
        method,
        path: url.pathname,
        protocol: `HTTP/${request.httpVersion}`,
        sourceIp: request.socket.remoteAddress ?? '127.0.0.1',
        userAgent: headers['user-agent'] ?? '',
      },
      requestId,
      routeKey,
      stage: '$default',
      time: now.toISOString(),
      timeEpoch: now.getTime(),
      authorizer: {
        principalId: '',
        integrationLatency: 0,
        jwt: { claims, scopes: typeof claims.scope === 'string' ? claims.scope.split(' ') : null },
      },
    },
  };
}

/** What Lambda hands a function with each invocation, as far as the handlers (their logger) read it. */
function lambdaContext(functionName: string): Context {
  const deadline = Date.now() + 10_000;
  return {
    callbackWaitsForEmptyEventLoop: true,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${functionName}`,
    memoryLimitInMB: '512',
    awsRequestId: randomUUID(),
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}

/** Writes a Lambda result the way HTTP API (payload 2.0) does, including its reading of a result without statusCode. */
function writeResult(response: ServerResponse, result: APIGatewayProxyStructuredResultV2 | string): void {
  const structured =
    typeof result === 'object' && result !== null && typeof result.statusCode === 'number'
      ? result
      : { statusCode: 200, body: typeof result === 'string' ? result : JSON.stringify(result) };
  for (const [name, value] of Object.entries(structured.headers ?? {})) response.setHeader(name, String(value));
  if (structured.cookies?.length) response.setHeader('set-cookie', structured.cookies);
  if (!response.hasHeader('content-type')) response.setHeader('content-type', 'application/json');
  response.statusCode = structured.statusCode ?? 200;
  const body = structured.body ?? '';
  response.end(structured.isBase64Encoded ? Buffer.from(body, 'base64') : body);
}

function sendJson(response: ServerResponse, statusCode: number, body: unknown): void {
  response.writeHead(statusCode, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  response.end(JSON.stringify(body));
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
  '.pdf': 'application/pdf',
};

async function serveWebApp(request: IncomingMessage, response: ServerResponse, pathname: string, webRoot: string) {
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    response.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' });
    return void response.end('Method Not Allowed');
  }
  const root = path.resolve(webRoot);
  const indexFile = path.join(root, 'index.html');
  if (!existsSync(indexFile)) return sendHtml(response, 200, PLACEHOLDER_PAGE);

  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return sendText(response, 400, 'Bad Request');
  }
  const candidate = path.resolve(root, `.${path.posix.normalize(decoded)}`);
  // Source maps are a build artifact the deployed site does not carry either.
  if (candidate.startsWith(root + path.sep) && path.extname(candidate) !== '.map') {
    const info = await stat(candidate).catch(() => undefined);
    if (info?.isFile()) return sendFile(request, response, root, candidate, info);
  }
  // A missing file with an extension is a broken asset link, not a client-side route: say so instead of serving HTML.
  if (path.extname(decoded)) return sendText(response, 404, 'Not Found');
  // As the Web stack's viewer-request function: a prerendered public page, else the app shell.
  const pageFile = path.join(root, htmlFileForRoute(decoded));
  const pageInfo = await stat(pageFile).catch(() => undefined);
  if (pageInfo?.isFile()) return sendFile(request, response, root, pageFile, pageInfo);
  return sendFile(request, response, root, indexFile, await stat(indexFile));
}

function sendFile(request: IncomingMessage, response: ServerResponse, root: string, file: string, info: { size: number; mtime: Date }) {
  return sendStaticFile(request, response, {
    file,
    pathInSite: path.relative(root, file).split(path.sep).join('/'),
    contentType: CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream',
    size: info.size,
    modified: info.mtime,
  });
}

function sendText(response: ServerResponse, statusCode: number, text: string): void {
  response.writeHead(statusCode, { 'content-type': 'text/plain; charset=utf-8' });
  response.end(text);
}

function sendHtml(response: ServerResponse, statusCode: number, html: string): void {
  response.writeHead(statusCode, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' });
  response.end(html);
}

const PLACEHOLDER_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Learning paths: web app not built</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 4rem auto; line-height: 1.5">
<h1>The web app is not built yet</h1>
<p>The local API is running at <code>/api</code> and its settings at <a href="/config.json">/config.json</a>.
To see the app, run <code>npm run build</code> and reload this page.</p>
</body></html>
`;
