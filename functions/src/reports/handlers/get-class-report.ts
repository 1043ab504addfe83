import { pageQuerySchema } from '@shared/contract/blocks';
import { buildReportService } from '../../composition/reports';
import type { ReportService } from '../reports';
import { adminHandler } from '../../composition/api-handler';
import { ok, pathId, validate, type SecondFactorCheck } from '../../platform/http';
import { secondFactorCheck } from '../../platform/second-factor';

// Without a query string, the spec's array of rows (classes that fit); with `limit` and/or `cursor`, one page.
export const makeHandler = (reports: ReportService, secondFactor: SecondFactorCheck) =>
  adminHandler('getClassReport', secondFactor, async (request, caller) => {
    const classId = pathId(request, 'classId');
    if (Object.keys(request.query).length === 0) return ok(await reports.classReport(caller, classId));
    const { limit, cursor } = validate(pageQuerySchema, request.query);
    return ok(await reports.classReportPage(caller, classId, { limit, after: cursor }));
  });

export const handler = makeHandler(buildReportService(), secondFactorCheck());
