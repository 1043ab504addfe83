import { buildClassService } from '../../composition/classes';
import type { ClassService } from '../classes';
import { apiHandler } from '../../composition/api-handler';
import { ok } from '../../platform/http';

export const makeHandler = (classes: ClassService) =>
  apiHandler('listClasses', async (_request, caller) => ok(await classes.listTeacherClasses(caller)));

export const handler = makeHandler(buildClassService());
