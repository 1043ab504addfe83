import { buildClassService } from '../../composition/classes';
import type { ClassService } from '../classes';
import { adminHandler } from '../../composition/api-handler';
import { ok, pathId, type SecondFactorCheck } from '../../platform/http';
import { secondFactorCheck } from '../../platform/second-factor';

export const makeHandler = (classes: ClassService, secondFactor: SecondFactorCheck) =>
  adminHandler('getClass', secondFactor, async (request, caller) =>
    ok(await classes.getDetail(caller, pathId(request, 'classId'))),
  );

export const handler = makeHandler(buildClassService(), secondFactorCheck());
