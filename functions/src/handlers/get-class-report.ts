import { pageQuerySchema } from '../../../shared/paging';
import { makeProgressService } from '../domain/progress';
import { tableStores } from '../platform/table-stores';
import { apiHandler, ok, pathId, validate } from '../platform/http';
import { systemClock } from '../platform/system';

const progress = makeProgressService({ ...tableStores(), clock: systemClock });

// Without paging parameters, the spec's array of rows (classes that fit); with `limit` or `cursor`, one page.
export const handler = apiHandler('getClassReport', async (request, caller) => {
  const classId = pathId(request, 'classId');
  const { limit, cursor } = request.query;
  if (limit === undefined && cursor === undefined) return ok(await progress.classReport(caller, classId));
  const page = validate(pageQuerySchema, { limit, cursor });
  return ok(await progress.classReportPage(caller, classId, { limit: page.limit, after: page.cursor }));
});
