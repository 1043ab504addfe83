// GET and POST /lti/login: the LMS starts a launch here (OIDC third-party initiated login); the browser goes on to
// the LMS's authorization endpoint, or sees what was wrong.
import { buildLtiLaunchService } from '../../composition/lti';
import { publicEndpoint, redirect } from '../../platform/public-endpoint';
import type { LtiLaunchService } from '../launch';
import { refusalPage } from './refusal-page';

export const makeHandler = (lti: Pick<LtiLaunchService, 'beginLogin'>, originCheck?: Parameters<typeof publicEndpoint>[2]) =>
  publicEndpoint('ltiLogin', async ({ parameters, origin }) => refusalPage(async () => redirect(await lti.beginLogin(parameters, origin))), originCheck);

export const handler = makeHandler(buildLtiLaunchService());
