// Builds the erase use case over the table, the bucket and the user pool; the erase handler calls it once, at cold
// start. A teacher's modules are deleted through the module use case, as their owner would, or handed over with their
// files, their users and their text.
import { makeErasureService } from '../erasure/erasure';
import { pseudonymOf } from '../erasure/adapters/pseudonym';
import { buildModuleService } from './modules';
import { fileStore } from './file-store';
import { noFileLinks } from './file-links';
import { systemClock } from './system';
import { auditLog, classStore, erasureJobStore, fileReferenceStore, moduleStore, personAccessStore, personalDataSweep, progressStore, rosterStore, sectionTextStore } from './table-stores';
import { userDirectory } from './user-directory';

export function buildErasureService() {
  const moduleService = buildModuleService(fileStore(), noFileLinks);
  return makeErasureService({
    directory: userDirectory(),
    access: personAccessStore(),
    classes: classStore(),
    rosters: rosterStore(),
    progress: progressStore(),
    modules: moduleStore(),
    deleteModule: (owner, moduleId) => moduleService.delete(owner, moduleId),
    jobs: erasureJobStore(),
    sweep: personalDataSweep(),
    files: fileStore(),
    fileReferences: fileReferenceStore(),
    texts: sectionTextStore(),
    pseudonymOf,
    audit: auditLog(),
    clock: systemClock,
  });
}
