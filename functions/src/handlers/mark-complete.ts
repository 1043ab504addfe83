import { routes } from '../../../shared/routes';
import { markCompleteSchema } from '../../../shared/schemas';
import { makeProgressService } from '../domain/progress';
import { systemClock, tableStores } from '../platform/adapters';
import { apiHandler, ok, validate } from '../platform/http';

const progress = makeProgressService({ ...tableStores(), clock: systemClock });

export const handler = apiHandler(routes.markComplete, async (request, caller) =>
  ok(await progress.markComplete(caller, validate(markCompleteSchema, request.body))),
);
