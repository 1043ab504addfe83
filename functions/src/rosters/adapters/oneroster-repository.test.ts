// The exact DynamoDB commands of the OneRoster links and runs.
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, DynamoDBDocumentClient, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { conditionFailure, mockAws } from '@test/unit-helpers/aws';
import { makeOneRosterRepository } from './oneroster-repository';

const { ddb } = mockAws();
const store = makeOneRosterRepository({ client: DynamoDBDocumentClient.from(new DynamoDBClient({})), tableName: 'table' });

test('link puts the link only while its sourcedId names no other record (the same record may be written again)', async () => {
  ddb.on(PutCommand).resolves({});
  await expect(store.link('enrollments', { sourcedId: 'e-1', classId: 'c-1', studentId: 's-1' })).resolves.toBe(true);
  expect(ddb).toReceiveCommandWith(PutCommand, {
    TableName: 'table',
    Item: { pk: 'ONEROSTER', sk: 'enrollments#e-1', entity: 'OneRosterLink', sourcedId: 'e-1', classId: 'c-1', studentId: 's-1' },
    ConditionExpression: 'attribute_not_exists(pk) OR (#classId = :classId AND #studentId = :studentId)',
    ExpressionAttributeNames: { '#classId': 'classId', '#studentId': 'studentId' },
    ExpressionAttributeValues: { ':classId': 'c-1', ':studentId': 's-1' },
  });
  ddb.on(PutCommand).rejects(conditionFailure());
  await expect(store.link('people', { sourcedId: 't-1', userId: 'u-2' })).resolves.toBe(false);
});

test('readLinks reads the partition consistently, sorted into people, classes and enrolments', async () => {
  ddb.on(QueryCommand).resolves({
    Items: [
      { pk: 'ONEROSTER', sk: 'classes#cl-1', entity: 'OneRosterLink', sourcedId: 'cl-1', classId: 'c-1', termSourcedId: 'term' },
      { pk: 'ONEROSTER', sk: 'people#t-1', entity: 'OneRosterLink', sourcedId: 't-1', userId: 'u-1' },
    ],
  });
  await expect(store.readLinks()).resolves.toEqual({
    people: [{ sourcedId: 't-1', userId: 'u-1' }],
    classes: [{ sourcedId: 'cl-1', classId: 'c-1', termSourcedId: 'term' }],
    enrollments: [],
  });
  expect(ddb).toReceiveCommandWith(QueryCommand, { ExpressionAttributeValues: { ':partition': 'ONEROSTER', ':prefix': '' }, ConsistentRead: true });
});

test('readLinks of some kinds queries each kind’s prefix only', async () => {
  ddb.on(QueryCommand, { ExpressionAttributeValues: { ':partition': 'ONEROSTER', ':prefix': 'classes#' } }).resolves({
    Items: [{ pk: 'ONEROSTER', sk: 'classes#cl-1', entity: 'OneRosterLink', sourcedId: 'cl-1', classId: 'c-1' }],
  });
  ddb.on(QueryCommand, { ExpressionAttributeValues: { ':partition': 'ONEROSTER', ':prefix': 'people#' } }).resolves({
    Items: [{ pk: 'ONEROSTER', sk: 'people#t-1', entity: 'OneRosterLink', sourcedId: 't-1', userId: 'u-1' }],
  });
  await expect(store.readLinks(['classes', 'people'])).resolves.toEqual({
    people: [{ sourcedId: 't-1', userId: 'u-1' }],
    classes: [{ sourcedId: 'cl-1', classId: 'c-1' }],
    enrollments: [],
  });
  expect(ddb).toHaveReceivedCommandTimes(QueryCommand, 2);
});

test('unlink deletes the link; runs are put once and read newest first', async () => {
  ddb.on(DeleteCommand).resolves({});
  await store.unlink('classes', 'cl-1');
  expect(ddb).toReceiveCommandWith(DeleteCommand, { Key: { pk: 'ONEROSTER', sk: 'classes#cl-1' } });
  const count = { create: 1, update: 0, delete: 0, unchanged: 2 };
  const run = { runId: 'r-1', at: '2026-11-29T02:00:00.000Z', by: 'OneRoster sync', source: 'bucket' as const, mode: 'apply' as const, counts: { users: count, classes: count, enrollments: count }, errors: [], errorCount: 0 };
  ddb.on(PutCommand).resolves({});
  await store.recordRun(run);
  expect(ddb).toReceiveCommandWith(PutCommand, { Item: { pk: 'ONEROSTER-RUNS', sk: '2026-11-29T02:00:00.000Z#r-1', entity: 'OneRosterRun', ...run }, ConditionExpression: 'attribute_not_exists(pk)' });
  ddb.on(QueryCommand).resolves({ Items: [{ pk: 'ONEROSTER-RUNS', sk: 'x', entity: 'OneRosterRun', ...run }] });
  await expect(store.recentRuns(50)).resolves.toEqual([run]);
  expect(ddb).toReceiveCommandWith(QueryCommand, { ExpressionAttributeValues: { ':partition': 'ONEROSTER-RUNS' }, ScanIndexForward: false, Limit: 50 });
});
