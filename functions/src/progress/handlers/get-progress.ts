import { buildProgressService } from '../../composition/progress';
import type { ProgressService } from '../progress';
import { apiHandler } from '../../composition/api-handler';
import { ok, pathId } from '../../platform/http';

export const makeHandler = (progress: ProgressService) =>
  apiHandler('getProgress', async (request, caller) => {
    const key = {
      studentId: pathId(request, 'studentId'),
      moduleId: pathId(request, 'moduleId'),
      classId: pathId(request, 'classId'),
    };
    return ok(await progress.get(caller, key));
  });

export const handler = makeHandler(buildProgressService());
