import { routes } from '../../../shared/routes';
import { updateModuleSchema } from '../../../shared/schemas';
import { updateModule } from '../domain/modules';
import { apiHandler, ok, pathId, validate } from '../platform/http';

export const handler = apiHandler(routes.updateModule, async (request, caller) => {
  const moduleId = pathId(request, 'id');
  return ok(await updateModule(caller, moduleId, validate(updateModuleSchema, request.body)));
});
