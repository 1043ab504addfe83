import { routes } from '../../../shared/routes';
import { listTeacherClasses } from '../domain/classes';
import { apiHandler, ok, pathId } from '../platform/http';

export const handler = apiHandler(routes.listTeacherClasses, async (request, caller) =>
  ok(await listTeacherClasses(caller, pathId(request, 'teacherId'))),
);
