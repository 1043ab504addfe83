import { renameClassSchema } from '@shared/contract/rosters';
import { buildClassAdminService } from '../../composition/class-admin';
import type { ClassAdminService } from '../class-admin';
import { adminHandler } from '../../composition/api-handler';
import { ok, pathId, validate, type SecondFactorCheck } from '../../platform/http';
import { secondFactorCheck } from '../../platform/second-factor';

export const makeHandler = (classes: ClassAdminService, secondFactor: SecondFactorCheck) =>
  adminHandler('renameClass', secondFactor, async (request, caller) => {
    const classId = pathId(request, 'classId');
    const { className } = validate(renameClassSchema, request.body);
    return ok(await classes.rename(caller, classId, className));
  });

export const handler = makeHandler(buildClassAdminService(), secondFactorCheck());
