import { buildCheckService } from '../composition/checks';
import { apiHandler, ok, pathId } from '../platform/http';

const checks = buildCheckService();

export const handler = apiHandler('getCheckAnalysis', async (request, caller) =>
  ok(await checks.analysis(caller, pathId(request, 'classId'), pathId(request, 'moduleId'), pathId(request, 'sectionId'))),
);
