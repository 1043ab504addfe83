import { ltiPlatformInputSchema } from '@shared/contract/lti';
import { buildLtiPlatformService } from '../../composition/lti';
import type { LtiPlatformService } from '../platforms';
import { adminHandler } from '../../composition/api-handler';
import { created, validate, type SecondFactorCheck } from '../../platform/http';
import { secondFactorCheck } from '../../platform/second-factor';

export const makeHandler = (platforms: LtiPlatformService, secondFactor: SecondFactorCheck) =>
  adminHandler('registerLtiPlatform', secondFactor, async (request, caller) =>
    created(await platforms.register(caller, validate(ltiPlatformInputSchema, request.body))),
  );

export const handler = makeHandler(buildLtiPlatformService(), secondFactorCheck());
