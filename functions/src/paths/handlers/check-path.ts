import { buildPathExplainService } from '../../composition/path-explain';
import type { PathExplainService } from '../path-explain';
import { apiHandler } from '../../composition/api-handler';
import { ok, pathId } from '../../platform/http';

export const makeHandler = (paths: PathExplainService) => apiHandler('checkPath', async (request, caller) => ok(await paths.check(caller, pathId(request, 'id'))));

export const handler = makeHandler(buildPathExplainService());
