import { setSchoolSignInDomainSchema } from '@shared/contract/school-sign-in';
import { buildSchoolSignInSettings } from '../../composition/school-sign-in';
import type { SchoolSignInSettings } from '../school-sign-in';
import { adminHandler } from '../../composition/api-handler';
import { ok, validate, type SecondFactorCheck } from '../../platform/http';
import { secondFactorCheck } from '../../platform/second-factor';

export const makeHandler = (settings: SchoolSignInSettings, secondFactor: SecondFactorCheck) =>
  adminHandler('setSchoolSignInDomain', secondFactor, async (request, caller) => {
    const { domain, studentsMayJoin } = validate(setSchoolSignInDomainSchema, request.body);
    return ok(await settings.setStudentsMayJoin(caller, domain, studentsMayJoin));
  });

export const handler = makeHandler(buildSchoolSignInSettings(), secondFactorCheck());
