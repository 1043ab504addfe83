// Wires the module use cases to their adapters; each module handler calls it once, at cold start.
import { makeModuleService } from '../domain/modules';
import { fileStore } from '../platform/file-store';
import { domainLog } from '../platform/logger';
import { randomIds, systemClock } from '../platform/system';
import { attemptStore, checkStore, classStore, fileReferenceStore, moduleStore, progressStore } from '../platform/table-stores';

export function buildModuleService() {
  return makeModuleService({
    modules: moduleStore(),
    classes: classStore(),
    progress: progressStore(),
    checks: checkStore(),
    attempts: attemptStore(),
    files: fileStore(),
    fileReferences: fileReferenceStore(),
    clock: systemClock,
    ids: randomIds,
    log: domainLog,
  });
}
