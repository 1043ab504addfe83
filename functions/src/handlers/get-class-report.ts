import { routes } from '../../../shared/routes';
import { makeProgressService } from '../domain/progress';
import { systemClock, tableStores } from '../platform/adapters';
import { apiHandler, ok, pathId } from '../platform/http';

const progress = makeProgressService({ ...tableStores(), clock: systemClock });

export const handler = apiHandler(routes.getClassReport, async (request, caller) =>
  ok(await progress.classReport(caller, pathId(request, 'classId'))),
);
