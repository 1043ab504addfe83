// The scheduled retention run (an EventBridge rule starts it daily, infra/constructs/retention-schedule.ts; locally
// `npm start`'s timer or `npm run retention`): no request, no caller; what it did goes to the audit trail and the log.
import { buildSchoolYearService } from '../../composition/school-year';
import { getLogger } from '../../platform/logger';
import type { RetentionRunResult, SchoolYearService } from '../school-year';

export const makeHandler =
  (schoolYear: Pick<SchoolYearService, 'runRetention'>) =>
  async (): Promise<RetentionRunResult> => {
    const result = await schoolYear.runRetention();
    getLogger().info('Retention run', { days: result.days, classes: result.classes.length });
    return result;
  };

export const handler = makeHandler(buildSchoolYearService());
