import { updateModuleSchema } from '@shared/schemas';
import { makeModuleService } from '../domain/modules';
import { moduleStore, classStore, progressStore, fileReferenceStore } from '../platform/table-stores';
import { fileStore } from '../platform/file-store';
import { apiHandler, ok, pathId, validate } from '../platform/http';
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

export const handler = apiHandler('updateModule', async (request, caller) => {
  const moduleId = pathId(request, 'id');
  return ok(await modules.update(caller, moduleId, validate(updateModuleSchema, request.body)));
});
