// The erase's sweep over a mocked table: one consistent Scan page from the position given, the person's own items
// deleted (their access record too: nothing keeps their id), others' items mentioning them rewritten to the pseudonym,
// an unknown type holding them refused, and where to go on, so a second call after a crash resumes the sweep.
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, DynamoDBDocumentClient, ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockAws } from '@test/unit-helpers/aws';
import type { SweepTarget } from '../port';
import { makePersonalDataSweep } from './personal-data-sweep';

const { ddb } = mockAws();
const sweep = makePersonalDataSweep({ client: DynamoDBDocumentClient.from(new DynamoDBClient({})), tableName: 'sweep-table' });
const target: SweepTarget = { person: { userId: 'u-1', email: 'sam@example.com', name: 'Sam Student', role: 'Students' }, pseudonym: 'erased-abc' };

const accessRecord = { pk: 'ACCESS#u-1', sk: 'ACCESS', tokensRevokedAt: 1_000, roleVersion: 2 };
const progress = { pk: 'CLASS#c-1', sk: 'PROGRESS#m-1#u-1', completedSections: new Set(['s-1']) };
const classItem = { pk: 'CLASS#c-1', sk: 'CLASS', className: 'Year 9', createdBy: 'u-1' };
const someoneElse = { pk: 'ACCESS#u-2', sk: 'ACCESS', tokensRevokedAt: 5 };

test('reads one consistent page from the start, deletes the person’s own items, access record included, and answers where to go on', async () => {
  ddb.on(ScanCommand).resolves({ Items: [accessRecord, progress, someoneElse], LastEvaluatedKey: { pk: 'CLASS#c-1', sk: 'PROGRESS#m-1#u-1' } });
  ddb.on(BatchWriteCommand).resolves({});
  expect(await sweep.sweepTablePage(target)).toEqual({ next: JSON.stringify({ pk: 'CLASS#c-1', sk: 'PROGRESS#m-1#u-1' }) });
  expect(ddb).toHaveReceivedCommandWith(ScanCommand, { TableName: 'sweep-table', ConsistentRead: true });
  expect(ddb.commandCalls(ScanCommand)[0]!.args[0].input.ExclusiveStartKey).toBeUndefined();
  expect(ddb).toHaveReceivedCommandWith(BatchWriteCommand, {
    RequestItems: { 'sweep-table': [{ DeleteRequest: { Key: { pk: 'ACCESS#u-1', sk: 'ACCESS' } } }, { DeleteRequest: { Key: { pk: 'CLASS#c-1', sk: 'PROGRESS#m-1#u-1' } } }] },
  });
  expect(ddb).not.toHaveReceivedCommand(UpdateCommand);
});

test('goes on from the position a call before answered, and answers none after the last page', async () => {
  ddb.on(ScanCommand).resolves({ Items: [] });
  ddb.on(BatchWriteCommand).resolves({});
  expect(await sweep.sweepTablePage(target, JSON.stringify({ pk: 'CLASS#c-1', sk: 'PROGRESS#m-1#u-1' }))).toEqual({});
  expect(ddb).toHaveReceivedCommandWith(ScanCommand, { ExclusiveStartKey: { pk: 'CLASS#c-1', sk: 'PROGRESS#m-1#u-1' } });
});

test('rewrites someone else’s item that mentions the person, on the condition that it still holds what was read', async () => {
  ddb.on(ScanCommand).resolves({ Items: [classItem] });
  ddb.on(UpdateCommand).resolves({});
  ddb.on(BatchWriteCommand).resolves({});
  await sweep.sweepTablePage(target);
  expect(ddb).toHaveReceivedCommandWith(UpdateCommand, {
    Key: { pk: 'CLASS#c-1', sk: 'CLASS' },
    UpdateExpression: 'SET #a0 = :new0',
    ConditionExpression: 'attribute_exists(pk) AND #a0 = :old0',
    ExpressionAttributeNames: { '#a0': 'createdBy' },
    ExpressionAttributeValues: { ':new0': 'erased-abc', ':old0': 'u-1' },
  });
});

test('stops at an item of a type the plan does not know that holds the person, erasing nothing of that page', async () => {
  ddb.on(ScanCommand).resolves({ Items: [accessRecord, { pk: 'NEW_THING#u-1', sk: 'X' }] });
  await expect(sweep.sweepTablePage(target)).rejects.toThrow(/does not know \(NEW_THING#u-1 \/ X\)/);
  expect(ddb).not.toHaveReceivedCommand(BatchWriteCommand);
});
