import { abortUploadSchema } from '@shared/schemas';
import { makeUploadService } from '../domain/uploads';
import { fileStore } from '../platform/file-store';
import { apiHandler, noContent, validate } from '../platform/http';
import { systemClock } from '../platform/system';
import { uploadStore } from '../platform/table-stores';

const uploads = makeUploadService({ files: fileStore(), uploads: uploadStore(), clock: systemClock });

export const handler = apiHandler('abortUpload', async (request, caller) => {
  await uploads.abort(caller, validate(abortUploadSchema, request.body));
  return noContent();
});
