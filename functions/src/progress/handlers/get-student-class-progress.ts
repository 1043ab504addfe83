import { buildProgressService } from '../../composition/progress';
import type { ProgressService } from '../progress';
import { apiHandler } from '../../composition/api-handler';
import { ok, pathId } from '../../platform/http';

export const makeHandler = (progress: ProgressService) =>
  apiHandler('getStudentClassProgress', async (request, caller) =>
    ok(await progress.studentClassProgress(caller, pathId(request, 'classId'), pathId(request, 'studentId'))),
  );

export const handler = makeHandler(buildProgressService());
