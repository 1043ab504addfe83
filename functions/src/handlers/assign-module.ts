import { routes } from '../../../shared/routes';
import { assignModuleSchema } from '../../../shared/schemas';
import { assignModule } from '../domain/classes';
import { apiHandler, ok, pathId, validate } from '../platform/http';

export const handler = apiHandler(routes.assignModule, async (request, caller) => {
  const classId = pathId(request, 'classId');
  const { moduleId } = validate(assignModuleSchema, request.body);
  return ok(await assignModule(caller, classId, moduleId));
});
