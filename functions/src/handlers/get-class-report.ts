import { pageQuerySchema } from '@shared/paging';
import { buildProgressService } from '../composition/progress';
import { apiHandler, ok, pathId, validate } from '../platform/http';

const progress = buildProgressService();

// Without a query string, the spec's array of rows (classes that fit); with `limit` and/or `cursor`, one page.
export const handler = apiHandler('getClassReport', async (request, caller) => {
  const classId = pathId(request, 'classId');
  if (Object.keys(request.query).length === 0) return ok(await progress.classReport(caller, classId));
  const { limit, cursor } = validate(pageQuerySchema, request.query);
  return ok(await progress.classReportPage(caller, classId, { limit, after: cursor }));
});
