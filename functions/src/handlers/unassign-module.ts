import { routes } from '../../../shared/routes';
import { unassignModule } from '../domain/classes';
import { apiHandler, ok, pathId } from '../platform/http';

export const handler = apiHandler(routes.unassignModule, async (request, caller) =>
  ok(await unassignModule(caller, pathId(request, 'classId'), pathId(request, 'moduleId'))),
);
