import { BUSINESS_METRICS } from '@shared/metrics';
import { completeUploadSchema } from '@shared/contract/uploads';
import { buildUploadService } from '../../composition/uploads';
import type { UploadService } from '../uploads';
import { apiHandler } from '../../composition/api-handler';
import { ok, validate } from '../../platform/http';

export const makeHandler = (uploads: UploadService) =>
  apiHandler(
    'completeUpload',
    async (request, caller) => ok(await uploads.complete(caller, validate(completeUploadSchema, request.body))),
    { counts: BUSINESS_METRICS.uploadCompleted },
  );

export const handler = makeHandler(buildUploadService());
