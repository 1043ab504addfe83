import { buildReportService } from '../../composition/reports';
import type { ReportService } from '../reports';
import { adminHandler } from '../../composition/api-handler';
import { ok, pathId, type SecondFactorCheck } from '../../platform/http';
import { secondFactorCheck } from '../../platform/second-factor';

export const makeHandler = (reports: ReportService, secondFactor: SecondFactorCheck) =>
  adminHandler('getModuleReport', secondFactor, async (request, caller) =>
    ok(await reports.moduleReport(caller, pathId(request, 'classId'), pathId(request, 'moduleId'))),
  );

export const handler = makeHandler(buildReportService(), secondFactorCheck());
