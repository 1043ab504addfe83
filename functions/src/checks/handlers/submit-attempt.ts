import { attemptInputSchema } from '@shared/contract/checks';
import { buildCheckService } from '../../composition/checks';
import type { CheckService } from '../checks';
import { apiHandler } from '../../composition/api-handler';
import { created, ok, pathId, validate } from '../../platform/http';

// 201 for a new attempt, 200 when its attemptId names one recorded before (a double click, a retry).
export const makeHandler = (checks: CheckService) =>
  apiHandler('submitAttempt', async (request, caller) => {
    const input = validate(attemptInputSchema, request.body);
    const { attempt, created: isNew } = await checks.submit(caller, pathId(request, 'id'), pathId(request, 'sectionId'), input);
    return isNew ? created(attempt) : ok(attempt);
  });

export const handler = makeHandler(buildCheckService({ reportsScores: true }));
