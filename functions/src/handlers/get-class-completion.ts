import { makeProgressService } from '../domain/progress';
import { tableStores } from '../platform/table-stores';
import { apiHandler, ok, pathId } from '../platform/http';
import { systemClock } from '../platform/system';

const progress = makeProgressService({ ...tableStores(), clock: systemClock });

export const handler = apiHandler('getClassCompletion', async (request, caller) =>
  ok(await progress.classCompletion(caller, pathId(request, 'classId'))),
);
