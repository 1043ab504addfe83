import { createClassSchema } from '@shared/contract/rosters';
import { buildClassAdminService } from '../../composition/class-admin';
import type { ClassAdminService } from '../class-admin';
import { adminHandler } from '../../composition/api-handler';
import { created, ok, validate, type SecondFactorCheck } from '../../platform/http';
import { secondFactorCheck } from '../../platform/second-factor';

// 201 for a new class, 200 when the client's `classId` names the class an earlier submit of the same form created.
export const makeHandler = (classes: ClassAdminService, secondFactor: SecondFactorCheck) =>
  adminHandler('createClass', secondFactor, async (request, caller) => {
    const result = await classes.create(caller, validate(createClassSchema, request.body));
    return result.created ? created(result.detail) : ok(result.detail);
  });

export const handler = makeHandler(buildClassAdminService(), secondFactorCheck());
