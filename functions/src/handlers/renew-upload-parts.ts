import { routes } from '../../../shared/routes';
import { renewUploadPartsSchema } from '../../../shared/schemas';
import { makeUploadService } from '../domain/uploads';
import { systemClock } from '../platform/adapters';
import { fileStore } from '../platform/file-store';
import { apiHandler, ok, validate } from '../platform/http';

const uploads = makeUploadService({ files: fileStore(), clock: systemClock });

export const handler = apiHandler(routes.renewUploadParts, async (request, caller) =>
  ok(await uploads.renewParts(caller, validate(renewUploadPartsSchema, request.body))),
);
