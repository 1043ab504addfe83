import { buildClassAdminService } from '../../composition/class-admin';
import type { ClassAdminService } from '../class-admin';
import { adminHandler } from '../../composition/api-handler';
import { ok, pathId, type SecondFactorCheck } from '../../platform/http';
import { secondFactorCheck } from '../../platform/second-factor';

export const makeHandler = (classes: ClassAdminService, secondFactor: SecondFactorCheck) =>
  adminHandler('unenrolStudent', secondFactor, async (request, caller) =>
    ok(await classes.unenrol(caller, pathId(request, 'classId'), pathId(request, 'studentId'))),
  );

export const handler = makeHandler(buildClassAdminService(), secondFactorCheck());
