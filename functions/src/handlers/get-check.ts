import { checkReadQuerySchema } from '@shared/checks';
import { buildCheckService } from '../composition/checks';
import { apiHandler, ok, pathId, validate } from '../platform/http';

const checks = buildCheckService();

export const handler = apiHandler('getCheck', async (request, caller) => {
  const { classId } = validate(checkReadQuerySchema, request.query);
  return ok(await checks.read(caller, pathId(request, 'id'), pathId(request, 'sectionId'), classId));
});
