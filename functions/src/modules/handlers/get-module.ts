import { moduleReadQuerySchema } from '@shared/contract/modules';
import { buildModuleService, noFileStore } from '../../composition/modules';
import { fileLinks } from '../../composition/file-links';
import type { ModuleService } from '../modules';
import { apiHandler } from '../../composition/api-handler';
import { ok, pathId, validate } from '../../platform/http';

export const makeHandler = (modules: ModuleService) =>
  apiHandler('getModule', async (request, caller) => {
    const moduleId = pathId(request, 'id');
    const { classId, usage } = validate(moduleReadQuerySchema, request.query);
    return ok(await (usage ? modules.getWithUsage(caller, moduleId) : modules.get(caller, moduleId, classId)));
  }, { besideGuards: true });

export const handler = makeHandler(buildModuleService(noFileStore, fileLinks()));
