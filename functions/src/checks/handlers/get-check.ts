import { checkReadQuerySchema } from '@shared/contract/checks';
import { buildCheckService } from '../../composition/checks';
import type { CheckService } from '../checks';
import { apiHandler } from '../../composition/api-handler';
import { ok, pathId, validate } from '../../platform/http';

export const makeHandler = (checks: CheckService) =>
  apiHandler('getCheck', async (request, caller) => {
    const { classId } = validate(checkReadQuerySchema, request.query);
    return ok(await checks.read(caller, pathId(request, 'id'), pathId(request, 'sectionId'), classId));
  });

export const handler = makeHandler(buildCheckService());
