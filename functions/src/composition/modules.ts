// Builds the module use cases over the table, the bucket, the clock, ids and log; each module handler calls it once,
// at cold start.
import { makeModuleService } from '../modules/modules';
import { fileLinks, fileStore, noFileStore } from './file-store';
import { domainLog } from '../platform/logger';
import { randomIds, systemClock } from './system';
import { checkStore, classStore, fileReferenceStore, moduleStore, pathOverrideStore, progressStore } from './table-stores';

export function buildModuleService() {
  return makeModuleService({
    modules: moduleStore(),
    classes: classStore(),
    progress: progressStore(),
    overrides: pathOverrideStore(),
    checks: checkStore(),
    files: process.env.BUCKET_NAME === undefined ? noFileStore : fileStore(),
    links: fileLinks(),
    fileReferences: fileReferenceStore(),
    clock: systemClock,
    ids: randomIds,
    log: domainLog,
  });
}
