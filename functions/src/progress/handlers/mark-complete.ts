import { BUSINESS_METRICS } from '@shared/metrics';
import { markCompleteSchema, type MarkCompleteInput } from '@shared/contract/progress';
import { buildProgressService } from '../../composition/progress';
import { requireOwnProgressMark, type ProgressService } from '../progress';
import { apiHandler } from '../../composition/api-handler';
import { ok, validate } from '../../platform/http';

const isUndo = (input: MarkCompleteInput) => input.completed === false;

export const makeHandler = (progress: ProgressService) =>
  apiHandler(
    'markComplete',
    async (request, caller) => {
      const input = validate(markCompleteSchema, request.body);
      return ok(await (isUndo(input) ? progress.undoComplete(caller, input) : progress.markComplete(caller, input)));
    },
    {
      tokenCheck: (request, caller) => requireOwnProgressMark(caller, validate(markCompleteSchema, request.body)),
      besideGuards: true,
      // Counted only once the body was valid (the request succeeded), so it is the input the use case had.
      counts: (_response, request) =>
        isUndo(request.body as MarkCompleteInput) ? BUSINESS_METRICS.sectionCompletionUndone : BUSINESS_METRICS.sectionCompleted,
    },
  );

export const handler = makeHandler(buildProgressService());
