import { routes } from '../../../shared/routes';
import { createModuleSchema } from '../../../shared/schemas';
import { createModule } from '../domain/modules';
import { apiHandler, created, ok, validate } from '../platform/http';

// 201 for a new module, 200 when the client's `_id` names the module an earlier submit of the same draft created.
export const handler = apiHandler(routes.createModule, async (request, caller) => {
  const result = await createModule(caller, validate(createModuleSchema, request.body));
  return result.created ? created(result.module) : ok(result.module);
});
