import { routes } from '../../../shared/routes';
import { getModule } from '../domain/modules';
import { apiHandler, ok, pathId } from '../platform/http';

export const handler = apiHandler(routes.getModule, async (request, caller) =>
  ok(await getModule(caller, pathId(request, 'id'))),
);
