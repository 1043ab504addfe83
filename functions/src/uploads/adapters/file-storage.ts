// Data-access layer for uploaded files: the only place that talks to S3. Browsers never get bucket credentials,
// only short-lived presigned URLs to upload one object (they read files through file-links.ts). The client, bucket
// and signer are given by whoever builds it.
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
import { UPLOAD_LIMITS } from '@shared/constants';
import type { FileStore, MultipartOutcome } from '../port';

export interface FileStorageContext {
  client: S3Client;
  bucketName: string;
  /** `getSignedUrl` of `@aws-sdk/s3-request-presigner`; given, so tests can sign predictably. */
  presign: typeof getSignedUrl;
}

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

export function makeFileStorage({ client, bucketName: Bucket, presign }: FileStorageContext): FileStore {
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
