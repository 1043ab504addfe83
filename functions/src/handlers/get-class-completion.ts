import { makeProgressService } from '../domain/progress';
import { moduleStore, classStore, progressStore } from '../platform/table-stores';
import { adminHandler } from '../platform/admin-handler';
import { ok, pathId } from '../platform/http';
import { systemClock } from '../platform/system';

const progress = makeProgressService({ classes: classStore(), modules: moduleStore(), progress: progressStore(), clock: systemClock });

export const handler = adminHandler('getClassCompletion', async (request, caller) =>
  ok(await progress.classCompletion(caller, pathId(request, 'classId'))),
);
