import { createUploadSchema } from '../../../shared/schemas';
import { makeUploadService } from '../domain/uploads';
import { fileStore } from '../platform/file-store';
import { apiHandler, created, validate } from '../platform/http';
import { systemClock } from '../platform/system';

const uploads = makeUploadService({ files: fileStore(), clock: systemClock });

export const handler = apiHandler('createUpload', async (request, caller) =>
  created(await uploads.create(caller, validate(createUploadSchema, request.body))),
);
