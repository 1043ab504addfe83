import { buildModuleLibrary } from '../../composition/module-library';
import type { ModuleLibrary } from '../modules';
import { apiHandler } from '../../composition/api-handler';
import { ok } from '../../platform/http';

export const makeHandler = (library: ModuleLibrary) =>
  apiHandler('listModules', async (_request, caller) => ok(await library.list(caller)));

export const handler = makeHandler(buildModuleLibrary());
