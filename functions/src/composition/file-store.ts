// The file storage adapter over the bucket named by BUCKET_NAME; only routes that touch files import this file.
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { FileStore } from '../uploads/port';
import { makeFileStorage } from '../uploads/adapters/file-storage';
import { requiredEnv } from '../platform/env';
import { makeS3Client } from '../platform/s3-client';

export function fileStore(): FileStore {
  return makeFileStorage({ client: makeS3Client(), bucketName: requiredEnv('BUCKET_NAME'), presign: getSignedUrl });
}
