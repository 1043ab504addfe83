import { makeProgressService } from '../domain/progress';
import { moduleStore, classStore, progressStore } from '../platform/table-stores';
import { apiHandler, ok, pathId } from '../platform/http';
import { systemClock } from '../platform/system';

const progress = makeProgressService({ classes: classStore(), modules: moduleStore(), progress: progressStore(), clock: systemClock });

export const handler = apiHandler('getClassCompletion', async (request, caller) =>
  ok(await progress.classCompletion(caller, pathId(request, 'classId'))),
);
