// Data-access layer for uploaded files: the only place that talks to S3. Browsers never get bucket credentials,
// only short-lived presigned URLs for one object. The client, bucket and signer are given by whoever builds it.
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateMultipartUploadCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  UploadPartCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import type { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { DOWNLOAD_URL_TTL_SECONDS, UPLOAD_LIMITS } from '@shared/constants';
import type { FileStore, MultipartOutcome } from '../port';

export interface FileStorageContext {
  client: S3Client;
  bucketName: string;
  /** `getSignedUrl` of `@aws-sdk/s3-request-presigner`; given, so tests can sign predictably. */
  presign: typeof getSignedUrl;
  /** The time links are signed at; the system clock unless a test sets it. */
  now?: () => number;
}

/**
 * Download links are signed as of the start of a window of this length and live that much longer than
 * DOWNLOAD_URL_TTL_SECONDS, so a link handed out has at least the full TTL left, and is the same string for every
 * reader of the file within the window: signed once per container and window (signing costs about a millisecond, a
 * module has many sections), and a file read again can come from the browser's cache.
 */
export const LINK_WINDOW_SECONDS = 300;

/** S3's refusals of a multipart completion or abort that are the client's to fix. */
function multipartRefusal(error: unknown): MultipartOutcome | undefined {
  switch ((error as Error).name) {
    case 'NoSuchUpload':
      return 'noSuchUpload';
    case 'InvalidPart':
    case 'InvalidPartOrder':
    case 'EntityTooSmall':
      return 'partsMismatch';
    default:
      return undefined;
  }
}

/** S3's answer for a key that is not there: 404, or 403 to functions that may not list the bucket (ours). */
function isMissing(error: unknown): boolean {
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  return ['NotFound', 'NoSuchKey'].includes((error as Error).name) || status === 404 || status === 403;
}

export function makeFileStorage({ client, bucketName: Bucket, presign, now = Date.now }: FileStorageContext): FileStore {
  let window = { start: 0, links: new Map<string, Promise<string>>() };

  /** The window's link for this file and way of serving it, signed on first use (a failed signing is not kept). */
  function windowLink(key: string, fileName: string, contentType: string): Promise<string> {
    const start = Math.floor(now() / (LINK_WINDOW_SECONDS * 1000)) * LINK_WINDOW_SECONDS * 1000;
    if (start !== window.start) window = { start, links: new Map() };
    const { links } = window;
    const id = `${key}\n${fileName}\n${contentType}`;
    let link = links.get(id);
    if (!link) {
      const display = {
        ResponseContentDisposition: `attachment; filename*=UTF-8''${encodeURIComponent(fileName)}`,
        ...(contentType === 'PDF' ? { ResponseContentType: 'application/pdf' } : {}),
      };
      link = presign(client, new GetObjectCommand({ Bucket, Key: key, ...display }), {
        expiresIn: DOWNLOAD_URL_TTL_SECONDS + LINK_WINDOW_SECONDS,
        signingDate: new Date(start),
      });
      links.set(id, link);
      link.catch(() => links.delete(id));
    }
    return link;
  }

  return {
    /**
     * The stored file's type and size, or undefined when there is none (see isMissing; the API stack grants GetObject
     * on every key this is asked).
     */
    async describeFile(key) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return { mediaType: head.ContentType, size: head.ContentLength ?? 0 };
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },

    async readFileStart(key, bytes) {
      try {
        const { Body } = await client.send(new GetObjectCommand({ Bucket, Key: key, Range: `bytes=0-${bytes - 1}` }));
        return Body ? await Body.transformToByteArray() : new Uint8Array();
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },

    /**
     * A short-lived link to read a file. The reader fetches the file itself and draws it in the app; opened as a page
     * the link always downloads (Download original), so an uploaded HTML or SVG file can never run as a page. PDFs
     * are served as PDF whatever the uploader said.
     */
    downloadUrl: windowLink,

    // The presigner leaves Content-Type unsigned and Content-Length out unless told: signed, S3 refuses a PUT of
    // any other size or type (403 SignatureDoesNotMatch). `If-None-Match: *` signed too makes the URL write once: S3
    // refuses it (412) once an object is there, so a reused URL cannot replace the uploaded file.
    singleUploadUrl(key, mediaType, size) {
      return presign(
        client,
        new PutObjectCommand({ Bucket, Key: key, ContentType: mediaType, ContentLength: size, IfNoneMatch: '*' }),
        {
          expiresIn: UPLOAD_LIMITS.uploadUrlTtlSeconds,
          signableHeaders: new Set(['content-type', 'content-length', 'if-none-match']),
        },
      );
    },

    async startMultipartUpload(key, mediaType) {
      const { UploadId } = await client.send(new CreateMultipartUploadCommand({ Bucket, Key: key, ContentType: mediaType }));
      if (!UploadId) throw new Error('S3 returned no UploadId');
      return UploadId;
    },

    partUploadUrl(key, uploadId, partNumber, size) {
      return presign(
        client,
        new UploadPartCommand({ Bucket, Key: key, UploadId: uploadId, PartNumber: partNumber, ContentLength: size }),
        { expiresIn: UPLOAD_LIMITS.uploadUrlTtlSeconds, signableHeaders: new Set(['content-length']) },
      );
    },

    async completeMultipartUpload(key, uploadId, parts) {
      try {
        await client.send(
          new CompleteMultipartUploadCommand({
            Bucket,
            Key: key,
            UploadId: uploadId,
            // Never over an object already there: a completed upload's key is written once.
            IfNoneMatch: '*',
            MultipartUpload: {
              Parts: [...parts]
                .sort((a, b) => a.partNumber - b.partNumber)
                .map((part) => ({ PartNumber: part.partNumber, ETag: part.etag })),
            },
          }),
        );
        return 'done';
      } catch (error) {
        const refusal = multipartRefusal(error);
        if (refusal) return refusal;
        throw error;
      }
    },

    async abortMultipartUpload(key, uploadId) {
      try {
        await client.send(new AbortMultipartUploadCommand({ Bucket, Key: key, UploadId: uploadId }));
        return 'done';
      } catch (error) {
        if (multipartRefusal(error) === 'noSuchUpload') return 'noSuchUpload';
        throw error;
      }
    },

    /** A copy inside the bucket (S3 copies up to 5 GB in one request, the largest file an upload takes). */
    async copyFile(fromKey, toKey) {
      try {
        const source = `${Bucket}/${fromKey.split('/').map(encodeURIComponent).join('/')}`;
        await client.send(new CopyObjectCommand({ Bucket, Key: toKey, CopySource: source }));
        return true;
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },

    async deleteFiles(keys) {
      if (keys.length === 0) return;
      await client.send(
        new DeleteObjectsCommand({ Bucket, Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true } }),
      );
    },

    /** A page of up to 1,000 keys at a time, each deleted in one request, until the folder lists empty. */
    async deleteFolder(prefix) {
      let deleted = 0;
      for (;;) {
        const { Contents = [] } = await client.send(new ListObjectsV2Command({ Bucket, Prefix: prefix }));
        const keys = Contents.flatMap(({ Key }) => (Key ? [Key] : []));
        if (keys.length === 0) return deleted;
        await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true } }));
        deleted += keys.length;
      }
    },
  };
}
