import { BUSINESS_METRICS } from '@shared/metrics';
import { completeUploadSchema } from '@shared/schemas';
import { buildUploadService } from '../composition/uploads';
import { apiHandler, ok, validate } from '../platform/http';

const uploads = buildUploadService();

export const handler = apiHandler(
  'completeUpload',
  async (request, caller) => ok(await uploads.complete(caller, validate(completeUploadSchema, request.body))),
  { counts: BUSINESS_METRICS.uploadCompleted },
);
