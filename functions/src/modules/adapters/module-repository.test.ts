// The exact DynamoDB commands the module repository sends, and how it reads their answers.
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchGetCommand, DeleteCommand, DynamoDBDocumentClient, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { conditionFailure, mockAws } from '@test/unit-helpers/aws';
import { moduleItem, MODULE_ID, section, UPDATED_AT } from '@test/unit-helpers/fixtures';
import { TEACHER_ID } from '@test/unit-helpers/events';
import type { ModuleRecord } from '../port';
import { makeModuleRepository } from './module-repository';

const { ddb } = mockAws();
const repository = makeModuleRepository({ client: DynamoDBDocumentClient.from(new DynamoDBClient({})), tableName: 'modules-table' });
const { pk, sk, gsi1pk, gsi1sk, entity, ...stored } = moduleItem();
const record = stored as unknown as ModuleRecord;

test('getModule reads one item consistently by its key and answers the record without keys', async () => {
  ddb.on(GetCommand).resolves({ Item: moduleItem() });
  await expect(repository.getModule(MODULE_ID)).resolves.toEqual(record);
  expect(ddb).toReceiveCommandWith(GetCommand, { TableName: 'modules-table', Key: { pk: `MODULE#${MODULE_ID}`, sk: 'MODULE' }, ConsistentRead: true });
  ddb.on(GetCommand).resolves({});
  await expect(repository.getModule('missing')).resolves.toBeUndefined();
});

test('getModules batch-reads each id once and retries what DynamoDB leaves unprocessed', async () => {
  const keyOf = (id: string) => ({ pk: `MODULE#${id}`, sk: 'MODULE' });
  ddb
    .on(BatchGetCommand)
    .resolvesOnce({ Responses: { 'modules-table': [moduleItem({ moduleId: 'a' })] }, UnprocessedKeys: { 'modules-table': { Keys: [keyOf('b')] } } })
    .resolves({ Responses: { 'modules-table': [moduleItem({ moduleId: 'b' })] } });
  const records = await repository.getModules(['a', 'b', 'a']);
  expect(records.map((each) => each.moduleId)).toEqual(['a', 'b']);
  expect(ddb).toReceiveNthCommandWith(1, BatchGetCommand, { RequestItems: { 'modules-table': { Keys: [keyOf('a'), keyOf('b')], ConsistentRead: true } } });
  expect(ddb).toReceiveNthCommandWith(2, BatchGetCommand, { RequestItems: { 'modules-table': { Keys: [keyOf('b')], ConsistentRead: true } } });
});

test('getModules sends nothing for no ids', async () => {
  await expect(repository.getModules([])).resolves.toEqual([]);
  expect(ddb).not.toReceiveAnyCommand();
});

test("listModulesByOwner queries the owner index for the teacher's modules, to the last page", async () => {
  ddb
    .on(QueryCommand)
    .resolvesOnce({ Items: [moduleItem({ moduleId: 'a' })], LastEvaluatedKey: { pk: 'MODULE#a', sk: 'MODULE' } })
    .resolvesOnce({ Items: [moduleItem({ moduleId: 'b' })] });
  const records = await repository.listModulesByOwner(TEACHER_ID);
  expect(records.map((each) => each.moduleId)).toEqual(['a', 'b']);
  expect(ddb).toReceiveNthCommandWith(1, QueryCommand, {
    TableName: 'modules-table',
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :partition AND begins_with(gsi1sk, :prefix)',
    ExpressionAttributeValues: { ':partition': `TEACHER#${TEACHER_ID}`, ':prefix': 'MODULE#' },
  });
  expect(ddb).toReceiveNthCommandWith(2, QueryCommand, { ExclusiveStartKey: { pk: 'MODULE#a', sk: 'MODULE' } });
});

test('insertModule puts the item with its keys only if none exists; false when one does', async () => {
  ddb.on(PutCommand).resolves({});
  await expect(repository.insertModule(record)).resolves.toBe(true);
  expect(ddb).toReceiveCommandWith(PutCommand, {
    TableName: 'modules-table',
    Item: moduleItem(),
    ConditionExpression: 'attribute_not_exists(pk)',
  });
  ddb.on(PutCommand).rejects(conditionFailure());
  await expect(repository.insertModule(record)).resolves.toBe(false);
});

test('replaceModule puts the item only if the owner and the version read still hold; false otherwise', async () => {
  ddb.on(PutCommand).resolves({});
  const next = { ...record, title: 'New', updatedAt: '2024-06-01T00:00:00.000Z' };
  await expect(repository.replaceModule(next, UPDATED_AT)).resolves.toBe(true);
  expect(ddb).toReceiveCommandWith(PutCommand, {
    Item: moduleItem({ title: 'New', updatedAt: next.updatedAt }),
    ConditionExpression: 'ownerId = :owner AND updatedAt = :expected',
    ExpressionAttributeValues: { ':owner': TEACHER_ID, ':expected': UPDATED_AT },
  });
  ddb.on(PutCommand).rejects(conditionFailure());
  await expect(repository.replaceModule(next, UPDATED_AT)).resolves.toBe(false);
});

test('deleteOwnedModule deletes only if the teacher owns it, answering the old record, or undefined', async () => {
  ddb.on(DeleteCommand).resolves({ Attributes: moduleItem() });
  await expect(repository.deleteOwnedModule(MODULE_ID, TEACHER_ID)).resolves.toEqual(record);
  expect(ddb).toReceiveCommandWith(DeleteCommand, {
    Key: { pk: `MODULE#${MODULE_ID}`, sk: 'MODULE' },
    ConditionExpression: 'ownerId = :owner',
    ExpressionAttributeValues: { ':owner': TEACHER_ID },
    ReturnValues: 'ALL_OLD',
  });
  ddb.on(DeleteCommand).rejects(conditionFailure());
  await expect(repository.deleteOwnedModule(MODULE_ID, 'someone')).resolves.toBeUndefined();
});

test('other failures are not mistaken for a refused condition', async () => {
  ddb.on(PutCommand).rejects(new Error('ProvisionedThroughputExceededException'));
  await expect(repository.insertModule(record)).rejects.toThrow('ProvisionedThroughputExceededException');
});

test("transferModule moves the owner and the owner's index only while the old owner holds it", async () => {
  ddb.on(UpdateCommand).resolves({});
  await expect(repository.transferModule(MODULE_ID, TEACHER_ID, 'teacher-9')).resolves.toBe(true);
  expect(ddb).toReceiveCommandWith(UpdateCommand, {
    TableName: 'modules-table',
    Key: { pk: `MODULE#${MODULE_ID}`, sk: 'MODULE' },
    UpdateExpression: 'SET ownerId = :to, gsi1pk = :gsi1pk, gsi1sk = :gsi1sk',
    ConditionExpression: 'ownerId = :from',
    ExpressionAttributeValues: { ':from': TEACHER_ID, ':to': 'teacher-9', ':gsi1pk': 'TEACHER#teacher-9', ':gsi1sk': `MODULE#${MODULE_ID}` },
  });
  ddb.on(UpdateCommand).rejects(conditionFailure());
  await expect(repository.transferModule(MODULE_ID, TEACHER_ID, 'teacher-9')).resolves.toBe(false);
});

test('transferModule writes the sections with their moved files in the same update', async () => {
  ddb.on(UpdateCommand).resolves({});
  const sections = [section('section-1', 1, { contentUrl: 'protected/teacher-9/u1/cells.pdf' })];
  await expect(repository.transferModule(MODULE_ID, TEACHER_ID, 'teacher-9', sections)).resolves.toBe(true);
  expect(ddb).toReceiveCommandWith(UpdateCommand, {
    UpdateExpression: 'SET ownerId = :to, gsi1pk = :gsi1pk, gsi1sk = :gsi1sk, sections = :sections',
    ConditionExpression: 'ownerId = :from',
    ExpressionAttributeValues: expect.objectContaining({ ':from': TEACHER_ID, ':to': 'teacher-9', ':sections': sections }),
  });
});
