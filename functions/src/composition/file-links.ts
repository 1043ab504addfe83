// The links that read stored files (CloudFront signed URLs); the routes that hand them out import this file, which
// brings no S3 client.
import type { FileLinks } from '../uploads/port';
import { fileSigningKey, makeFileLinks, secretSigningKey } from '../uploads/adapters/file-links';
import { requiredEnv } from '../platform/env';

/**
 * Signed with the stage's key (FILE_LINK_KEYS_SECRET_ID, the generation and its CloudFront key id, as the Api stack
 * sets them for the routes that declare `fileLinks`), or on this machine with the local key pair's file
 * (FILE_LINK_KEYS_FILE). Read at the first link.
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

/** For the functions of a service that signs but whose route does not (a module's create, edit and delete): a use is a bug. */
export const noFileLinks: FileLinks = {
  link: () => Promise.reject(new Error('This function is not deployed with the file link key (its route has no fileLinks).')),
};
