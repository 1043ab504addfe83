import { BUSINESS_METRICS } from '@shared/metrics';
import { markCompleteSchema } from '@shared/schemas';
import { makeProgressService } from '../domain/progress';
import { moduleStore, classStore, progressStore } from '../platform/table-stores';
import { apiHandler, ok, validate } from '../platform/http';
import { systemClock } from '../platform/system';

const progress = makeProgressService({ classes: classStore(), modules: moduleStore(), progress: progressStore(), clock: systemClock });

export const handler = apiHandler(
  'markComplete',
  async (request, caller) => ok(await progress.markComplete(caller, validate(markCompleteSchema, request.body))),
  { counts: BUSINESS_METRICS.sectionCompleted },
);
