import { updateModuleSchema } from '@shared/schemas';
import { buildModuleService } from '../composition/modules';
import { apiHandler, ok, pathId, validate } from '../platform/http';

const modules = buildModuleService();

export const handler = apiHandler('updateModule', async (request, caller) => {
  const moduleId = pathId(request, 'id');
  return ok(await modules.update(caller, moduleId, validate(updateModuleSchema, request.body)));
});
