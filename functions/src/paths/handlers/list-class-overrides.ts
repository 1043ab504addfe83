import { buildPathOverrideService } from '../../composition/path-overrides';
import type { PathOverrideService } from '../path-overrides';
import { adminHandler } from '../../composition/api-handler';
import { ok, pathId, type SecondFactorCheck } from '../../platform/http';
import { secondFactorCheck } from '../../platform/second-factor';

export const makeHandler = (overrides: PathOverrideService, secondFactor: SecondFactorCheck) =>
  adminHandler('listClassOverrides', secondFactor, async (request, caller) => ok(await overrides.listForClass(caller, pathId(request, 'classId'))));

export const handler = makeHandler(buildPathOverrideService(), secondFactorCheck());
