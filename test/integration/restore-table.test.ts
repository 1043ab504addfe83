// `npm run restore`: the checks before a point-in-time restore, the restore's requests and what it re-applies, and
// the stage's settings naming the restored table. DynamoDB's point-in-time recovery cannot run on the local twin
// (dynalite has none), so DynamoDB is a recording stand-in here; the CDK side (every function using the table the
// settings name) is infra/test/restored-table.test.ts.
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { restoredTableName, restoreTable, type RestoreTarget } from '@tools/restore-table';

const NOW = new Date('2026-11-28T12:00:00Z');
const WINDOW = { EarliestRestorableDateTime: new Date('2026-10-30T12:00:00Z'), LatestRestorableDateTime: new Date('2026-11-28T11:55:00Z') };

function standIn(recovery: Record<string, unknown> = { PointInTimeRecoveryStatus: 'ENABLED', ...WINDOW }) {
  const sent: { command: string; input: Record<string, unknown> }[] = [];
  const used: string[] = [];
  const client = {
    send: async (command: { constructor: { name: string }; input: Record<string, unknown> }) => {
      const name = command.constructor.name.replace(/Command$/, '');
      sent.push({ command: name, input: command.input });
      if (name === 'DescribeContinuousBackups') return { ContinuousBackupsDescription: { ContinuousBackupsStatus: 'ENABLED', PointInTimeRecoveryDescription: recovery } };
      if (name === 'DescribeTable') return { Table: { TableName: command.input.TableName, TableStatus: 'ACTIVE', ItemCount: 42 } };
      return {};
    },
  } as unknown as Pick<DynamoDBClient, 'send'>;
  const target: RestoreTarget = { stage: 'prod', sourceTable: 'prod-LearningPaths-Data-Table1234', client, useTable: (name) => used.push(name), now: NOW, waitSeconds: 30 };
  return { sent, used, target, commands: () => sent.map(({ command }) => command) };
}

test('restores to a new table named after the stage and the time, waits for it, re-applies what a restore drops, and names it in the settings', async () => {
  const { sent, used, target, commands } = standIn();
  const sentences = await restoreTable(['--to', '2026-11-28T10:30:00+01:00'], target);
  const restored = 'prod-learning-paths-20261128t093000z';
  expect(restoredTableName('prod', new Date('2026-11-28T09:30:00.000Z'))).toBe(restored);
  expect(commands()).toEqual(['DescribeContinuousBackups', 'RestoreTableToPointInTime', 'DescribeTable', 'UpdateTimeToLive', 'UpdateContinuousBackups', 'UpdateTable', 'DescribeTable']);
  expect(sent[1].input).toEqual({ SourceTableName: 'prod-LearningPaths-Data-Table1234', TargetTableName: restored, RestoreDateTime: new Date('2026-11-28T09:30:00Z'), BillingModeOverride: 'PAY_PER_REQUEST' });
  expect(sent[3].input).toEqual({ TableName: restored, TimeToLiveSpecification: { AttributeName: 'expiresAtEpoch', Enabled: true } });
  expect(sent[4].input).toEqual({ TableName: restored, PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true } });
  expect(sent[5].input).toEqual({ TableName: restored, DeletionProtectionEnabled: true });
  expect(used).toEqual([restored]);
  expect(sentences).toContain(`infra/stages/prod.json now says "tableName": "${restored}"`);
  expect(sentences).toContain('npx cdk deploy --all -c stage=prod');
});

test.each([
  [['--to', '2026-11-28T09:30:00'], '--to must be a time with its zone'],
  [['--to', 'yesterday'], '--to must be a time with its zone'],
  [[], '--to must be a time with its zone'],
  [['--to', '2026-11-28T12:30:00Z'], 'is not in the past'],
  [['--to', '2026-10-01T00:00:00Z'], 'can be restored to a time from 2026-10-30T12:00:00.000Z to 2026-11-28T11:55:00.000Z; 2026-10-01T00:00:00.000Z is outside it'],
])('refuses %j with a sentence, restoring nothing and leaving the settings', async (args, message) => {
  const { used, target, commands } = standIn();
  await expect(restoreTable(args, target)).rejects.toThrow(message);
  expect(commands()).not.toContain('RestoreTableToPointInTime');
  expect(used).toEqual([]);
});

test('refuses when point-in-time recovery is off for the table', async () => {
  const { used, target, commands } = standIn({ PointInTimeRecoveryStatus: 'DISABLED' });
  await expect(restoreTable(['--to', '2026-11-28T09:30:00Z'], target)).rejects.toThrow('Point-in-time recovery is not on for prod-LearningPaths-Data-Table1234');
  expect(commands()).toEqual(['DescribeContinuousBackups']);
  expect(used).toEqual([]);
});
