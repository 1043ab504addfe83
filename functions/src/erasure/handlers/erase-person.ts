import { erasePersonSchema } from '@shared/contract/erasure';
import { buildErasureService } from '../../composition/erasure';
import type { ErasureService } from '../erasure';
import { adminHandler } from '../../composition/api-handler';
import { ok, pathId, validate, type SecondFactorCheck } from '../../platform/http';
import { secondFactorCheck } from '../../platform/second-factor';

export const makeHandler = (erasure: ErasureService, secondFactor: SecondFactorCheck) =>
  adminHandler('erasePerson', secondFactor, async (request, caller) => {
    const userId = pathId(request, 'userId');
    return ok(await erasure.erase(caller, userId, validate(erasePersonSchema, request.body)));
  });

export const handler = makeHandler(buildErasureService(), secondFactorCheck());
