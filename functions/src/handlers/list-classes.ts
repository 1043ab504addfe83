import { makeClassService } from '../domain/classes';
import { tableStores } from '../platform/table-stores';
import { apiHandler, ok } from '../platform/http';

const classes = makeClassService(tableStores());

export const handler = apiHandler('listClasses', async (_request, caller) => ok(await classes.listTeacherClasses(caller)));
