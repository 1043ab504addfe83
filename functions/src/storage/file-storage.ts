// Data-access layer for uploaded files: the only place that talks to S3. Browsers never get bucket credentials,
// only short-lived presigned URLs for one object.
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { DOWNLOAD_URL_TTL_SECONDS, UPLOAD_LIMITS } from '../../../shared/constants';
import type { ContentType } from '../../../shared/entities';
import { s3Client } from '../platform/s3-client';
import { requiredEnv } from '../platform/env';

const Bucket = requiredEnv('BUCKET_NAME');

export interface StoredFile {
  mediaType: string | undefined;
  size: number;
}

/** The stored file's metadata, or undefined when no such file exists. */
export async function describeFile(key: string): Promise<StoredFile | undefined> {
  try {
    const head = await s3Client.send(new HeadObjectCommand({ Bucket, Key: key }));
    return { mediaType: head.ContentType, size: head.ContentLength ?? 0 };
  } catch (error) {
    const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
    if ((error as Error).name === 'NotFound' || status === 404) return undefined;
    throw error;
  }
}

/**
 * A short-lived link to read a file. The reader fetches the file itself and draws it in the app; opened as a page the
 * link always downloads (Download original), so an uploaded HTML or SVG file can never run as a page. PDFs are
 * served as PDF whatever the uploader said.
 */
export function downloadUrl(key: string, fileName: string, contentType: ContentType): Promise<string> {
  const display = {
    ResponseContentDisposition: `attachment; filename*=UTF-8''${encodeURIComponent(fileName)}`,
    ...(contentType === 'PDF' ? { ResponseContentType: 'application/pdf' } : {}),
  };
  return getSignedUrl(s3Client, new GetObjectCommand({ Bucket, Key: key, ...display }), {
    expiresIn: DOWNLOAD_URL_TTL_SECONDS,
  });
}

export function singleUploadUrl(key: string, mediaType: string): Promise<string> {
  return getSignedUrl(s3Client, new PutObjectCommand({ Bucket, Key: key, ContentType: mediaType }), {
    expiresIn: UPLOAD_LIMITS.uploadUrlTtlSeconds,
  });
}

export async function startMultipartUpload(key: string, mediaType: string): Promise<string> {
  const { UploadId } = await s3Client.send(new CreateMultipartUploadCommand({ Bucket, Key: key, ContentType: mediaType }));
  if (!UploadId) throw new Error('S3 returned no UploadId');
  return UploadId;
}

export function partUploadUrl(key: string, uploadId: string, partNumber: number): Promise<string> {
  return getSignedUrl(s3Client, new UploadPartCommand({ Bucket, Key: key, UploadId: uploadId, PartNumber: partNumber }), {
    expiresIn: UPLOAD_LIMITS.uploadUrlTtlSeconds,
  });
}

export async function completeMultipartUpload(
  key: string,
  uploadId: string,
  parts: { partNumber: number; etag: string }[],
): Promise<void> {
  await s3Client.send(
    new CompleteMultipartUploadCommand({
      Bucket,
      Key: key,
      UploadId: uploadId,
      MultipartUpload: {
        Parts: [...parts].sort((a, b) => a.partNumber - b.partNumber).map((part) => ({
          PartNumber: part.partNumber,
          ETag: part.etag,
        })),
      },
    }),
  );
}

export async function abortMultipartUpload(key: string, uploadId: string): Promise<void> {
  await s3Client.send(new AbortMultipartUploadCommand({ Bucket, Key: key, UploadId: uploadId }));
}

export async function deleteFiles(keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  await s3Client.send(
    new DeleteObjectsCommand({ Bucket, Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true } }),
  );
}
