import { buildOneRosterHistory } from '../../composition/oneroster-history';
import type { OneRosterHistory } from '../oneroster-import';
import { adminHandler } from '../../composition/api-handler';
import { ok, type SecondFactorCheck } from '../../platform/http';
import { secondFactorCheck } from '../../platform/second-factor';

export const makeHandler = (history: OneRosterHistory, secondFactor: SecondFactorCheck) =>
  adminHandler('listOneRosterRuns', secondFactor, async () => ok({ runs: await history.recent() }));

export const handler = makeHandler(buildOneRosterHistory(), secondFactorCheck());
