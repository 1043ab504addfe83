import { buildLtiPlatformService } from '../../composition/lti';
import type { LtiPlatformService } from '../platforms';
import { adminHandler } from '../../composition/api-handler';
import { noContent, pathId, type SecondFactorCheck } from '../../platform/http';
import { secondFactorCheck } from '../../platform/second-factor';

export const makeHandler = (platforms: LtiPlatformService, secondFactor: SecondFactorCheck) =>
  adminHandler('removeLtiPlatform', secondFactor, async (request, caller) => {
    await platforms.remove(caller, pathId(request, 'platformId'));
    return noContent();
  });

export const handler = makeHandler(buildLtiPlatformService(), secondFactorCheck());
