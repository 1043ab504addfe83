import { buildReportService } from '../../composition/reports';
import type { ReportService } from '../reports';
import { adminHandler } from '../../composition/api-handler';
import { ok, pathId, type SecondFactorCheck } from '../../platform/http';
import { secondFactorCheck } from '../../platform/second-factor';

export const makeHandler = (reports: ReportService, secondFactor: SecondFactorCheck) =>
  adminHandler('getStudentReading', secondFactor, async (request, caller) =>
    ok(await reports.readingOfStudent(caller, pathId(request, 'classId'), pathId(request, 'studentId'))),
  );

export const handler = makeHandler(buildReportService(), secondFactorCheck());
