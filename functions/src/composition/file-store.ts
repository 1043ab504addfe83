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

/** For a function deployed without the bucket (a module's reading route only signs links): a use of it is a bug. */
export const noFileStore = new Proxy({} as FileStore, {
  get: () => () => Promise.reject(new Error('This function is not deployed with the bucket (its route has bucket: none); BUCKET_NAME is not set.')),
});

/**
 * Signed with the stage's key (FILE_LINK_KEYS_SECRET_ID, the generation and its CloudFront key id, as the Api stack
 * sets them for the routes that declare `fileLinks`), or on this machine with the local key pair's file
 * (FILE_LINK_KEYS_FILE). Read at the first link. The other routes of a service that signs (a module's create and
 * edit) are deployed without the key: a link asked of them is a bug.
 */
export function fileLinks(): FileLinks {
  const secretId = process.env.FILE_LINK_KEYS_SECRET_ID;
  if (secretId) {
    return makeFileLinks({ signingKey: secretSigningKey(secretId, requiredEnv('FILE_LINK_KEY_GENERATION'), requiredEnv('FILE_LINK_KEY_ID')) });
  }
  const file = process.env.FILE_LINK_KEYS_FILE;
  if (file) return makeFileLinks({ signingKey: fileSigningKey(file) });
  return {
    link: () => Promise.reject(new Error('This function is not deployed with the file link key (its route has no fileLinks); FILE_LINK_KEYS_SECRET_ID is not set.')),
  };
}
