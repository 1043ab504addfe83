// Local twin of S3: s3rver in-process, with the content bucket and a CORS rule so browsers can PUT to presigned URLs
// (they read files through the app's origin, local/file-links.ts).
// In front of it, what S3 checks and s3rver does not: every request's SigV4 signature (s3-signature.ts), and that a
// multipart upload id exists and belongs to the key it is used with, and conditional writes (`If-None-Match: *`,
// `If-Match: <ETag>`).
import { existsSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import S3rver from 's3rver';
import { closeServer, listen } from './listen';
import { verifySignature, type S3Refusal } from './s3-signature';
import { LOCAL_CREDENTIALS } from './stack-config';

export interface StorageTwin {
  endpoint: string;
  close(): Promise<void>;
}

// Locally any origin may upload (the app's port varies in tests); the cloud bucket allows only the app's origin.
const CORS = `<CORSConfiguration><CORSRule>
<AllowedOrigin>*</AllowedOrigin>
<AllowedMethod>PUT</AllowedMethod>
<AllowedHeader>*</AllowedHeader><ExposeHeader>ETag</ExposeHeader><MaxAgeSeconds>3000</MaxAgeSeconds>
</CORSRule></CORSConfiguration>`;

export async function startStorage(options: {
  directory: string;
  host: string;
  port: number;
  bucket: string;
  /** Called after each object written (a PutObject or a completed multipart upload), as S3 sends "Object Created". */
  onObjectCreated?: (key: string) => void;
  /** Called after each object deleted (a DeleteObject, or each key of a DeleteObjects), as S3 sends "Object Deleted". */
  onObjectDeleted?: (key: string) => void;
}): Promise<StorageTwin> {
  const s3rver = new S3rver({
    directory: options.directory,
    silent: true,
    configureBuckets: [{ name: options.bucket, configs: [CORS] }],
  });
  await s3rver.configureBuckets();
  listDespiteDeletions(s3rver);
  if (options.onObjectDeleted) announceDeletions(s3rver, options.onObjectDeleted);
  // Our own server rather than s3rver.run(): its listen() leaves EADDRINUSE as an unhandled 'error' event.
  const s3 = s3rver.callback();
  const writeOnce = conditionalWrites(s3rver);
  const server = createServer((request, response) => {
    handle(request, response).catch(() => response.destroy());
  });
  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    // CORS preflights carry no credentials, in S3 as here; s3rver answers them from the bucket's rule.
    if (request.method === 'OPTIONS') return void s3(request, response);
    const refused =
      (await verifySignature({ method: request.method ?? 'GET', url: request.url ?? '/', headers: request.headers }, LOCAL_CREDENTIALS)) ??
      (await unknownUpload(s3rver, request.url ?? '/')) ??
      (await writeOnce.refusal(request, response));
    if (refused) return sendError(request, response, refused);
    if (request.method === 'DELETE' && new URL(request.url ?? '/', 'http://local').searchParams.has('uploadId')) {
      return abortMultipartUpload(s3rver, request.url ?? '/', response);
    }
    if (options.onObjectCreated) announceCreation(request, response, options.onObjectCreated);
    s3(request, response);
  }
  s3rver.httpServer = server;
  const port = await listen(server, options.port, options.host, 's3').catch(
    (error: unknown) => {
      s3rver.logger.close();
      throw error;
    },
  );
  return {
    endpoint: `http://${options.host}:${port}`,
    close: async () => {
      await closeServer(server);
      s3rver.logger.close();
    },
  };
}

/** Calls back with the key once a PutObject (not a part) or a multipart completion has succeeded. */
function announceCreation(request: IncomingMessage, response: ServerResponse, onObjectCreated: (key: string) => void): void {
  const query = new URL(request.url ?? '/', 'http://local').searchParams;
  const putObject = request.method === 'PUT' && !query.has('uploadId');
  const completion = request.method === 'POST' && query.has('uploadId');
  if (!putObject && !completion) return;
  response.once('finish', () => {
    if (response.statusCode === 200) onObjectCreated(objectOf(request.url ?? '/').key);
  });
}

/** Calls back with each key s3rver's store deletes: both delete operations come down to it, one key at a time. */
function announceDeletions(s3rver: S3rver, onObjectDeleted: (key: string) => void): void {
  const { store } = s3rver;
  const deleteObject = store.deleteObject.bind(store);
  store.deleteObject = async (bucket, key) => {
    await deleteObject(bucket, key);
    onObjectDeleted(key);
  };
}

/** Readings of a listing that met an object deleted meanwhile: each try lists the folder again. */
const LISTING_TRIES = 5;

/**
 * S3 lists objects while others are deleted; s3rver's listing reads the folder's names, then each one's details, and
 * answered a 500 when an object was deleted in between (ENOENT; seen as a flaky test): that listing is read again.
 */
export function listDespiteDeletions(s3rver: Pick<S3rver, 'store'>): void {
  const { store } = s3rver;
  const listObjects = store.listObjects.bind(store);
  store.listObjects = async (bucket, options) => {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await listObjects(bucket, options);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || attempt === LISTING_TRIES) throw error;
      }
    }
  };
}

/** Where s3rver keeps an upload's parts and its key, when the request names a well-formed upload id. */
function uploadDirectory(s3rver: S3rver, requestUrl: string): { dir: string; key: string } | undefined {
  const { bucket, key } = objectOf(requestUrl);
  const uploadId = new URL(requestUrl, 'http://local').searchParams.get('uploadId') ?? '';
  if (!/^[A-Za-z0-9_-]+$/.test(uploadId) || !bucket) return undefined;
  return { dir: path.join(s3rver.store.getResourcePath(bucket, undefined, 'uploads'), uploadId), key };
}

/**
 * S3 answers NoSuchUpload (404) to a part, completion, listing or abort whose upload id it does not know or that was
 * started for another key; s3rver looks only at the id (and answers an unknown one with a 500).
 */
async function unknownUpload(s3rver: S3rver, requestUrl: string): Promise<S3Refusal | undefined> {
  if (!new URL(requestUrl, 'http://local').searchParams.has('uploadId')) return undefined;
  const upload = uploadDirectory(s3rver, requestUrl);
  const startedFor = upload && (await readFile(path.join(upload.dir, 'key'), 'utf8').catch(() => undefined));
  if (upload && startedFor === upload.key) return undefined;
  return {
    status: 404,
    code: 'NoSuchUpload',
    message: 'The specified upload does not exist. The upload ID may be invalid, or the upload may have been aborted or completed.',
  };
}

/** The object a path-style request names, as s3rver stores it. */
function objectOf(requestUrl: string): { bucket: string; key: string } {
  const [, bucket = '', ...keyParts] = new URL(requestUrl, 'http://local').pathname.split('/').map(decodeURIComponent);
  return { bucket, key: keyParts.join('/') };
}

/**
 * S3's conditional writes, which s3rver ignores: a PutObject or CompleteMultipartUpload with `If-None-Match: *` is
 * refused with 412 PreconditionFailed when the key holds an object, one with `If-Match` when the key holds none or
 * one of another ETag; either with 409 ConditionalRequestConflict while another conditional write of the key is
 * under way (checked and written without a gap, as in S3).
 */
function conditionalWrites(s3rver: S3rver) {
  const writing = new Set<string>();
  return {
    async refusal(request: IncomingMessage, response: ServerResponse): Promise<S3Refusal | undefined> {
      const query = new URL(request.url ?? '/', 'http://local').searchParams;
      const putObject = request.method === 'PUT' && !query.has('uploadId');
      const completion = request.method === 'POST' && query.has('uploadId');
      const ifMatch = request.headers['if-match'];
      if ((request.headers['if-none-match'] !== '*' && ifMatch === undefined) || !(putObject || completion)) return undefined;
      const { bucket, key } = objectOf(request.url ?? '/');
      const id = `${bucket}/${key}`;
      if (writing.has(id)) {
        return { status: 409, code: 'ConditionalRequestConflict', message: 'A conflicting conditional operation is currently in progress against this resource. Please try again.' };
      }
      writing.add(id);
      const release = () => writing.delete(id);
      const etag = await s3rver.store.getMetadata(bucket, key).then(
        (metadata) => metadata.etag,
        () => undefined,
      );
      if (ifMatch === undefined ? etag !== undefined : etag !== ifMatch) {
        release();
        return { status: 412, code: 'PreconditionFailed', message: 'At least one of the pre-conditions you specified did not hold' };
      }
      response.once('close', release);
      return undefined;
    },
  };
}

/** An S3 error document; with the CORS headers of the bucket's rule, so a browser can read the refusal. */
function sendError(request: IncomingMessage, response: ServerResponse, { status, code, message }: S3Refusal): void {
  request.resume();
  response.writeHead(status, {
    'content-type': 'application/xml',
    ...(request.headers.origin ? { 'access-control-allow-origin': '*', 'access-control-expose-headers': 'ETag' } : {}),
  });
  response.end(`<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message></Error>`);
}

/**
 * AbortMultipartUpload (DELETE /bucket/key?uploadId=...), which s3rver 3.7 answers with MethodNotAllowed: drops the
 * upload's stored parts like S3 does (the id was checked against the key before).
 */
async function abortMultipartUpload(s3rver: S3rver, requestUrl: string, response: ServerResponse): Promise<void> {
  const upload = uploadDirectory(s3rver, requestUrl);
  if (upload && existsSync(upload.dir)) await rm(upload.dir, { recursive: true, force: true });
  response.writeHead(204);
  response.end();
}
