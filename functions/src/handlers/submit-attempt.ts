import { attemptInputSchema } from '@shared/checks';
import { buildCheckService } from '../composition/checks';
import { apiHandler, created, ok, pathId, validate } from '../platform/http';

const checks = buildCheckService();

// 201 for a new attempt, 200 when its attemptId names one recorded before (a double click, a retry).
export const handler = apiHandler('submitAttempt', async (request, caller) => {
  const { attempt, created: isNew } = await checks.submit(caller, pathId(request, 'id'), pathId(request, 'sectionId'), validate(attemptInputSchema, request.body));
  return isNew ? created(attempt) : ok(attempt);
});
