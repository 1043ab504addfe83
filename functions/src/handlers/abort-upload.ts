import { abortUploadSchema } from '@shared/schemas';
import { makeUploadService } from '../domain/uploads';
import { fileStore } from '../platform/file-store';
import { apiHandler, noContent, validate } from '../platform/http';
import { systemClock } from '../platform/system';
import { tableStores } from '../platform/table-stores';

const uploads = makeUploadService({ files: fileStore(), uploads: tableStores().uploads, clock: systemClock });

export const handler = apiHandler('abortUpload', async (request, caller) => {
  await uploads.abort(caller, validate(abortUploadSchema, request.body));
  return noContent();
});
