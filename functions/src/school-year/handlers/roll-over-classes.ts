import { rollOverSchema } from '@shared/contract/school-year';
import { buildSchoolYearService } from '../../composition/school-year';
import type { SchoolYearService } from '../school-year';
import { adminHandler } from '../../composition/api-handler';
import { ok, validate, type SecondFactorCheck } from '../../platform/http';
import { secondFactorCheck } from '../../platform/second-factor';

export const makeHandler = (schoolYear: SchoolYearService, secondFactor: SecondFactorCheck) =>
  adminHandler('rollOverClasses', secondFactor, async (request, caller) => ok({ classes: await schoolYear.rollOver(caller, validate(rollOverSchema, request.body)) }));

export const handler = makeHandler(buildSchoolYearService(), secondFactorCheck());
