import { updateModuleSchema } from '@shared/contract/modules';
import { buildModuleService } from '../../composition/modules';
import { fileStore } from '../../composition/file-store';
import { noFileLinks } from '../../composition/file-links';
import type { ModuleService } from '../modules';
import { apiHandler } from '../../composition/api-handler';
import { ok, pathId, validate } from '../../platform/http';

export const makeHandler = (modules: ModuleService) =>
  apiHandler('updateModule', async (request, caller) => {
    const moduleId = pathId(request, 'id');
    return ok(await modules.update(caller, moduleId, validate(updateModuleSchema, request.body)));
  });

export const handler = makeHandler(buildModuleService(fileStore(), noFileLinks));
