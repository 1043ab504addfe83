import { makeClassAdminQueries } from '../domain/class-admin';
import { apiHandler, ok, pathId } from '../platform/http';
import { tableStores } from '../platform/table-stores';

// The class store only: reading calls no directory.
const classes = makeClassAdminQueries(tableStores());

export const handler = apiHandler('getAdminClass', async (request) => ok(await classes.detail(pathId(request, 'classId'))));
