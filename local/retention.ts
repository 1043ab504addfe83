// The scheduled retention run on this machine: the same run the daily EventBridge rule starts in AWS, over a local
// stack's table, with a clock the caller chooses (tests and `npm run retention -- --now <instant>` move it forward).
import { makeClassArchiveRepository } from '../functions/src/classes/adapters/class-repository';
import { makeDynamoAuditLog } from '../functions/src/audit/adapters/audit-repository';
import type { Clock } from '../functions/src/kernel/ports';
import { makeRosterRepository } from '../functions/src/rosters/adapters/roster-repository';
import { makeRetentionRepository } from '../functions/src/school-year/adapters/retention-repository';
import { makeRetentionRun, type RetentionRunResult } from '../functions/src/school-year/school-year';
import type { TargetStack } from './stack-config';
import { localTableContext } from './table-stores';

/** How often `npm start` runs it: daily, as in AWS. */
export const RETENTION_INTERVAL_MS = 24 * 60 * 60 * 1000;

export async function runLocalRetention(config: Pick<TargetStack, 'region' | 'dynamodb' | 'credentials'>, clock: Clock = { now: () => new Date() }): Promise<RetentionRunResult> {
  const context = localTableContext(config);
  try {
    const run = makeRetentionRun({
      rosters: makeRosterRepository(context),
      archive: makeClassArchiveRepository(context),
      retention: makeRetentionRepository(context),
      audit: makeDynamoAuditLog(context),
      clock,
    });
    return await run();
  } finally {
    context.client.destroy();
  }
}

export const describeRetentionRun = ({ days, classes }: RetentionRunResult) =>
  days === null ? 'Retention is off: nothing removed.' : `Retention (${days} days after archiving): ${classes.length} archived class(es) cleaned${classes.length > 0 ? `: ${classes.map((each) => each.className).join(', ')}` : ''}.`;
