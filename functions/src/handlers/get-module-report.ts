import { buildProgressService } from '../composition/progress';
import type { ProgressService } from '../domain/progress';
import { apiHandler, ok, pathId } from '../platform/http';

export const makeHandler = (progress: ProgressService) =>
  apiHandler('getModuleReport', async (request, caller) =>
    ok(await progress.moduleReport(caller, pathId(request, 'classId'), pathId(request, 'moduleId'))),
  );

export const handler = makeHandler(buildProgressService());
