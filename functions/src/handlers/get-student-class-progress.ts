import { buildProgressService } from '../composition/progress';
import { apiHandler, ok, pathId } from '../platform/http';

const progress = buildProgressService();

export const handler = apiHandler('getStudentClassProgress', async (request, caller) =>
  ok(await progress.studentClassProgress(caller, pathId(request, 'classId'), pathId(request, 'studentId'))),
);
