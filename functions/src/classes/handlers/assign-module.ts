import { assignModuleSchema } from '@shared/contract/classes';
import { buildClassService } from '../../composition/classes';
import type { ClassService } from '../classes';
import { apiHandler } from '../../composition/api-handler';
import { ok, pathId, validate } from '../../platform/http';

export const makeHandler = (classes: ClassService) =>
  apiHandler('assignModule', async (request, caller) => {
    const classId = pathId(request, 'classId');
    const { moduleId, dueAt } = validate(assignModuleSchema, request.body);
    return ok(await classes.assignModule(caller, classId, moduleId, dueAt));
  });

export const handler = makeHandler(buildClassService());
