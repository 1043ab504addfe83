import { setRetentionSchema } from '@shared/contract/school-year';
import { buildSchoolYearService } from '../../composition/school-year';
import type { SchoolYearService } from '../school-year';
import { adminHandler } from '../../composition/api-handler';
import { ok, validate, type SecondFactorCheck } from '../../platform/http';
import { secondFactorCheck } from '../../platform/second-factor';

export const makeHandler = (schoolYear: SchoolYearService, secondFactor: SecondFactorCheck) =>
  adminHandler('setRetention', secondFactor, async (request, caller) => {
    const { days } = validate(setRetentionSchema, request.body);
    return ok(await schoolYear.setRetention(caller, days));
  });

export const handler = makeHandler(buildSchoolYearService(), secondFactorCheck());
