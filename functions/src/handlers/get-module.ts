import { moduleReadQuerySchema } from '@shared/schemas';
import { makeModuleService } from '../domain/modules';
import { tableStores } from '../platform/table-stores';
import { fileStore } from '../platform/file-store';
import { apiHandler, ok, pathId, validate } from '../platform/http';
import { logger } from '../platform/logger';
import { randomIds, systemClock } from '../platform/system';

const modules = makeModuleService({ ...tableStores(), files: fileStore(), clock: systemClock, ids: randomIds, log: logger });

export const handler = apiHandler('getModule', async (request, caller) => {
  const moduleId = pathId(request, 'id');
  const { classId } = validate(moduleReadQuerySchema, request.query);
  return ok(await modules.get(caller, moduleId, classId));
});
