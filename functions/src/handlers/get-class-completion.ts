import { buildProgressService } from '../composition/progress';
import type { ProgressService } from '../domain/progress';
import { apiHandler, ok, pathId } from '../platform/http';

export const makeHandler = (progress: ProgressService) =>
  apiHandler('getClassCompletion', async (request, caller) =>
    ok(await progress.classCompletion(caller, pathId(request, 'classId'))),
  );

export const handler = makeHandler(buildProgressService());
