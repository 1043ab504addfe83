import { buildSchoolYearService } from '../../composition/school-year';
import type { SchoolYearService } from '../school-year';
import { adminHandler } from '../../composition/api-handler';
import { ok, pathId, type SecondFactorCheck } from '../../platform/http';
import { secondFactorCheck } from '../../platform/second-factor';

export const makeHandler = (schoolYear: SchoolYearService, secondFactor: SecondFactorCheck) =>
  adminHandler('unarchiveClass', secondFactor, async (request, caller) => ok(await schoolYear.unarchiveClass(caller, pathId(request, 'classId'))));

export const handler = makeHandler(buildSchoolYearService(), secondFactorCheck());
