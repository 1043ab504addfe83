import { routes } from '../../../shared/routes';
import { getProgress } from '../domain/progress';
import { apiHandler, ok, pathId } from '../platform/http';

export const handler = apiHandler(routes.getProgress, async (request, caller) => {
  const key = {
    studentId: pathId(request, 'studentId'),
    moduleId: pathId(request, 'moduleId'),
    classId: pathId(request, 'classId'),
  };
  return ok(await getProgress(caller, key));
});
