import { createUploadSchema } from '@shared/schemas';
import { makeUploadService } from '../domain/uploads';
import { fileStore } from '../platform/file-store';
import { apiHandler, created, validate } from '../platform/http';
import { systemClock } from '../platform/system';
import { uploadStore } from '../platform/table-stores';

const uploads = makeUploadService({ files: fileStore(), uploads: uploadStore(), clock: systemClock });

export const handler = apiHandler('createUpload', async (request, caller) =>
  created(await uploads.create(caller, validate(createUploadSchema, request.body))),
);
