import { BUSINESS_METRICS } from '@shared/metrics';
import { markCompleteSchema } from '@shared/schemas';
import { buildProgressService } from '../composition/progress';
import { apiHandler, ok, validate } from '../platform/http';

const progress = buildProgressService();

export const handler = apiHandler(
  'markComplete',
  async (request, caller) => ok(await progress.markComplete(caller, validate(markCompleteSchema, request.body))),
  { counts: BUSINESS_METRICS.sectionCompleted },
);
