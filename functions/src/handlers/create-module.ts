import { BUSINESS_METRICS } from '@shared/metrics';
import { createModuleSchema } from '@shared/schemas';
import { makeModuleService } from '../domain/modules';
import { moduleStore, classStore, progressStore, fileReferenceStore } from '../platform/table-stores';
import { fileStore } from '../platform/file-store';
import { apiHandler, created, ok, validate } from '../platform/http';
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

// 201 for a new module, 200 when the client's `_id` names the module an earlier submit of the same draft created.
export const handler = apiHandler(
  'createModule',
  async (request, caller) => {
    const result = await modules.create(caller, validate(createModuleSchema, request.body));
    return result.created ? created(result.module) : ok(result.module);
  },
  { counts: (response) => (response.statusCode === 201 ? BUSINESS_METRICS.moduleCreated : undefined) },
);
