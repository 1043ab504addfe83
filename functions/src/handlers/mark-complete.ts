import { BUSINESS_METRICS } from '@shared/metrics';
import { markCompleteSchema } from '@shared/schemas';
import { buildProgressService } from '../composition/progress';
import type { ProgressService } from '../domain/progress';
import { apiHandler, ok, validate } from '../platform/http';

export const makeHandler = (progress: ProgressService) =>
  apiHandler(
    'markComplete',
    async (request, caller) => {
      const input = validate(markCompleteSchema, request.body);
      return ok(await (input.completed === false ? progress.undoComplete(caller, input) : progress.markComplete(caller, input)));
    },
    { counts: BUSINESS_METRICS.sectionCompleted },
  );

export const handler = makeHandler(buildProgressService());
