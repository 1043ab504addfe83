import { buildClassAdminQueries } from '../../composition/class-admin-queries';
import type { ClassAdminQueries } from '../class-admin';
import { adminHandler } from '../../composition/api-handler';
import { ok, type SecondFactorCheck } from '../../platform/http';
import { secondFactorCheck } from '../../platform/second-factor';

export const makeHandler = (classes: ClassAdminQueries, secondFactor: SecondFactorCheck) =>
  adminHandler('listAdminClasses', secondFactor, async () => ok(await classes.list()));

export const handler = makeHandler(buildClassAdminQueries(), secondFactorCheck());
