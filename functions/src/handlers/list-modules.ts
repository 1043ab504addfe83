import { makeModuleLibrary } from '../domain/modules';
import { moduleStore } from '../platform/table-stores';
import { apiHandler, ok } from '../platform/http';

const library = makeModuleLibrary({ modules: moduleStore() });

export const handler = apiHandler('listModules', async (_request, caller) => ok(await library.list(caller)));
