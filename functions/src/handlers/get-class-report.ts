import { routes } from '../../../shared/routes';
import { getClassReport } from '../domain/progress';
import { apiHandler, ok, pathId } from '../platform/http';

export const handler = apiHandler(routes.getClassReport, async (request, caller) =>
  ok(await getClassReport(caller, pathId(request, 'classId'))),
);
