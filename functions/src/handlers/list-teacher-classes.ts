import { makeClassService } from '../domain/classes';
import { moduleStore, classStore } from '../platform/table-stores';
import { apiHandler, ok, pathId } from '../platform/http';

const classes = makeClassService({ classes: classStore(), modules: moduleStore() });

export const handler = apiHandler('listTeacherClasses', async (request, caller) =>
  ok(await classes.listTeacherClasses(caller, pathId(request, 'teacherId'))),
);
