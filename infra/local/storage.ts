// Local twin of S3: s3rver in-process, with the content bucket and a CORS rule so browsers can PUT to presigned URLs.
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { createServer, type ServerResponse } from 'node:http';
import path from 'node:path';
import S3rver from 's3rver';
import { closeServer, listen } from './listen';

export interface StorageTwin {
  endpoint: string;
  close(): Promise<void>;
}

// Locally any origin may upload (the app's port varies in tests); the cloud bucket allows only the app's origin.
const CORS = `<CORSConfiguration><CORSRule>
<AllowedOrigin>*</AllowedOrigin>
<AllowedMethod>PUT</AllowedMethod><AllowedMethod>GET</AllowedMethod><AllowedMethod>HEAD</AllowedMethod>
<AllowedHeader>*</AllowedHeader><ExposeHeader>ETag</ExposeHeader>
<ExposeHeader>Content-Range</ExposeHeader><ExposeHeader>Accept-Ranges</ExposeHeader><ExposeHeader>Content-Length</ExposeHeader><MaxAgeSeconds>3000</MaxAgeSeconds>
</CORSRule></CORSConfiguration>`;

export async function startStorage(options: {
  directory: string;
  host: string;
  port: number;
  bucket: string;
}): Promise<StorageTwin> {
  const s3rver = new S3rver({
    directory: options.directory,
    silent: true,
    configureBuckets: [{ name: options.bucket, configs: [CORS] }],
  });
  await s3rver.configureBuckets();
  // Our own server rather than s3rver.run(): its listen() leaves EADDRINUSE as an unhandled 'error' event.
  const s3 = s3rver.callback();
  const server = createServer((request, response) => {
    if (request.method === 'DELETE' && new URL(request.url ?? '/', 'http://local').searchParams.has('uploadId')) {
      abortMultipartUpload(s3rver, request.url ?? '/', response).catch(() => response.destroy());
      return;
    }
    s3(request, response);
  });
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

/**
 * AbortMultipartUpload (DELETE /bucket/key?uploadId=...), which s3rver 3.7 answers with MethodNotAllowed:
 * drops the upload's stored parts like S3 does; 204, or 404 NoSuchUpload for an upload it does not know.
 */
async function abortMultipartUpload(s3rver: S3rver, requestUrl: string, response: ServerResponse): Promise<void> {
  const url = new URL(requestUrl, 'http://local');
  const bucket = decodeURIComponent(url.pathname.split('/')[1] ?? '');
  const uploadId = url.searchParams.get('uploadId') ?? '';
  const uploadDir = /^[A-Za-z0-9_-]+$/.test(uploadId) && bucket
    ? path.join(s3rver.store.getResourcePath(bucket, undefined, 'uploads'), uploadId)
    : undefined;
  if (!uploadDir || !existsSync(uploadDir)) {
    response.writeHead(404, { 'content-type': 'application/xml' });
    response.end(
      '<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message></Error>',
    );
    return;
  }
  await rm(uploadDir, { recursive: true, force: true });
  response.writeHead(204);
  response.end();
}
