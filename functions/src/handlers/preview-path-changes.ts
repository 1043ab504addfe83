import { pathChangesSchema } from '@shared/contract/paths';
import { buildPathChangeService } from '../composition/path-changes';
import type { PathChangeService } from '../domain/path-changes';
import { apiHandler, ok, pathId, validate } from '../platform/http';

export const makeHandler = (changes: PathChangeService) =>
  apiHandler('previewPathChanges', async (request, caller) => ok(await changes.preview(caller, pathId(request, 'id'), validate(pathChangesSchema, request.body))));

export const handler = makeHandler(buildPathChangeService());
