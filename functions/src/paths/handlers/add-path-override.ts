import { pathOverrideSchema } from '@shared/contract/paths';
import { buildPathOverrideService } from '../../composition/path-overrides';
import type { PathOverrideService } from '../path-overrides';
import { apiHandler } from '../../composition/api-handler';
import { created, pathId, validate } from '../../platform/http';

export const makeHandler = (overrides: PathOverrideService) =>
  apiHandler('addPathOverride', async (request, caller) => {
    const input = validate(pathOverrideSchema, request.body);
    return created(await overrides.add(caller, pathId(request, 'classId'), pathId(request, 'studentId'), input));
  });

export const handler = makeHandler(buildPathOverrideService());
