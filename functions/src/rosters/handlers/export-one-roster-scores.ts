import { buildOneRosterScores } from '../../composition/oneroster-scores';
import type { OneRosterScoresService } from '../oneroster-scores';
import { adminHandler } from '../../composition/api-handler';
import { ok, pathId, type SecondFactorCheck } from '../../platform/http';
import { secondFactorCheck } from '../../platform/second-factor';

// The class report's readers (its teacher, admins with their second factor) export its scores; others get its 404.
export const makeHandler = (scores: OneRosterScoresService, secondFactor: SecondFactorCheck) =>
  adminHandler('exportOneRosterScores', secondFactor, async (request, caller) => ok(await scores.exportScores(caller, pathId(request, 'classId'))));

export const handler = makeHandler(buildOneRosterScores(), secondFactorCheck());
