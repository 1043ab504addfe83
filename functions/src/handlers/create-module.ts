import { BUSINESS_METRICS } from '../../../shared/metrics';
import { createModuleSchema } from '../../../shared/schemas';
import { makeModuleService } from '../domain/modules';
import { tableStores } from '../platform/table-stores';
import { fileStore } from '../platform/file-store';
import { apiHandler, created, validate } from '../platform/http';
import { logger } from '../platform/logger';
import { randomIds, systemClock } from '../platform/system';

const modules = makeModuleService({ ...tableStores(), files: fileStore(), clock: systemClock, ids: randomIds, log: logger });

export const handler = apiHandler(
  'createModule',
  async (request, caller) => created(await modules.create(caller, validate(createModuleSchema, request.body))),
  { counts: BUSINESS_METRICS.moduleCreated },
);
