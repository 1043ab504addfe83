import { settledDraftsSchema } from '@shared/contract/checks';
import { buildDraftService } from '../../composition/drafts';
import type { DraftService } from '../drafts';
import { apiHandler } from '../../composition/api-handler';
import { ok, pathId, validate } from '../../platform/http';

export const makeHandler = (drafts: DraftService) =>
  apiHandler('settleDrafts', async (request, caller) =>
    ok(await drafts.settleDrafts(caller, pathId(request, 'id'), pathId(request, 'sectionId'), validate(settledDraftsSchema, request.body))),
  );

export const handler = makeHandler(buildDraftService());
