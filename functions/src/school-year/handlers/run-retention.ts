// The scheduled retention run (an EventBridge rule starts it daily, infra/constructs/retention-schedule.ts; locally
// `npm start`'s daily timer or `npm run retention`): no request, no caller; what it did goes to the audit trail and the log.
import { buildRetentionRun } from '../../composition/school-year';
import { getLogger } from '../../platform/logger';
import type { RetentionRunResult } from '../school-year';

export const makeHandler =
  (runRetention: () => Promise<RetentionRunResult>) =>
  async (): Promise<RetentionRunResult> => {
    const result = await runRetention();
    getLogger().info('Retention run', { days: result.days, classes: result.classes.length });
    return result;
  };

export const handler = makeHandler(buildRetentionRun());
