import { routes } from '../../../shared/routes';
import { createModuleSchema } from '../../../shared/schemas';
import { createModule } from '../domain/modules';
import { apiHandler, created, validate } from '../platform/http';

export const handler = apiHandler(routes.createModule, async (request, caller) =>
  created(await createModule(caller, validate(createModuleSchema, request.body))),
);
