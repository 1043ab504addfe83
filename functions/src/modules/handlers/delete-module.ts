import { buildModuleService } from '../../composition/modules';
import { fileStore } from '../../composition/file-store';
import { noFileLinks } from '../../composition/file-links';
import type { ModuleService } from '../modules';
import { apiHandler } from '../../composition/api-handler';
import { noContent, pathId } from '../../platform/http';

export const makeHandler = (modules: ModuleService) =>
  apiHandler('deleteModule', async (request, caller) => {
    await modules.delete(caller, pathId(request, 'id'));
    return noContent();
  });

export const handler = makeHandler(buildModuleService(fileStore(), noFileLinks));
