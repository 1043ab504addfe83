import { draftRequestSchema } from '@shared/contract/checks';
import { buildDraftService } from '../../composition/drafts';
import type { DraftService } from '../drafts';
import { apiHandler } from '../../composition/api-handler';
import { ok, pathId, validate } from '../../platform/http';

export const makeHandler = (drafts: DraftService) =>
  apiHandler('draftQuestions', async (request, caller) =>
    ok(await drafts.draftQuestions(caller, pathId(request, 'id'), pathId(request, 'sectionId'), validate(draftRequestSchema, request.body))),
  );

export const handler = makeHandler(buildDraftService());
