import { buildLtiPlatformQueries } from '../../composition/lti';
import type { LtiPlatformQueries } from '../platforms';
import { adminHandler } from '../../composition/api-handler';
import { ok, type SecondFactorCheck } from '../../platform/http';
import { secondFactorCheck } from '../../platform/second-factor';

export const makeHandler = (platforms: LtiPlatformQueries, secondFactor: SecondFactorCheck) =>
  adminHandler('listLtiPlatforms', secondFactor, async () => ok(await platforms.list()));

export const handler = makeHandler(buildLtiPlatformQueries(), secondFactorCheck());
