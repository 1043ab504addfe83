import { recordReadingSchema } from '@shared/contract/progress';
import { buildProgressService } from '../../composition/progress';
import type { ProgressService } from '../progress';
import { apiHandler } from '../../composition/api-handler';
import { ok, pathId, validate } from '../../platform/http';

export const makeHandler = (progress: ProgressService) =>
  apiHandler('recordReading', async (request, caller) => {
    const input = validate(recordReadingSchema, request.body);
    return ok(await progress.recordReading(caller, pathId(request, 'id'), pathId(request, 'sectionId'), input));
  });

export const handler = makeHandler(buildProgressService());
