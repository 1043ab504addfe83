import { buildCheckService } from '../../composition/checks';
import type { CheckService } from '../checks';
import { adminHandler } from '../../composition/api-handler';
import { ok, pathId, type SecondFactorCheck } from '../../platform/http';
import { secondFactorCheck } from '../../platform/second-factor';

export const makeHandler = (checks: CheckService, secondFactor: SecondFactorCheck) =>
  adminHandler('getCheckAnalysis', secondFactor, async (request, caller) =>
    ok(await checks.analysis(caller, pathId(request, 'classId'), pathId(request, 'moduleId'), pathId(request, 'sectionId'))),
  );

export const handler = makeHandler(buildCheckService(), secondFactorCheck());
