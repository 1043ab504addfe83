import { buildProgressService } from '../../composition/progress';
import type { ProgressService } from '../../progress/progress';
import { adminHandler } from '../../composition/api-handler';
import { ok, pathId, type SecondFactorCheck } from '../../platform/http';
import { secondFactorCheck } from '../../platform/second-factor';

export const makeHandler = (progress: ProgressService, secondFactor: SecondFactorCheck) =>
  adminHandler('getModuleReport', secondFactor, async (request, caller) =>
    ok(await progress.moduleReport(caller, pathId(request, 'classId'), pathId(request, 'moduleId'))),
  );

export const handler = makeHandler(buildProgressService(), secondFactorCheck());
