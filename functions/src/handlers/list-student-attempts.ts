import { buildCheckService } from '../composition/checks';
import { apiHandler, ok, pathId } from '../platform/http';

const checks = buildCheckService();

export const handler = apiHandler('listStudentAttempts', async (request, caller) =>
  ok(await checks.history(caller, pathId(request, 'classId'), pathId(request, 'studentId'))),
);
