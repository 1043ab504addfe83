import { makeProgressService } from '../domain/progress';
import { tableStores } from '../platform/table-stores';
import { apiHandler, ok, pathId } from '../platform/http';
import { systemClock } from '../platform/system';

const progress = makeProgressService({ ...tableStores(), clock: systemClock });

export const handler = apiHandler('getModuleReport', async (request, caller) =>
  ok(await progress.moduleReport(caller, pathId(request, 'classId'), pathId(request, 'moduleId'))),
);
