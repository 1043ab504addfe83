import { makeModuleLibrary } from '../domain/modules';
import { tableStores } from '../platform/table-stores';
import { apiHandler, ok } from '../platform/http';

const library = makeModuleLibrary(tableStores());

export const handler = apiHandler('listModules', async (_request, caller) => ok(await library.list(caller)));
