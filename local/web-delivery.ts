// How the local server hands out the built web app and /config.json: the Cache-Control the Web stack deploys with,
// compressed as CloudFront's edge compresses (Brotli or gzip by Accept-Encoding, same size and type limits), with
// validators so a `no-cache` revalidation is a 304. Rules from shared/web-delivery.ts.
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants as zlibConstants, gzip, gzipSync } from 'node:zlib';
import { cacheControlFor, EDGE_COMPRESSION, WEB_CACHE_CONTROL } from '../shared/web-delivery';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export type ContentEncoding = 'br' | 'gzip';

/** Brotli if the browser accepts it, else gzip, else none (`q=0` refuses a coding). */
export function negotiateEncoding(acceptEncoding: string | string[] | undefined): ContentEncoding | undefined {
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : (acceptEncoding ?? '');
  const accepted = new Set<string>();
  for (const part of header.split(',')) {
    const [name, ...parameters] = part.trim().toLowerCase().split(';');
    const refused = parameters.some((parameter) => /^\s*q=0(\.0*)?\s*$/.test(parameter));
    if (name && !refused) accepted.add(name);
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return undefined;
}

export function isCompressible(contentType: string, size: number): boolean {
  return size >= EDGE_COMPRESSION.minBytes && size <= EDGE_COMPRESSION.maxBytes && EDGE_COMPRESSION.types.test(contentType);
}

/** What was read and compressed once per file version (web/dist changes only when rebuilt). */
interface Prepared {
  body: Buffer;
  encoded: Partial<Record<ContentEncoding, Promise<Buffer>>>;
}

const MAX_CACHED_FILES = 500;
const prepared = new Map<string, Prepared>();

function encode(entry: Prepared, encoding: ContentEncoding): Promise<Buffer> {
  entry.encoded[encoding] ??=
    encoding === 'br'
      ? // Quality 5: close to what a CDN does on the fly (11 would take seconds for the entry chunk).
        brotli(entry.body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } })
      : gzipAsync(entry.body, { level: 6 });
  return entry.encoded[encoding]!;
}

async function prepare(file: string, version: string): Promise<Prepared> {
  const key = `${file}\0${version}`;
  let entry = prepared.get(key);
  if (!entry) {
    entry = { body: await readFile(file), encoded: {} };
    if (prepared.size >= MAX_CACHED_FILES) prepared.clear();
    prepared.set(key, entry);
  }
  return entry;
}

export interface StaticFile {
  /** Absolute path on disk. */
  file: string;
  /** Path inside web/dist with forward slashes (decides Cache-Control). */
  pathInSite: string;
  contentType: string;
  size: number;
  modified: Date;
}

/** Answers a GET or HEAD for a file of web/dist. */
export async function sendStaticFile(request: IncomingMessage, response: ServerResponse, file: StaticFile): Promise<void> {
  const etag = `"${file.size.toString(16)}-${Math.floor(file.modified.getTime()).toString(16)}"`;
  const headers: Record<string, string | number> = {
    'content-type': file.contentType,
    'cache-control': cacheControlFor(file.pathInSite),
    etag,
    'last-modified': file.modified.toUTCString(),
  };
  const compressible = isCompressible(file.contentType, file.size);
  if (compressible) headers.vary = 'Accept-Encoding';
  if (request.headers['if-none-match'] === etag) {
    response.writeHead(304, headers);
    return void response.end();
  }
  const entry = await prepare(file.file, etag);
  const encoding = compressible ? negotiateEncoding(request.headers['accept-encoding']) : undefined;
  const body = encoding ? await encode(entry, encoding) : entry.body;
  if (encoding) headers['content-encoding'] = encoding;
  headers['content-length'] = body.length;
  response.writeHead(200, headers);
  response.end(request.method === 'HEAD' ? undefined : body);
}

/** /config.json, as the Web stack deploys it: JSON, revalidated on every load (and too small to be compressed). */
export function sendWebConfig(request: IncomingMessage, response: ServerResponse, config: unknown): void {
  const body = Buffer.from(JSON.stringify(config));
  const contentType = 'application/json';
  const encoding = isCompressible(contentType, body.length) ? negotiateEncoding(request.headers['accept-encoding']) : undefined;
  const encoded = encoding === 'br' ? brotliCompressSync(body) : encoding === 'gzip' ? gzipSync(body) : body;
  response.writeHead(200, {
    'content-type': contentType,
    'cache-control': WEB_CACHE_CONTROL.entry,
    'content-length': encoded.length,
    ...(encoding ? { 'content-encoding': encoding, vary: 'Accept-Encoding' } : {}),
  });
  response.end(request.method === 'HEAD' ? undefined : encoded);
}
