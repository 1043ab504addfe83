import { pathChangesSchema } from '@shared/contract/paths';
import { buildPathChangeService } from '../../composition/path-changes';
import type { PathChangeService } from '../path-changes';
import { apiHandler } from '../../composition/api-handler';
import { ok, pathId, validate } from '../../platform/http';

export const makeHandler = (changes: PathChangeService) =>
  apiHandler('previewPathChanges', async (request, caller) => ok(await changes.preview(caller, pathId(request, 'id'), validate(pathChangesSchema, request.body))));

export const handler = makeHandler(buildPathChangeService());
