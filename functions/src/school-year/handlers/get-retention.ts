import { buildSchoolYearService } from '../../composition/school-year';
import type { SchoolYearService } from '../school-year';
import { adminHandler } from '../../composition/api-handler';
import { ok, type SecondFactorCheck } from '../../platform/http';
import { secondFactorCheck } from '../../platform/second-factor';

export const makeHandler = (schoolYear: SchoolYearService, secondFactor: SecondFactorCheck) =>
  adminHandler('getRetention', secondFactor, async () => ok(await schoolYear.getRetention()));

export const handler = makeHandler(buildSchoolYearService(), secondFactorCheck());
