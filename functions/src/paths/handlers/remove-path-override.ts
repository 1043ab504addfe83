import { pathOverrideTargetSchema } from '@shared/contract/paths';
import { buildPathOverrideService } from '../../composition/path-overrides';
import type { PathOverrideService } from '../path-overrides';
import { apiHandler } from '../../composition/api-handler';
import { ok, pathId, validate } from '../../platform/http';

export const makeHandler = (overrides: PathOverrideService) =>
  apiHandler('removePathOverride', async (request, caller) => {
    const target = validate(pathOverrideTargetSchema, { ...request.query, moduleId: request.pathParameters.moduleId, kind: request.pathParameters.kind });
    return ok(await overrides.remove(caller, pathId(request, 'classId'), pathId(request, 'studentId'), target));
  });

export const handler = makeHandler(buildPathOverrideService());
