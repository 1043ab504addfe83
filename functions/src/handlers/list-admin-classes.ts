import { makeClassAdminQueries } from '../domain/class-admin';
import { apiHandler, ok } from '../platform/http';
import { tableStores } from '../platform/table-stores';

// The class store only: reading calls no directory.
const classes = makeClassAdminQueries(tableStores());

export const handler = apiHandler('listAdminClasses', async () => ok(await classes.list()));
