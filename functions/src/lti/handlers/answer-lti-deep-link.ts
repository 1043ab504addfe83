// POST /api/lti/deep-links/{requestId} { moduleId }: the signed deep linking response for the page to form-post to
// the LMS (moduleId null: Cancel, no items); once per request.
import { ltiDeepLinkAnswerSchema } from '@shared/contract/lti';
import { buildLtiDeepLinkingService } from '../../composition/lti';
import { apiHandler } from '../../composition/api-handler';
import { ok, pathId, validate } from '../../platform/http';
import type { LtiDeepLinkingService } from '../deep-linking';

export const makeHandler = (deepLinking: Pick<LtiDeepLinkingService, 'answer'>) =>
  apiHandler('answerLtiDeepLink', async (request, caller) => {
    const requestId = pathId(request, 'requestId');
    const { moduleId } = validate(ltiDeepLinkAnswerSchema, request.body);
    return ok(await deepLinking.answer(caller, requestId, moduleId));
  });

export const handler = makeHandler(buildLtiDeepLinkingService({ signs: true }));
