// Stored files through the local app origin, as CloudFront's files behaviour serves them: only with a valid signed
// URL (the policy's resource matches the request, not expired, signed by the trusted key), refusing any other with
// 403; then the object from the S3 twin, with S3's answer to the link's response overrides and Range. The key pair is
// made at the first start into .local (kept across restarts, so links handed out before a restart still open).
import { createVerify, generateKeyPairSync } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pipeline, Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { GetObjectCommand, HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { FILE_LINK_PATH_PATTERN } from '../shared/storage';
import { LOCAL_CREDENTIALS } from './stack-config';

export interface LocalFileLinkKeys {
  /** Stands for the id CloudFront gives a public key. */
  keyPairId: string;
  privateKey: string;
  publicKey: string;
}

/** The local key pair's file (the functions sign with it through FILE_LINK_KEYS_FILE), written once. */
export async function ensureFileLinkKeys(file: string): Promise<LocalFileLinkKeys> {
  if (!existsSync(file)) {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
      publicKeyEncoding: { type: 'spki', format: 'pem' },
    });
    const keys: LocalFileLinkKeys = { keyPairId: 'KLOCALFILELINKS', privateKey, publicKey };
    await writeFile(file, `${JSON.stringify(keys, null, 2)}\n`, { mode: 0o600 });
  }
  return JSON.parse(await readFile(file, 'utf8')) as LocalFileLinkKeys;
}

/** The query parameters a signed URL adds, which CloudFront takes off before it compares the policy's resource. */
const SIGNING_PARAMETERS = new Set(['Policy', 'Signature', 'Key-Pair-Id', 'Expires', 'Hash-Algorithm']);

/** CloudFront's URL-safe base64 (`-` `_` `~` for `+` `=` `/`). */
const fromCloudFrontBase64 = (text: string) => Buffer.from(text.replace(/-/g, '+').replace(/_/g, '=').replace(/~/g, '/'), 'base64');

/** A policy resource as CloudFront reads it: `*` any characters, `?` one. */
function resourcePattern(resource: string): RegExp {
  const escaped = resource.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*').replace(/\?/g, '.');
  return new RegExp(`^${escaped}$`);
}

/**
 * Why CloudFront would refuse this request for a file (its URL as the viewer sent it), or undefined when the signed
 * URL holds: a custom policy signed by the trusted key, whose resource names this URL and whose time has not passed.
 */
export function fileLinkRefusal(viewerUrl: string, trusted: Pick<LocalFileLinkKeys, 'keyPairId' | 'publicKey'>, now = Date.now()): string | undefined {
  const queryStart = viewerUrl.indexOf('?');
  const base = queryStart === -1 ? viewerUrl : viewerUrl.slice(0, queryStart);
  const pairs = queryStart === -1 ? [] : viewerUrl.slice(queryStart + 1).split('&');
  const signing = new Map<string, string>();
  const kept: string[] = [];
  for (const pair of pairs) {
    const name = pair.split('=')[0];
    if (SIGNING_PARAMETERS.has(name)) signing.set(name, decodeURIComponent(pair.slice(name.length + 1)));
    else kept.push(pair);
  }
  const policy = signing.get('Policy');
  const signature = signing.get('Signature');
  if (!policy || !signature || !signing.get('Key-Pair-Id')) return 'Missing Key';
  if (signing.get('Key-Pair-Id') !== trusted.keyPairId) return 'Invalid Key';
  const policyText = fromCloudFrontBase64(policy);
  if (!createVerify('RSA-SHA1').update(policyText).verify(trusted.publicKey, fromCloudFrontBase64(signature))) return 'Access Denied';
  let statement: { Resource?: unknown; Condition?: { DateLessThan?: { 'AWS:EpochTime'?: unknown } } } | undefined;
  try {
    [statement] = (JSON.parse(policyText.toString('utf8')) as { Statement: (typeof statement)[] }).Statement;
  } catch {
    return 'Malformed Policy';
  }
  const expires = statement?.Condition?.DateLessThan?.['AWS:EpochTime'];
  if (typeof statement?.Resource !== 'string' || typeof expires !== 'number') return 'Malformed Policy';
  if (!resourcePattern(statement.Resource).test(kept.length > 0 ? `${base}?${kept.join('&')}` : base)) return 'Access Denied';
  if (now >= expires * 1000) return 'Access Denied';
  return undefined;
}

export interface FileDeliveryOptions {
  keys: LocalFileLinkKeys;
  storage: { endpoint: string; bucket: string; region: string };
  now?: () => number;
}

/** Whether a path is the files behaviour's (FILE_LINK_PATH_PATTERN). */
export const isFileLinkPath = (pathname: string) => pathname.startsWith(FILE_LINK_PATH_PATTERN.slice(0, -1));

/** Headers of S3's answer that CloudFront passes on to the viewer. */
const PASSED_HEADERS = ['content-type', 'content-length', 'content-range', 'content-disposition', 'accept-ranges', 'etag', 'last-modified'];

/** Answers a GET or HEAD of a file link as CloudFront would: 403 without a valid signature, else S3's answer. */
export function makeFileDelivery({ keys, storage, now = Date.now }: FileDeliveryOptions) {
  const s3 = new S3Client({ endpoint: storage.endpoint, region: storage.region, forcePathStyle: true, credentials: LOCAL_CREDENTIALS });
  return async function deliverFile(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const method = request.method ?? 'GET';
    if (method !== 'GET' && method !== 'HEAD') {
      response.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain' });
      return void response.end('Method Not Allowed');
    }
    const viewerUrl = `http://${request.headers.host ?? 'localhost'}${request.url ?? '/'}`;
    const refusal = fileLinkRefusal(viewerUrl, keys, now());
    if (refusal) {
      response.writeHead(403, { 'content-type': 'text/plain' });
      return void response.end(refusal);
    }
    const url = new URL(viewerUrl);
    const Key = url.pathname.slice(1).split('/').map(decodeURIComponent).join('/');
    const overrides = {
      ResponseContentDisposition: url.searchParams.get('response-content-disposition') ?? undefined,
      ResponseContentType: url.searchParams.get('response-content-type') ?? undefined,
    };
    const command = method === 'HEAD' ? new HeadObjectCommand({ Bucket: storage.bucket, Key }) : new GetObjectCommand({ Bucket: storage.bucket, Key, ...overrides });
    const signed = await getSignedUrl(s3, command, { expiresIn: 60 });
    const range = request.headers.range;
    const answer = await fetch(signed, { method, headers: range ? { range } : {} });
    // The viewer went away while the file was asked for (a PDF viewer cancels ranges it no longer needs): nobody to answer.
    if (response.destroyed) return void (await answer.body?.cancel());
    const headers: Record<string, string> = {};
    for (const name of PASSED_HEADERS) {
      const value = answer.headers.get(name);
      if (value !== null) headers[name] = value;
    }
    response.writeHead(answer.status, headers);
    if (!answer.body || method === 'HEAD') return void response.end();
    // pipeline, not pipe: a viewer that goes away mid-file (a closed tab, a cancelled range) ends both sides instead of
    // leaving an unhandled stream error that stops the server.
    pipeline(Readable.fromWeb(answer.body as WebReadableStream), response, () => undefined);
  };
}
