// A teacher's library terms: the stored terms of all their files gathered in one gzip-compressed object in their
// folder (shared/storage.ts `searchTerms`), so a library's first search reads one object instead of a text item per
// file. Kept up to date as each file's text is stored or the file deleted: read, change, write back only if nobody
// wrote it meanwhile (If-Match on its ETag; If-None-Match for the first), else read again, so two changes at once both
// land.
import { gunzipSync, gzipSync } from 'node:zlib';
import { GetObjectCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { searchTermsKey } from '@shared/storage';
import { dropFiles, gatherTerms, noGatheredTerms, type GatheredTerms } from '../gathered-terms';
import type { LibraryTermsStore } from '../port';
import { backoff } from '../../table/table';

/** Writes that lost the race to another writer; past this many the event is retried later. */
const MAX_ATTEMPTS = 8;

/** Without ListBucket (no function has it) S3 answers a missing key with 403. */
const isMissing = (error: unknown) => ['NoSuchKey', 'NotFound', 'AccessDenied', 'Forbidden'].includes((error as Error).name);
/** Another writer changed the object since it was read (412), or is writing it now (409). */
const lostRace = (error: unknown) => ['PreconditionFailed', 'ConditionalRequestConflict'].includes((error as Error).name);

export function makeLibraryTermsStore({ client, bucketName: Bucket }: { client: S3Client; bucketName: string }): LibraryTermsStore {
  async function readGathered(ownerId: string): Promise<{ gathered: GatheredTerms; etag?: string }> {
    try {
      const object = await client.send(new GetObjectCommand({ Bucket, Key: searchTermsKey(ownerId) }));
      const bytes = object.Body ? await object.Body.transformToByteArray() : new Uint8Array(0);
      return { gathered: bytes.length > 0 ? (JSON.parse(gunzipSync(bytes).toString('utf8')) as GatheredTerms) : noGatheredTerms(), etag: object.ETag };
    } catch (error) {
      if (isMissing(error)) return { gathered: noGatheredTerms() };
      throw error;
    }
  }

  /** Writes back what `apply` makes of the stored terms (nothing when it answers undefined), over the version read. */
  async function change(ownerId: string, apply: (gathered: GatheredTerms) => GatheredTerms | undefined): Promise<void> {
    for (let attempt = 0; ; attempt += 1) {
      if (attempt > 0) await backoff(attempt);
      const { gathered, etag } = await readGathered(ownerId);
      const changed = apply(gathered);
      if (!changed) return;
      try {
        await client.send(
          new PutObjectCommand({
            Bucket,
            Key: searchTermsKey(ownerId),
            Body: gzipSync(JSON.stringify(changed)),
            ContentType: 'application/json',
            ContentEncoding: 'gzip',
            ...(etag ? { IfMatch: etag } : { IfNoneMatch: '*' }),
          }),
        );
        return;
      } catch (error) {
        if (!lostRace(error) || attempt + 1 >= MAX_ATTEMPTS) throw error;
      }
    }
  }

  return {
    async read(ownerId) {
      return (await readGathered(ownerId)).gathered;
    },

    add: (ownerId, files) => change(ownerId, (gathered) => gatherTerms(gathered, files)),

    // With no object stored (or the owner's folder erased) there is nothing to drop, so none is written.
    remove: (ownerId, contentUrls) => change(ownerId, (gathered) => (dropFiles(gathered, new Set(contentUrls)) ? gathered : undefined)),
  };
}
