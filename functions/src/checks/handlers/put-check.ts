import { checkInputSchema } from '@shared/contract/checks';
import { buildCheckService } from '../../composition/checks';
import type { CheckService } from '../checks';
import { apiHandler } from '../../composition/api-handler';
import { ok, pathId, validate } from '../../platform/http';

export const makeHandler = (checks: CheckService) =>
  apiHandler('putCheck', async (request, caller) =>
    ok(await checks.save(caller, pathId(request, 'id'), pathId(request, 'sectionId'), validate(checkInputSchema, request.body))),
  );

export const handler = makeHandler(buildCheckService());
