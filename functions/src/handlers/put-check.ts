import { checkInputSchema } from '@shared/checks';
import { buildCheckService } from '../composition/checks';
import { apiHandler, ok, pathId, validate } from '../platform/http';

const checks = buildCheckService();

export const handler = apiHandler('putCheck', async (request, caller) =>
  ok(await checks.save(caller, pathId(request, 'id'), pathId(request, 'sectionId'), validate(checkInputSchema, request.body))),
);
