import { makeModuleService } from '../domain/modules';
import { tableStores } from '../platform/table-stores';
import { fileStore } from '../platform/file-store';
import { apiHandler, noContent, pathId } from '../platform/http';
import { logger } from '../platform/logger';
import { randomIds, systemClock } from '../platform/system';

const modules = makeModuleService({ ...tableStores(), files: fileStore(), clock: systemClock, ids: randomIds, log: logger });

export const handler = apiHandler('deleteModule', async (request, caller) => {
  await modules.delete(caller, pathId(request, 'id'));
  return noContent();
});
