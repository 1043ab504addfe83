// `STAGE=<stage> npm run restore -- --to <ISO time>`: restores the stage's table to a point in time (DynamoDB
// point-in-time recovery, on for every stage) as a new table, gives it what a restore does not carry over (time to
// live, point-in-time recovery, deletion protection), and names it in the stage's settings (`tableName`), so the next
// `npx cdk deploy` points every function at it. The table it restored from is left as it is, for comparison.
// README.md, "Backups and restore", has the whole procedure; docs/decisions/infrastructure/restored-table.md says why so.
import '../local/quiet-aws-sdk-notices';
import { parseArgs } from 'node:util';
import {
  DescribeContinuousBackupsCommand,
  DescribeTableCommand,
  DynamoDBClient,
  RestoreTableToPointInTimeCommand,
  UpdateContinuousBackupsCommand,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
  waitUntilTableExists,
} from '@aws-sdk/client-dynamodb';
import { writeStageSetting } from '../infra/stage-settings';
import { TABLE_TIME_TO_LIVE_ATTRIBUTE } from '../shared/table';
import { deployedStage } from './stage-outputs';

const USAGE = `Usage: STAGE=<stage> npm run restore -- --to <ISO time with zone, e.g. 2026-11-28T09:30:00Z>
AWS credentials as for the AWS CLI.`;

/** How long to wait for the restored table: DynamoDB restores take minutes to hours with the table's size. */
const RESTORE_WAIT_SECONDS = 6 * 60 * 60;

export interface RestoreTarget {
  stage: string;
  /** The table the stage uses now (its settings' tableName, or the Data stack's). */
  sourceTable: string;
  client: Pick<DynamoDBClient, 'send'>;
  /** Names the restored table in the stage's settings. */
  useTable: (tableName: string) => void;
  now?: Date;
  /** Seconds to wait for the restored table to become active. */
  waitSeconds?: number;
  log?: (line: string) => void;
}

/** The time to restore to: an ISO 8601 time with its zone (a time without one would depend on the machine's). */
export function restorePoint(text: string | undefined, now: Date): Date {
  if (!text || !/^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d+)?)?(Z|[+-]\d\d:\d\d)$/.test(text) || Number.isNaN(Date.parse(text))) {
    throw new Error(`--to must be a time with its zone, e.g. 2026-11-28T09:30:00Z (UTC) or 2026-11-28T10:30:00+01:00; nothing was restored.\n${USAGE}`);
  }
  const point = new Date(text);
  if (point.getTime() >= now.getTime()) throw new Error(`${point.toISOString()} is not in the past; nothing was restored.`);
  return point;
}

/** `<stage>-learning-paths-<yyyymmddthhmmssz>` of the restore point: a new name per restore, which says what it holds. */
export const restoredTableName = (stage: string, point: Date) =>
  `${stage}-learning-paths-${point.toISOString().replace(/\.\d+Z$/, 'Z').replace(/[-:]/g, '').toLowerCase()}`;

/** Restores, waits, re-applies settings and names the table in the stage's settings; answers the sentences to print. */
export async function restoreTable(args: string[], target: RestoreTarget): Promise<string> {
  const { values } = parseArgs({ args, options: { to: { type: 'string' } }, strict: true });
  const { client, stage, sourceTable } = target;
  const log = target.log ?? (() => {});
  const point = restorePoint(values.to, target.now ?? new Date());
  const { ContinuousBackupsDescription: backups } = await client.send(new DescribeContinuousBackupsCommand({ TableName: sourceTable }));
  const recovery = backups?.PointInTimeRecoveryDescription;
  if (recovery?.PointInTimeRecoveryStatus !== 'ENABLED' || !recovery.EarliestRestorableDateTime || !recovery.LatestRestorableDateTime) {
    throw new Error(`Point-in-time recovery is not on for ${sourceTable}; nothing was restored. Turn it on (the Data stack does) and restore from a later time.`);
  }
  const [earliest, latest] = [recovery.EarliestRestorableDateTime, recovery.LatestRestorableDateTime];
  if (point < earliest || point > latest) {
    throw new Error(`${sourceTable} can be restored to a time from ${earliest.toISOString()} to ${latest.toISOString()}; ${point.toISOString()} is outside it. Nothing was restored.`);
  }
  const targetTable = restoredTableName(stage, point);
  if (targetTable === sourceTable) throw new Error(`The stage already uses ${targetTable}, restored to that time; nothing was restored.`);
  log(`Restoring ${sourceTable} as it was at ${point.toISOString()} to the new table ${targetTable}…`);
  await client.send(
    new RestoreTableToPointInTimeCommand({ SourceTableName: sourceTable, TargetTableName: targetTable, RestoreDateTime: point, BillingModeOverride: 'PAY_PER_REQUEST' }),
  );
  log('Waiting for it to become active (minutes to hours with the table\'s size; running this again later is safe: it says the table exists).');
  await waitUntilTableExists({ client: client as DynamoDBClient, maxWaitTime: target.waitSeconds ?? RESTORE_WAIT_SECONDS, minDelay: 5, maxDelay: 60 }, { TableName: targetTable });
  // A restore carries the keys, indexes, billing and encryption, not these.
  await client.send(new UpdateTimeToLiveCommand({ TableName: targetTable, TimeToLiveSpecification: { AttributeName: TABLE_TIME_TO_LIVE_ATTRIBUTE, Enabled: true } }));
  await client.send(new UpdateContinuousBackupsCommand({ TableName: targetTable, PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true } }));
  await client.send(new UpdateTableCommand({ TableName: targetTable, DeletionProtectionEnabled: true }));
  const { Table } = await client.send(new DescribeTableCommand({ TableName: targetTable }));
  target.useTable(targetTable);
  return [
    `Restored ${sourceTable} as it was at ${point.toISOString()} to ${targetTable} (${Table?.ItemCount ?? '?'} items as DynamoDB last counted them), with time to live, point-in-time recovery and deletion protection on.`,
    `infra/stages/${stage}.json now says "tableName": "${targetTable}". Next:`,
    `  1. git commit infra/stages/${stage}.json`,
    `  2. npm run build && npx cdk deploy --all -c stage=${stage}   (every function then uses ${targetTable})`,
    `  3. STAGE=${stage} npm run migrate   (repairs counts and the people index against the user pool as it is now)`,
    `Changes made between ${point.toISOString()} and the deploy are in ${sourceTable} only; it stays, retained, until you delete it.`,
  ].join('\n');
}

if (require.main === module) {
  const client = new DynamoDBClient({});
  (async () => {
    const deployed = deployedStage('npm run restore -- --to <time>');
    return restoreTable(process.argv.slice(2), {
      stage: deployed.stage,
      sourceTable: await deployed.tableName(),
      client,
      useTable: (tableName) => writeStageSetting(deployed.stage, 'tableName', tableName),
      log: (line) => console.log(line),
    });
  })()
    .then(
      (sentences) => console.log(sentences),
      (error: Error) => {
        console.error(error.message);
        process.exitCode = 1;
      },
    )
    .finally(() => client.destroy());
}
