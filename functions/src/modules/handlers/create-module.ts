import { BUSINESS_METRICS } from '@shared/metrics';
import { createModuleSchema } from '@shared/contract/modules';
import { buildModuleService } from '../../composition/modules';
import { fileStore } from '../../composition/file-store';
import { noFileLinks } from '../../composition/file-links';
import type { ModuleService } from '../modules';
import { apiHandler } from '../../composition/api-handler';
import { created, ok, validate } from '../../platform/http';

// 201 for a new module, 200 when the client's `_id` names the module an earlier submit of the same draft created.
export const makeHandler = (modules: ModuleService) =>
  apiHandler(
    'createModule',
    async (request, caller) => {
      const result = await modules.create(caller, validate(createModuleSchema, request.body));
      return result.created ? created(result.module) : ok(result.module);
    },
    { counts: (response) => (response.statusCode === 201 ? BUSINESS_METRICS.moduleCreated : undefined) },
  );

export const handler = makeHandler(buildModuleService(fileStore(), noFileLinks));
