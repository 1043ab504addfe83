import { assignModuleSchema } from '@shared/schemas';
import { makeClassService } from '../domain/classes';
import { moduleStore, classStore } from '../platform/table-stores';
import { apiHandler, ok, pathId, validate } from '../platform/http';
import { systemClock } from '../platform/system';

const classes = makeClassService({ classes: classStore(), modules: moduleStore(), clock: systemClock });

export const handler = apiHandler('assignModule', async (request, caller) => {
  const classId = pathId(request, 'classId');
  const { moduleId } = validate(assignModuleSchema, request.body);
  return ok(await classes.assignModule(caller, classId, moduleId));
});
