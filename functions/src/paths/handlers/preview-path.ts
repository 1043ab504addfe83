import { pathPreviewSchema } from '@shared/contract/paths';
import { buildPathExplainService } from '../../composition/path-explain';
import type { PathExplainService } from '../path-explain';
import { apiHandler } from '../../composition/api-handler';
import { ok, pathId, validate } from '../../platform/http';

export const makeHandler = (paths: PathExplainService) =>
  apiHandler('previewPath', async (request, caller) => ok(await paths.preview(caller, pathId(request, 'id'), validate(pathPreviewSchema, request.body))));

export const handler = makeHandler(buildPathExplainService());
