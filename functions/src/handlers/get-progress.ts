import { makeProgressService } from '../domain/progress';
import { moduleStore, classStore, progressStore } from '../platform/table-stores';
import { apiHandler, ok, pathId } from '../platform/http';
import { systemClock } from '../platform/system';

const progress = makeProgressService({ classes: classStore(), modules: moduleStore(), progress: progressStore(), clock: systemClock });

export const handler = apiHandler('getProgress', async (request, caller) => {
  const key = {
    studentId: pathId(request, 'studentId'),
    moduleId: pathId(request, 'moduleId'),
    classId: pathId(request, 'classId'),
  };
  return ok(await progress.get(caller, key));
});
