// The file storage adapter over the bucket named by BUCKET_NAME, and the links that read its files; only routes that
// touch files import this file.
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { FileLinks, FileStore } from '../uploads/port';
import { fileSigningKey, makeFileLinks, secretSigningKey } from '../uploads/adapters/file-links';
import { makeFileStorage } from '../uploads/adapters/file-storage';
import { requiredEnv } from '../platform/env';
import { makeS3Client } from '../platform/s3-client';

export function fileStore(): FileStore {
  return makeFileStorage({ client: makeS3Client(), bucketName: requiredEnv('BUCKET_NAME'), presign: getSignedUrl });
}

/**
 * Signed with the stage's key (FILE_LINK_KEYS_SECRET_ID, the generation and its CloudFront key id, as the Api stack
 * sets them), or on this machine with the local key pair's file (FILE_LINK_KEYS_FILE). Read at the first link.
 */
export function fileLinks(): FileLinks {
  const secretId = process.env.FILE_LINK_KEYS_SECRET_ID;
  if (secretId) {
    return makeFileLinks({ signingKey: secretSigningKey(secretId, requiredEnv('FILE_LINK_KEY_GENERATION'), requiredEnv('FILE_LINK_KEY_ID')) });
  }
  const file = process.env.FILE_LINK_KEYS_FILE;
  if (!file) throw new Error('Environment variable FILE_LINK_KEYS_SECRET_ID is not set (nor FILE_LINK_KEYS_FILE, its stand-in on this machine)');
  return makeFileLinks({ signingKey: fileSigningKey(file) });
}
