import { BUSINESS_METRICS } from '@shared/metrics';
import { markCompleteSchema } from '@shared/schemas';
import { buildProgressService } from '../composition/progress';
import type { ProgressService } from '../domain/progress';
import { apiHandler, ok, validate } from '../platform/http';

export const makeHandler = (progress: ProgressService) =>
  apiHandler(
    'markComplete',
    async (request, caller) => ok(await progress.markComplete(caller, validate(markCompleteSchema, request.body))),
    { counts: BUSINESS_METRICS.sectionCompleted },
  );

export const handler = makeHandler(buildProgressService());
