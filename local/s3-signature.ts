// What S3 checks before it looks at a request, which s3rver does not: a SigV4 signature (presigned query or
// Authorization header) recomputed with the same signer the SDK uses, over the request as it arrived. A PUT whose
// Content-Length or Content-Type differs from what was signed, an expired URL, a changed query or an unsigned request
// are refused with S3's codes, so tests fail locally where they would fail in AWS.
import { createHash, createHmac, type Hash, type Hmac } from 'node:crypto';
import { SignatureV4 } from '@smithy/signature-v4';

type HttpRequest = Parameters<SignatureV4['presign']>[0];

export interface S3Refusal {
  status: number;
  code: string;
  message: string;
}

export interface SignedRequest {
  method: string;
  /** The request target as sent: path and query, still percent-encoded. */
  url: string;
  headers: Record<string, string | string[] | undefined>;
}

export interface Credentials {
  accessKeyId: string;
  secretAccessKey: string;
}

export const MAX_SKEW_MS = 15 * 60 * 1000;
const MAX_PRESIGNED_SECONDS = 7 * 24 * 60 * 60;
/** An Authorization header of SigV4: credential scope, signed header names, signature. */
export const SIGV4_AUTHORIZATION = /^AWS4-HMAC-SHA256 Credential=([^,]+),\s*SignedHeaders=([^,]+),\s*Signature=([0-9a-f]{64})$/;
const AUTH_QUERY = ['X-Amz-Algorithm', 'X-Amz-Credential', 'X-Amz-Date', 'X-Amz-Expires', 'X-Amz-SignedHeaders', 'X-Amz-Signature'];

const refusal = (status: number, code: string, message: string): S3Refusal => ({ status, code, message });
const accessDenied = (message = 'Access Denied') => refusal(403, 'AccessDenied', message);
const signatureMismatch = () =>
  refusal(
    403,
    'SignatureDoesNotMatch',
    'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
  );

/** Undefined when S3 would accept the request's authentication, else S3's refusal. */
export async function verifySignature(
  request: SignedRequest,
  credentials: Credentials,
  now = new Date(),
): Promise<S3Refusal | undefined> {
  const [path, rawQuery = ''] = splitOnce(request.url, '?');
  const query = parseQuery(rawQuery);
  const authorization = header(request.headers, 'authorization');
  if (query.has('X-Amz-Signature') || query.has('X-Amz-Algorithm')) {
    if (authorization) return refusal(400, 'InvalidArgument', 'Only one auth mechanism allowed.');
    return verifyPresigned(request.method, path, query, request.headers, credentials, now);
  }
  if (authorization) return verifyHeaderSigned(request.method, path, query, request.headers, authorization, credentials, now);
  return accessDenied();
}

async function verifyPresigned(
  method: string,
  path: string,
  query: Map<string, string[]>,
  headers: SignedRequest['headers'],
  credentials: Credentials,
  now: Date,
): Promise<S3Refusal | undefined> {
  const [algorithm, credential, date, expires, signedHeaders, signature] = AUTH_QUERY.map((name) => query.get(name)?.[0]);
  if (algorithm !== 'AWS4-HMAC-SHA256' || !credential || !date || !expires || !signedHeaders || !signature) {
    return refusal(400, 'AuthorizationQueryParametersError', 'Query-string authentication version 4 requires the X-Amz-Algorithm, X-Amz-Credential, X-Amz-Signature, X-Amz-Date, X-Amz-SignedHeaders, and X-Amz-Expires parameters.');
  }
  const scope = parseScope(credential, credentials);
  if ('code' in scope) return scope;
  const signingDate = parseAmzDate(date);
  const lifetime = Number(expires);
  if (!signingDate || !Number.isInteger(lifetime) || lifetime < 1 || lifetime > MAX_PRESIGNED_SECONDS) {
    return refusal(400, 'AuthorizationQueryParametersError', 'X-Amz-Date or X-Amz-Expires is not valid.');
  }
  if (now.getTime() > signingDate.getTime() + lifetime * 1000) return accessDenied('Request has expired');
  if (signingDate.getTime() - now.getTime() > MAX_SKEW_MS) return accessDenied('Request is not valid yet');

  const unsignedQuery = new Map([...query].filter(([name]) => !AUTH_QUERY.includes(name)));
  // The SDK signs X-Amz-Content-Sha256 as a header it then moves into the query; put it back where it was signed.
  const payloadHash = unsignedQuery.get('X-Amz-Content-Sha256')?.[0];
  unsignedQuery.delete('X-Amz-Content-Sha256');
  const signed = signedHeaderValues(headers, signedHeaders);
  if (!signed) return signatureMismatch();
  const presigned = await signer(credentials, scope.region, scope.service).presign(
    httpRequest(method, path, unsignedQuery, payloadHash ? { ...signed, 'X-Amz-Content-Sha256': payloadHash } : signed),
    { signingDate, expiresIn: lifetime, signableHeaders: new Set(Object.keys(signed)) },
  );
  return presigned.query?.['X-Amz-Signature'] === signature ? undefined : signatureMismatch();
}

async function verifyHeaderSigned(
  method: string,
  path: string,
  query: Map<string, string[]>,
  headers: SignedRequest['headers'],
  authorization: string,
  credentials: Credentials,
  now: Date,
): Promise<S3Refusal | undefined> {
  const parsed = SIGV4_AUTHORIZATION.exec(authorization);
  if (!parsed) return refusal(400, 'AuthorizationHeaderMalformed', 'The authorization header is malformed.');
  const [, credential, signedHeaders, signature] = parsed;
  const scope = parseScope(credential, credentials);
  if ('code' in scope) return scope;
  const signingDate = parseAmzDate(header(headers, 'x-amz-date') ?? '');
  if (!signingDate) return accessDenied('AWS authentication requires a valid Date or x-amz-date header');
  if (Math.abs(now.getTime() - signingDate.getTime()) > MAX_SKEW_MS) {
    return refusal(403, 'RequestTimeTooSkewed', 'The difference between the request time and the current time is too large.');
  }
  const signed = signedHeaderValues(headers, signedHeaders);
  if (!signed?.['x-amz-content-sha256']) return signatureMismatch();
  const resigned = await signer(credentials, scope.region, scope.service).sign(httpRequest(method, path, query, signed), {
    signingDate,
    signableHeaders: new Set(Object.keys(signed)),
  });
  return resigned.headers.authorization?.endsWith(`Signature=${signature}`) ? undefined : signatureMismatch();
}

function signer(credentials: Credentials, region: string, service: string): SignatureV4 {
  // S3 signs the path as sent (already encoded once), unlike other services.
  return new SignatureV4({ credentials, region, service, sha256: NodeSha256, uriEscapePath: false });
}

/** SHA-256 (or HMAC-SHA-256 when given a key) from node:crypto, in the shape the signer takes. */
export class NodeSha256 {
  private readonly hash: Hash | Hmac;
  constructor(secret?: string | ArrayBuffer | ArrayBufferView) {
    this.hash = secret === undefined ? createHash('sha256') : createHmac('sha256', bytes(secret));
  }
  update(data: string | ArrayBuffer | ArrayBufferView): void {
    this.hash.update(bytes(data));
  }
  async digest(): Promise<Uint8Array> {
    return new Uint8Array(this.hash.digest());
  }
}

const bytes = (data: string | ArrayBuffer | ArrayBufferView): string | Uint8Array =>
  typeof data === 'string' ? data : ArrayBuffer.isView(data) ? new Uint8Array(data.buffer, data.byteOffset, data.byteLength) : new Uint8Array(data);

function parseScope(credential: string, credentials: Credentials): { region: string; service: string } | S3Refusal {
  const [accessKeyId, , region, service, terminator] = credential.split('/');
  if (accessKeyId !== credentials.accessKeyId) {
    return refusal(403, 'InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist in our records.');
  }
  if (!region || service !== 's3' || terminator !== 'aws4_request') {
    return refusal(400, 'AuthorizationHeaderMalformed', 'The credential scope is not valid for S3.');
  }
  return { region, service };
}

/** The values of the headers the signature names, as received; undefined when one of them is missing. */
export function signedHeaderValues(headers: SignedRequest['headers'], list: string): Record<string, string> | undefined {
  const values: Record<string, string> = {};
  for (const name of list.split(';')) {
    const value = header(headers, name);
    if (value === undefined) return undefined;
    values[name] = value;
  }
  return values;
}

export function httpRequest(method: string, path: string, query: Map<string, string[]>, headers: Record<string, string>): HttpRequest {
  const [hostname, port] = splitOnce(headers.host ?? '', ':');
  return {
    method,
    protocol: 'http:',
    hostname,
    port: port ? Number(port) : undefined,
    path,
    query: Object.fromEntries([...query].map(([name, values]) => [name, values.length === 1 ? values[0] : values])),
    headers,
  };
}

export function header(headers: SignedRequest['headers'], name: string): string | undefined {
  const value = headers[name.toLowerCase()];
  return Array.isArray(value) ? value.join(',') : value;
}

/** Query parameters decoded as S3 reads them (`+` is a plus, not a space). */
function parseQuery(raw: string): Map<string, string[]> {
  const query = new Map<string, string[]>();
  for (const pair of raw.split('&')) {
    if (!pair) continue;
    const [name, value = ''] = splitOnce(pair, '=').map((part) => safeDecode(part ?? ''));
    query.set(name, [...(query.get(name) ?? []), value]);
  }
  return query;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

export function parseAmzDate(value: string): Date | undefined {
  const parts = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value);
  return parts ? new Date(`${parts[1]}-${parts[2]}-${parts[3]}T${parts[4]}:${parts[5]}:${parts[6]}Z`) : undefined;
}

function splitOnce(text: string, separator: string): [string, string?] {
  const index = text.indexOf(separator);
  return index === -1 ? [text] : [text.slice(0, index), text.slice(index + 1)];
}
