import { buildClassAdminQueries } from '../../composition/class-admin-queries';
import type { ClassAdminQueries } from '../class-admin';
import { adminHandler } from '../../composition/api-handler';
import { ok, pathId, type SecondFactorCheck } from '../../platform/http';
import { secondFactorCheck } from '../../platform/second-factor';

export const makeHandler = (classes: ClassAdminQueries, secondFactor: SecondFactorCheck) =>
  adminHandler('getAdminClass', secondFactor, async (request) => ok(await classes.detail(pathId(request, 'classId'))));

export const handler = makeHandler(buildClassAdminQueries(), secondFactorCheck());
