import { routes } from '../../../shared/routes';
import { markCompleteSchema } from '../../../shared/schemas';
import { markComplete } from '../domain/progress';
import { apiHandler, ok, validate } from '../platform/http';

export const handler = apiHandler(routes.markComplete, async (request, caller) =>
  ok(await markComplete(caller, validate(markCompleteSchema, request.body))),
);
