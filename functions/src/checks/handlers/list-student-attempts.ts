import { buildCheckService } from '../../composition/checks';
import type { CheckService } from '../checks';
import { adminHandler } from '../../composition/api-handler';
import { ok, pathId, type SecondFactorCheck } from '../../platform/http';
import { secondFactorCheck } from '../../platform/second-factor';

export const makeHandler = (checks: CheckService, secondFactor: SecondFactorCheck) =>
  adminHandler('listStudentAttempts', secondFactor, async (request, caller) =>
    ok(await checks.history(caller, pathId(request, 'classId'), pathId(request, 'studentId'))),
  );

export const handler = makeHandler(buildCheckService(), secondFactorCheck());
