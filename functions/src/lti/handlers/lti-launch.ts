// POST /lti/launch: the id_token the LMS posts after its authorization step. Every check of the Security Framework
// runs before anything else; a refusal is a page saying what failed.
import { buildLtiLaunchService } from '../../composition/lti';
import { htmlPage, publicEndpoint } from '../../platform/public-endpoint';
import type { LtiLaunchService } from '../launch';
import { refusalPage } from './refusal-page';

export const makeHandler = (lti: Pick<LtiLaunchService, 'validateLaunch'>, originCheck?: Parameters<typeof publicEndpoint>[2]) =>
  publicEndpoint(
    'ltiLaunch',
    async ({ parameters }) =>
      refusalPage(async () => {
        const launch = await lti.validateLaunch(parameters);
        // Signing the person in for the LMS frame (people, classes, deep linking) is not built yet: a valid launch is
        // answered without a session.
        return htmlPage(501, 'Launch checked', [`Your launch from ${launch.platform.name} is valid, but opening this tool from an LMS is not available yet.`]);
      }),
    originCheck,
  );

export const handler = makeHandler(buildLtiLaunchService());
