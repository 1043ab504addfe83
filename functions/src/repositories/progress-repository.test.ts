// The exact DynamoDB commands the progress repository sends, and how it reads their answers.
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchGetCommand, BatchWriteCommand, DynamoDBDocumentClient, GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockAws } from '../../../test/unit-helpers/aws';
import { STUDENT_ID } from '../../../test/unit-helpers/events';
import { CLASS_ID, MODULE_ID, progressItem, UPDATED_AT } from '../../../test/unit-helpers/fixtures';
import { makeProgressRepository } from './progress-repository';

const { ddb } = mockAws();
const repository = makeProgressRepository({ client: DynamoDBDocumentClient.from(new DynamoDBClient({})), tableName: 'progress-table' });
const key = { classId: CLASS_ID, moduleId: MODULE_ID, studentId: STUDENT_ID };
const itemKey = { pk: `CLASS#${CLASS_ID}`, sk: `PROGRESS#${MODULE_ID}#${STUDENT_ID}` };

test('getProgress reads the item consistently and turns the section set into a list', async () => {
  ddb.on(GetCommand).resolves({ Item: progressItem({}, ['section-1', 'section-2']) });
  await expect(repository.getProgress(key)).resolves.toEqual({
    ...key,
    completedSections: ['section-1', 'section-2'],
    completedAt: {},
    updatedAt: UPDATED_AT,
  });
  expect(ddb).toReceiveCommandWith(GetCommand, { TableName: 'progress-table', Key: itemKey, ConsistentRead: true });
});

test('getProgress reads completion times from completedAt# attributes; an old item without them has none', async () => {
  ddb.on(GetCommand).resolves({ Item: { ...progressItem({}, ['section-1', 'section-2']), 'completedAt#section-2': '2024-06-01T00:00:00.000Z' } });
  await expect(repository.getProgress(key)).resolves.toMatchObject({ completedAt: { 'section-2': '2024-06-01T00:00:00.000Z' } });
});

test('addCompletedSection ADDs to the set atomically, keeps the first completion time, creates the item, and answers it', async () => {
  ddb.on(UpdateCommand).resolves({
    Attributes: { ...progressItem({}, ['section-1', 'section-2']), 'completedAt#section-2': '2024-06-01T00:00:00.000Z' },
  });
  const answer = await repository.addCompletedSection(key, 'section-2', '2024-06-01T00:00:00.000Z');
  expect(answer.completedSections).toEqual(['section-1', 'section-2']);
  expect(answer.completedAt).toEqual({ 'section-2': '2024-06-01T00:00:00.000Z' });
  expect(ddb).toReceiveCommandWith(UpdateCommand, {
    Key: itemKey,
    UpdateExpression:
      'ADD completedSections :section SET updatedAt = :now, #completedAt = if_not_exists(#completedAt, :now), entity = :entity, classId = :class, moduleId = :module, studentId = :student',
    ExpressionAttributeNames: { '#completedAt': 'completedAt#section-2' },
    ExpressionAttributeValues: {
      ':section': new Set(['section-2']),
      ':now': '2024-06-01T00:00:00.000Z',
      ':entity': 'Progress',
      ':class': CLASS_ID,
      ':module': MODULE_ID,
      ':student': STUDENT_ID,
    },
    ReturnValues: 'ALL_NEW',
  });
});

test('addCompletedSection with an activity context puts the item on the teacher\'s activity index with the names the bell shows', async () => {
  ddb.on(UpdateCommand).resolves({ Attributes: progressItem() });
  const at = '2024-06-01T00:00:00.000Z';
  await repository.addCompletedSection(key, 'section-1', at, {
    teacherId: 'teacher-1',
    studentName: 'Sam',
    moduleTitle: 'Cells',
    className: 'Year 9',
    sectionTotal: 2,
  });
  expect(ddb).toReceiveCommandWith(UpdateCommand, {
    UpdateExpression: expect.stringContaining(', gsi1pk = :activityPartition, gsi1sk = :activitySort, studentName = :studentName'),
    ExpressionAttributeValues: expect.objectContaining({
      ':activityPartition': 'ACTIVITY#teacher-1',
      ':activitySort': `${at}#PROGRESS#${MODULE_ID}#${STUDENT_ID}`,
      ':sectionTotal': 2,
    }),
  });
});

test("listProgressOfStudent batch-gets the student's items by exact keys, consistently: never a classmate's", async () => {
  ddb.on(BatchGetCommand).resolves({ Responses: { 'progress-table': [progressItem({}, ['section-1'])] } });
  await expect(repository.listProgressOfStudent(CLASS_ID, [MODULE_ID, 'module-2'], STUDENT_ID)).resolves.toEqual([
    { ...key, completedSections: ['section-1'], completedAt: {}, updatedAt: UPDATED_AT },
  ]);
  expect(ddb).toReceiveCommandTimes(BatchGetCommand, 1);
  expect(ddb).toReceiveCommandWith(BatchGetCommand, {
    RequestItems: {
      'progress-table': { Keys: [itemKey, { pk: `CLASS#${CLASS_ID}`, sk: `PROGRESS#module-2#${STUDENT_ID}` }], ConsistentRead: true },
    },
  });
  expect(ddb).not.toReceiveCommand(QueryCommand);
});

test("listProgressOfClass queries the class partition's progress items: one query whatever the class size", async () => {
  ddb.on(QueryCommand).resolves({ Items: [progressItem()] });
  await expect(repository.listProgressOfClass(CLASS_ID)).resolves.toHaveLength(1);
  expect(ddb).toReceiveCommandTimes(QueryCommand, 1);
  expect(ddb).toReceiveCommandWith(QueryCommand, {
    KeyConditionExpression: 'pk = :partition AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':partition': `CLASS#${CLASS_ID}`, ':prefix': 'PROGRESS#' },
  });
});

test("listProgressOfClass with a module queries only that module's items", async () => {
  ddb.on(QueryCommand).resolves({ Items: [progressItem()] });
  await repository.listProgressOfClass(CLASS_ID, MODULE_ID);
  expect(ddb).toReceiveCommandWith(QueryCommand, {
    ExpressionAttributeValues: { ':partition': `CLASS#${CLASS_ID}`, ':prefix': `PROGRESS#${MODULE_ID}#` },
  });
});

test("deleteProgressOfModule finds the module's keys and batch-deletes them, retrying what is left unprocessed", async () => {
  ddb.on(QueryCommand).resolves({ Items: [itemKey] });
  const request = { DeleteRequest: { Key: itemKey } };
  ddb.on(BatchWriteCommand).resolvesOnce({ UnprocessedItems: { 'progress-table': [request] } }).resolves({});
  await repository.deleteProgressOfModule(CLASS_ID, MODULE_ID);
  expect(ddb).toReceiveCommandWith(QueryCommand, {
    ExpressionAttributeValues: { ':partition': `CLASS#${CLASS_ID}`, ':prefix': `PROGRESS#${MODULE_ID}#` },
    ProjectionExpression: 'pk, sk',
  });
  expect(ddb).toReceiveCommandTimes(BatchWriteCommand, 2);
  expect(ddb).toReceiveNthSpecificCommandWith(2, BatchWriteCommand, { RequestItems: { 'progress-table': [request] } });
});

test('deleteProgressOfModule writes nothing when there is no progress', async () => {
  ddb.on(QueryCommand).resolves({ Items: [] });
  await repository.deleteProgressOfModule(CLASS_ID, MODULE_ID);
  expect(ddb).not.toReceiveCommand(BatchWriteCommand);
});
