import { buildSchoolSignInSettings } from '../../composition/school-sign-in';
import type { SchoolSignInSettings } from '../school-sign-in';
import { adminHandler } from '../../composition/api-handler';
import { ok, type SecondFactorCheck } from '../../platform/http';
import { secondFactorCheck } from '../../platform/second-factor';

export const makeHandler = (settings: SchoolSignInSettings, secondFactor: SecondFactorCheck) =>
  adminHandler('getSchoolSignIn', secondFactor, async () => ok({ domains: await settings.list() }));

export const handler = makeHandler(buildSchoolSignInSettings(), secondFactorCheck());
