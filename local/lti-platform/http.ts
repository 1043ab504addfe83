// The few HTTP pieces the twin's endpoints share: reading a body, answering HTML or JSON, refusing with a status
// and a sentence.
import type { IncomingMessage, ServerResponse } from 'node:http';

/** A refusal: the status and the sentence the caller (a person or a tool's developer) can act on. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The body for JSON APIs (the token endpoint answers RFC 6749's { error, error_description }). */
    readonly json?: Record<string, unknown>,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

const MAX_BODY_BYTES = 256 * 1024;

export async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw new HttpError(413, `The body is over ${MAX_BODY_BYTES} bytes.`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** The request's parameters: the query of a GET, the form of a POST (OIDC allows both for the authorization request). */
export async function readParams(request: IncomingMessage, url: URL): Promise<URLSearchParams> {
  if (request.method !== 'POST') return url.searchParams;
  if (!mediaType(request).startsWith('application/x-www-form-urlencoded')) {
    throw new HttpError(415, 'Send the form as application/x-www-form-urlencoded.');
  }
  return new URLSearchParams(await readBody(request));
}

export async function readJson(request: IncomingMessage, expectedType: string): Promise<Record<string, unknown>> {
  if (mediaType(request) !== expectedType) {
    throw new HttpError(415, `Send the body as ${expectedType} (Content-Type was ${request.headers['content-type'] ?? 'missing'}).`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readBody(request));
  } catch {
    throw new HttpError(400, 'The body is not JSON.');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new HttpError(400, 'The body must be a JSON object.');
  return parsed as Record<string, unknown>;
}

function mediaType(request: IncomingMessage): string {
  return (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
}

export function sendJson(response: ServerResponse, status: number, body: unknown, contentType = 'application/json', headers: Record<string, string> = {}): void {
  response.writeHead(status, { 'Content-Type': contentType, 'Cache-Control': 'no-store', ...headers });
  response.end(JSON.stringify(body));
}

export function sendHtml(response: ServerResponse, status: number, html: string, headers: Record<string, string> = {}): void {
  response.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store', ...headers });
  response.end(html);
}

export function redirect(response: ServerResponse, location: string, headers: Record<string, string> = {}): void {
  response.writeHead(303, { Location: location, 'Cache-Control': 'no-store', ...headers });
  response.end();
}

export function cookie(request: IncomingMessage, name: string): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return undefined;
}

export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
