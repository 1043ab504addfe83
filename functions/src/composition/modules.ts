// Builds the module use cases over the table, the bucket, the clock, ids and log; each module handler calls it once,
// at cold start.
import { makeModuleService } from '../modules/modules';
import type { FileLinks, FileStore } from '../uploads/port';
import { domainLog } from '../platform/logger';
import { randomIds, systemClock } from './system';
import { checkStore, classStore, fileReferenceStore, moduleStore, pathOverrideStore, progressStore } from './table-stores';

/**
 * `files`: the bucket's adapter (composition/file-store.ts) for the routes that read, check or delete files; `links`
 * (composition/file-links.ts) for the module read, which signs and reads no file: it passes `noFileStore` and is
 * bundled and deployed without S3, the others pass `noFileLinks` and are deployed without the key.
 */
export function buildModuleService(files: FileStore, links: FileLinks) {
  return makeModuleService({
    modules: moduleStore(),
    classes: classStore(),
    progress: progressStore(),
    overrides: pathOverrideStore(),
    checks: checkStore(),
    files,
    links,
    fileReferences: fileReferenceStore(),
    clock: systemClock,
    ids: randomIds,
    log: domainLog,
  });
}

/** For a function deployed without the bucket (a module's reading route only signs links): a use of it is a bug. */
export const noFileStore = new Proxy({} as FileStore, {
  get: () => () => Promise.reject(new Error('This function is not deployed with the bucket (its route has bucket: none); BUCKET_NAME is not set.')),
});
