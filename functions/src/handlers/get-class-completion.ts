import { buildProgressService } from '../composition/progress';
import { apiHandler, ok, pathId } from '../platform/http';

const progress = buildProgressService();

export const handler = apiHandler('getClassCompletion', async (request, caller) =>
  ok(await progress.classCompletion(caller, pathId(request, 'classId'))),
);
