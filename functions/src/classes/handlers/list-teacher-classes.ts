import { buildClassService } from '../../composition/classes';
import type { ClassService } from '../classes';
import { apiHandler } from '../../composition/api-handler';
import { ok, pathId } from '../../platform/http';

export const makeHandler = (classes: ClassService) =>
  apiHandler('listTeacherClasses', async (request, caller) =>
    ok(await classes.listTeacherClasses(caller, pathId(request, 'teacherId'))),
  );

export const handler = makeHandler(buildClassService());
