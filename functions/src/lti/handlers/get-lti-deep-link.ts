// GET /api/lti/deep-links/{requestId}: the teacher's own deep linking request, for its page (the LMS, whether it is
// still open, their modules).
import { buildLtiDeepLinkingService } from '../../composition/lti';
import { apiHandler } from '../../composition/api-handler';
import { ok, pathId } from '../../platform/http';
import type { LtiDeepLinkingService } from '../deep-linking';

export const makeHandler = (deepLinking: Pick<LtiDeepLinkingService, 'describe'>) =>
  apiHandler('getLtiDeepLink', async (request, caller) => ok(await deepLinking.describe(caller, pathId(request, 'requestId'))));

export const handler = makeHandler(buildLtiDeepLinkingService());
