import { modulePrerequisiteSchema } from '@shared/contract/paths';
import { buildClassService } from '../../composition/classes';
import type { ClassService } from '../../classes/classes';
import { apiHandler } from '../../composition/api-handler';
import { ok, pathId, validate } from '../../platform/http';

export const makeHandler = (classes: ClassService) =>
  apiHandler('setModulePrerequisite', async (request, caller) => {
    const { prerequisiteModuleId } = validate(modulePrerequisiteSchema, request.body);
    return ok(await classes.setPrerequisite(caller, pathId(request, 'classId'), pathId(request, 'moduleId'), prerequisiteModuleId));
  });

export const handler = makeHandler(buildClassService());
