import { buildReportService } from '../../composition/reports';
import type { ReportService } from '../reports';
import { adminHandler } from '../../composition/api-handler';
import { ok, pathId, type SecondFactorCheck } from '../../platform/http';
import { secondFactorCheck } from '../../platform/second-factor';

export const makeHandler = (reports: ReportService, secondFactor: SecondFactorCheck) =>
  adminHandler('getClassCompletion', secondFactor, async (request, caller) =>
    ok(await reports.classCompletion(caller, pathId(request, 'classId'))),
  );

export const handler = makeHandler(buildReportService(), secondFactorCheck());
