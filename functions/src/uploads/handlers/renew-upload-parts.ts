import { renewUploadPartsSchema } from '@shared/contract/uploads';
import { buildUploadService } from '../../composition/uploads';
import type { UploadService } from '../uploads';
import { adminHandler } from '../../composition/api-handler';
import { ok, validate, type SecondFactorCheck } from '../../platform/http';
import { secondFactorCheck } from '../../platform/second-factor';

export const makeHandler = (uploads: UploadService, secondFactor: SecondFactorCheck) =>
  adminHandler('renewUploadParts', secondFactor, async (request, caller) =>
    ok(await uploads.renewParts(caller, validate(renewUploadPartsSchema, request.body))),
  );

export const handler = makeHandler(buildUploadService(), secondFactorCheck());
