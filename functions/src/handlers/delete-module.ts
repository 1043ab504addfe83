import { buildModuleService } from '../composition/modules';
import { apiHandler, noContent, pathId } from '../platform/http';

const modules = buildModuleService();

export const handler = apiHandler('deleteModule', async (request, caller) => {
  await modules.delete(caller, pathId(request, 'id'));
  return noContent();
});
