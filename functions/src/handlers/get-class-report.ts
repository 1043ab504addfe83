import { pageQuerySchema } from '@shared/paging';
import { makeProgressService } from '../domain/progress';
import { moduleStore, classStore, progressStore } from '../platform/table-stores';
import { adminHandler } from '../platform/admin-handler';
import { ok, pathId, validate } from '../platform/http';
import { systemClock } from '../platform/system';

const progress = makeProgressService({ classes: classStore(), modules: moduleStore(), progress: progressStore(), clock: systemClock });

// Without a query string, the spec's array of rows (classes that fit); with `limit` and/or `cursor`, one page.
export const handler = adminHandler('getClassReport', async (request, caller) => {
  const classId = pathId(request, 'classId');
  if (Object.keys(request.query).length === 0) return ok(await progress.classReport(caller, classId));
  const { limit, cursor } = validate(pageQuerySchema, request.query);
  return ok(await progress.classReportPage(caller, classId, { limit, after: cursor }));
});
