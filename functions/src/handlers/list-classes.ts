import { makeClassService } from '../domain/classes';
import { moduleStore, classStore } from '../platform/table-stores';
import { apiHandler, ok } from '../platform/http';

const classes = makeClassService({ classes: classStore(), modules: moduleStore() });

export const handler = apiHandler('listClasses', async (_request, caller) => ok(await classes.listTeacherClasses(caller)));
