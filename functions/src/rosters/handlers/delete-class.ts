import { buildClassAdminService } from '../../composition/class-admin';
import type { ClassAdminService } from '../class-admin';
import { adminHandler } from '../../composition/api-handler';
import { noContent, pathId, type SecondFactorCheck } from '../../platform/http';
import { secondFactorCheck } from '../../platform/second-factor';

export const makeHandler = (classes: ClassAdminService, secondFactor: SecondFactorCheck) =>
  adminHandler('deleteClass', secondFactor, async (request, caller) => {
    await classes.remove(caller, pathId(request, 'classId'));
    return noContent();
  });

export const handler = makeHandler(buildClassAdminService(), secondFactorCheck());
