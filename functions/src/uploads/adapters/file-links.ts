// Links that read stored files through the app's own origin: CloudFront signed URLs (a custom policy, RSA-SHA1 as
// CloudFront checks them) for the files behaviour (`/protected/*`), which fetches from the bucket through origin
// access control. Locally the app server checks the same signature with the local key pair (local/file-links.ts).
// The private key is read once per container: from Secrets Manager in AWS, from a file under .local on this machine.
import { readFile } from 'node:fs/promises';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { getSignedUrl } from '@aws-sdk/cloudfront-signer';
import { DOWNLOAD_URL_TTL_SECONDS } from '@shared/constants';
import { fileLinkPath, fileLinkPolicy } from '@shared/storage';
import { traced } from '../../platform/tracing';
import type { FileLinks } from '../port';

/** The key that signs: CloudFront's id of its public key, and the private key (PEM). */
export interface FileLinkKey {
  keyPairId: string;
  privateKey: string;
}

export interface FileLinksContext {
  signingKey: () => Promise<FileLinkKey>;
  /** The time links are signed at; the system clock unless a test sets it. */
  now?: () => number;
}

/**
 * Links expire at the end of a window of this length plus DOWNLOAD_URL_TTL_SECONDS, so a link handed out has at least
 * the full TTL left, and is the same string for every reader of the file within the window: signed once per container
 * and window (a module has many sections), and a file read again can come from the browser's cache.
 */
export const LINK_WINDOW_SECONDS = 300;

/** The origin the signing library wants before the path; links are handed out without it (same-origin paths). */
const ANY_ORIGIN = 'https://app.invalid';

export function makeFileLinks({ signingKey, now = Date.now }: FileLinksContext): FileLinks {
  let window = { start: 0, links: new Map<string, Promise<string>>() };

  async function sign(path: string, expiresAt: number): Promise<string> {
    const { keyPairId, privateKey } = await signingKey();
    const signed = getSignedUrl({ url: `${ANY_ORIGIN}${path}`, policy: fileLinkPolicy(path, expiresAt), keyPairId, privateKey });
    return signed.slice(ANY_ORIGIN.length);
  }

  return {
    /**
     * Opened as a page the link always downloads (Download original), so an uploaded HTML or SVG file can never run as
     * a page; `mediaType` names the type it is served as (PDFs as PDF whatever the uploader said).
     */
    link(key, fileName, mediaType) {
      const windowSeconds = Math.floor(now() / 1000 / LINK_WINDOW_SECONDS) * LINK_WINDOW_SECONDS;
      if (windowSeconds !== window.start) window = { start: windowSeconds, links: new Map() };
      const { links } = window;
      const path = fileLinkPath(key, fileName, mediaType);
      let link = links.get(path);
      if (!link) {
        link = sign(path, windowSeconds + LINK_WINDOW_SECONDS + DOWNLOAD_URL_TTL_SECONDS);
        links.set(path, link);
        // A failed signing (the secret unreadable) is tried again by the next reader.
        link.catch(() => links.delete(path));
      }
      return link;
    },
  };
}

/** Reads the signing key once; a failed read is tried again on the next call. */
function once(read: () => Promise<FileLinkKey>): () => Promise<FileLinkKey> {
  let loaded: Promise<FileLinkKey> | undefined;
  return () => {
    loaded ??= read().catch((error: unknown) => {
      loaded = undefined;
      throw error;
    });
    return loaded;
  };
}

/** The local key pair's file (local/file-links.ts writes it at the first start): `{ keyPairId, privateKey, publicKey }`. */
export const fileSigningKey = (file: string) =>
  once(async () => {
    const { keyPairId, privateKey } = JSON.parse(await readFile(file, 'utf8')) as FileLinkKey;
    return { keyPairId, privateKey };
  });

let secrets: SecretsManagerClient | undefined;

/**
 * The stage's key secret holds one private key per generation (`{ "<generation>": "<PEM>" }`, written by its
 * generator at deploy time); the deployed generation's key signs, under the id CloudFront gave its public key.
 */
export const secretSigningKey = (secretId: string, generation: string, keyPairId: string) =>
  once(async () => {
    secrets ??= traced(new SecretsManagerClient({}));
    const { SecretString } = await secrets.send(new GetSecretValueCommand({ SecretId: secretId }));
    const privateKey = (JSON.parse(SecretString ?? '{}') as Record<string, unknown>)[generation];
    if (typeof privateKey !== 'string') throw new Error(`The secret ${secretId} holds no key of generation ${generation}`);
    return { keyPairId, privateKey };
  });
