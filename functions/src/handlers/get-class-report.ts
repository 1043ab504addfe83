import { pageQuerySchema } from '@shared/contract/blocks';
import { buildProgressService } from '../composition/progress';
import type { ProgressService } from '../domain/progress';
import { adminHandler } from '../platform/admin-handler';
import { ok, pathId, validate, type SecondFactorCheck } from '../platform/http';
import { secondFactorCheck } from '../platform/second-factor';

// Without a query string, the spec's array of rows (classes that fit); with `limit` and/or `cursor`, one page.
export const makeHandler = (progress: ProgressService, secondFactor: SecondFactorCheck) =>
  adminHandler('getClassReport', secondFactor, async (request, caller) => {
    const classId = pathId(request, 'classId');
    if (Object.keys(request.query).length === 0) return ok(await progress.classReport(caller, classId));
    const { limit, cursor } = validate(pageQuerySchema, request.query);
    return ok(await progress.classReportPage(caller, classId, { limit, after: cursor }));
  });

export const handler = makeHandler(buildProgressService(), secondFactorCheck());
