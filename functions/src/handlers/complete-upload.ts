import { routes } from '../../../shared/routes';
import { completeUploadSchema } from '../../../shared/schemas';
import { makeUploadService } from '../domain/uploads';
import { systemClock } from '../platform/adapters';
import { fileStore } from '../platform/file-store';
import { apiHandler, ok, validate } from '../platform/http';

const uploads = makeUploadService({ files: fileStore(), clock: systemClock });

export const handler = apiHandler(routes.completeUpload, async (request, caller) =>
  ok(await uploads.complete(caller, validate(completeUploadSchema, request.body))),
);
