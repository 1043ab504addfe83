import { ltiPlatformInputSchema } from '@shared/contract/lti';
import { buildLtiPlatformService } from '../../composition/lti';
import type { LtiPlatformService } from '../platforms';
import { adminHandler } from '../../composition/api-handler';
import { ok, pathId, validate, type SecondFactorCheck } from '../../platform/http';
import { secondFactorCheck } from '../../platform/second-factor';

export const makeHandler = (platforms: LtiPlatformService, secondFactor: SecondFactorCheck) =>
  adminHandler('editLtiPlatform', secondFactor, async (request, caller) => {
    const platformId = pathId(request, 'platformId');
    return ok(await platforms.edit(caller, platformId, validate(ltiPlatformInputSchema, request.body)));
  });

export const handler = makeHandler(buildLtiPlatformService(), secondFactorCheck());
