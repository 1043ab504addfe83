import { buildProgressService } from '../composition/progress';
import { apiHandler, ok, pathId } from '../platform/http';

const progress = buildProgressService();

export const handler = apiHandler('getModuleReport', async (request, caller) =>
  ok(await progress.moduleReport(caller, pathId(request, 'classId'), pathId(request, 'moduleId'))),
);
