import { routes } from '../../../shared/routes';
import { renewUploadPartsSchema } from '../../../shared/schemas';
import { renewUploadParts } from '../domain/uploads';
import { apiHandler, ok, validate } from '../platform/http';

export const handler = apiHandler(routes.renewUploadParts, async (request, caller) =>
  ok(await renewUploadParts(caller, validate(renewUploadPartsSchema, request.body))),
);
