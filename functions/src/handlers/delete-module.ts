import { makeModuleService } from '../domain/modules';
import { moduleStore, classStore, progressStore, fileReferenceStore } from '../platform/table-stores';
import { fileStore } from '../platform/file-store';
import { apiHandler, noContent, pathId } from '../platform/http';
import { domainLog } from '../platform/logger';
import { randomIds, systemClock } from '../platform/system';

const modules = makeModuleService({
  modules: moduleStore(),
  classes: classStore(),
  progress: progressStore(),
  files: fileStore(),
  fileReferences: fileReferenceStore(),
  clock: systemClock,
  ids: randomIds,
  log: domainLog,
});

export const handler = apiHandler('deleteModule', async (request, caller) => {
  await modules.delete(caller, pathId(request, 'id'));
  return noContent();
});
