import { buildProgressService } from '../composition/progress';
import { apiHandler, ok, pathId } from '../platform/http';

const progress = buildProgressService();

export const handler = apiHandler('getProgress', async (request, caller) => {
  const key = {
    studentId: pathId(request, 'studentId'),
    moduleId: pathId(request, 'moduleId'),
    classId: pathId(request, 'classId'),
  };
  return ok(await progress.get(caller, key));
});
