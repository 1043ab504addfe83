import { BUSINESS_METRICS } from '@shared/metrics';
import { completeUploadSchema } from '@shared/schemas';
import { makeUploadService } from '../domain/uploads';
import { fileStore } from '../platform/file-store';
import { apiHandler, ok, validate } from '../platform/http';
import { systemClock } from '../platform/system';
import { uploadStore } from '../platform/table-stores';

const uploads = makeUploadService({ files: fileStore(), uploads: uploadStore(), clock: systemClock });

export const handler = apiHandler(
  'completeUpload',
  async (request, caller) => ok(await uploads.complete(caller, validate(completeUploadSchema, request.body))),
  { counts: BUSINESS_METRICS.uploadCompleted },
);
