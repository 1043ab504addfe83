import { routes } from '../../../shared/routes';
import { getStudentClassProgress } from '../domain/progress';
import { apiHandler, ok, pathId } from '../platform/http';

export const handler = apiHandler(routes.getStudentClassProgress, async (request, caller) =>
  ok(await getStudentClassProgress(caller, pathId(request, 'classId'), pathId(request, 'studentId'))),
);
