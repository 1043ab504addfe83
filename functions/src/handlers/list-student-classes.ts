import { routes } from '../../../shared/routes';
import { listStudentClasses } from '../domain/classes';
import { apiHandler, ok, pathId } from '../platform/http';

export const handler = apiHandler(routes.listStudentClasses, async (request, caller) =>
  ok(await listStudentClasses(caller, pathId(request, 'userId'))),
);
