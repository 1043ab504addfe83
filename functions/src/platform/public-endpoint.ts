// The adapter for the app's public endpoints outside /api (the LTI tool's, shared/contract/lti.ts `ltiEndpoints`):
// no token and no JSON; a browser sends a query or a form and gets HTML, a redirect or keys. They still come only
// through CloudFront (the origin-verify header), and say where the app is (its origin) to build their URLs.
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { APP_ORIGIN_HEADER, ORIGIN_VERIFY_HEADER } from '@shared/edge';
import { getLogger } from './logger';
import { originCheckFromEnvironment, type OriginCheck } from './origin-verify';

export type PublicEvent = APIGatewayProxyEventV2;
export type PublicResult = APIGatewayProxyStructuredResultV2;

export interface PublicRequest {
  /** The query string's parameters (GET) and the form's fields (POST, application/x-www-form-urlencoded) together. */
  parameters: Record<string, string | undefined>;
  /**
   * The app's origin (`https://host`): APP_ORIGIN where the stage sets it, else the one CloudFront's function wrote
   * (AWS; trusted because the origin check proved CloudFront sent the request), else the request's host (local stack).
   */
  origin: string;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** A page of one message, which an LMS may show in its frame: it holds no session, so any page may frame it. */
export function htmlPage(statusCode: number, title: string, paragraphs: string[]): PublicResult {
  const body = paragraphs.map((text) => `<p>${escapeHtml(text)}</p>`).join('\n');
  return {
    statusCode,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors *",
    },
    body: `<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title><style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem;line-height:1.5}</style></head>\n<body><h1>${escapeHtml(title)}</h1>\n${body}\n</body></html>\n`,
  };
}

export const redirect = (location: string): PublicResult => ({ statusCode: 302, headers: { location, 'cache-control': 'no-store' }, body: '' });

export const jsonDocument = (body: unknown, maxAgeSeconds: number): PublicResult => ({
  statusCode: 200,
  headers: { 'content-type': 'application/json', 'cache-control': `public, max-age=${maxAgeSeconds}` },
  body: JSON.stringify(body),
});

function parametersOf(event: PublicEvent): Record<string, string | undefined> {
  const parameters: Record<string, string | undefined> = { ...event.queryStringParameters };
  const type = event.headers['content-type'] ?? '';
  if (event.body && type.startsWith('application/x-www-form-urlencoded')) {
    const text = event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
    for (const [name, value] of new URLSearchParams(text)) parameters[name] = value;
  }
  return parameters;
}

const originOf = (event: PublicEvent) =>
  process.env.APP_ORIGIN ??
  event.headers[APP_ORIGIN_HEADER] ??
  `${event.headers['x-forwarded-proto'] ?? 'https'}://${event.headers['x-forwarded-host'] ?? event.headers.host}`;

/** A public endpoint: its origin check, its parameters, and a page (never a stack trace) when it fails. */
export function publicEndpoint(name: string, run: (request: PublicRequest) => Promise<PublicResult>, originCheck: OriginCheck | undefined = originCheckFromEnvironment()) {
  return async (event: PublicEvent): Promise<PublicResult> => {
    if (originCheck && !(await originCheck(event.headers[ORIGIN_VERIFY_HEADER]))) return htmlPage(403, 'Forbidden', ['Open this address through the app.']);
    try {
      return await run({ parameters: parametersOf(event), origin: originOf(event) });
    } catch (error) {
      getLogger().error(`${name} failed`, { error });
      return htmlPage(500, 'Something went wrong', [`Try again in a minute. If it keeps failing, quote this to your administrator: ${event.requestContext.requestId}.`]);
    }
  };
}
