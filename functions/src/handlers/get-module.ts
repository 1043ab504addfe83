import { moduleReadQuerySchema } from '@shared/schemas';
import { buildModuleService } from '../composition/modules';
import { apiHandler, ok, pathId, validate } from '../platform/http';

const modules = buildModuleService();

export const handler = apiHandler('getModule', async (request, caller) => {
  const moduleId = pathId(request, 'id');
  const { classId } = validate(moduleReadQuerySchema, request.query);
  return ok(await modules.get(caller, moduleId, classId));
});
