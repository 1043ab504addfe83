// Single-item reads through the table access: alone a GetItem, started together one BatchGetItem.
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchGetCommand, DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { mockAws } from '@test/unit-helpers/aws';
import { keys, makeTableAccess } from './table';

const { ddb } = mockAws();
const client = DynamoDBDocumentClient.from(new DynamoDBClient({}));
const moduleKey = keys.module('m1');
const classKey = keys.classMeta('c1');
const membershipKey = keys.membership('s1', 'c1');

test('a read on its own is one consistent GetItem', async () => {
  ddb.on(GetCommand).resolves({ Item: { ...moduleKey, title: 'Fractions' } });
  const table = makeTableAccess({ client, tableName: 'table' });
  await expect(table.getItem(moduleKey)).resolves.toEqual({ ...moduleKey, title: 'Fractions' });
  expect(ddb.calls()).toHaveLength(1);
  expect(ddb).toReceiveCommandWith(GetCommand, { TableName: 'table', Key: moduleKey, ConsistentRead: true });
});

test('reads started in the same tick, from repositories built apart, share one consistent BatchGetItem', async () => {
  ddb.on(BatchGetCommand).resolves({ Responses: { table: [{ ...classKey, className: 'Year 9' }, { ...moduleKey, title: 'Fractions' }] } });
  const modules = makeTableAccess({ client, tableName: 'table' });
  const classes = makeTableAccess({ client, tableName: 'table' });
  const [module, schoolClass, membership] = await Promise.all([
    modules.getItem(moduleKey),
    classes.getItem(classKey),
    classes.getItem(membershipKey),
  ]);
  expect(module).toEqual({ ...moduleKey, title: 'Fractions' });
  expect(schoolClass).toEqual({ ...classKey, className: 'Year 9' });
  // An item the table does not hold reads as undefined, as a GetItem's would.
  expect(membership).toBeUndefined();
  expect(ddb.calls()).toHaveLength(1);
  expect(ddb).toReceiveCommandWith(BatchGetCommand, {
    RequestItems: { table: { Keys: [moduleKey, classKey, membershipKey], ConsistentRead: true } },
  });
});

test('a key read twice at once is asked for once, and what DynamoDB leaves unprocessed is asked for again', async () => {
  ddb
    .on(BatchGetCommand)
    .resolvesOnce({ Responses: { table: [{ ...moduleKey }] }, UnprocessedKeys: { table: { Keys: [classKey] } } })
    .resolves({ Responses: { table: [{ ...classKey }] } });
  const table = makeTableAccess({ client, tableName: 'table' });
  const answers = await Promise.all([table.getItem(moduleKey), table.getItem(classKey), table.getItem(moduleKey)]);
  expect(answers).toEqual([moduleKey, classKey, moduleKey]);
  expect(ddb).toReceiveNthCommandWith(1, BatchGetCommand, { RequestItems: { table: { Keys: [moduleKey, classKey], ConsistentRead: true } } });
  expect(ddb).toReceiveNthCommandWith(2, BatchGetCommand, { RequestItems: { table: { Keys: [classKey], ConsistentRead: true } } });
});

test('reads on different tables, or one after another, are not combined', async () => {
  ddb.on(GetCommand).resolves({});
  const first = makeTableAccess({ client, tableName: 'first' });
  const second = makeTableAccess({ client, tableName: 'second' });
  await Promise.all([first.getItem(moduleKey), second.getItem(moduleKey)]);
  await first.getItem(classKey);
  expect(ddb.commandCalls(GetCommand).map((call) => [call.args[0].input.TableName, call.args[0].input.Key])).toEqual([
    ['first', moduleKey],
    ['second', moduleKey],
    ['first', classKey],
  ]);
  expect(ddb).not.toReceiveCommand(BatchGetCommand);
});

test('a failed read fails every read that shared its round trip, and the next read starts afresh', async () => {
  ddb.on(BatchGetCommand).rejects(new Error('ProvisionedThroughputExceededException'));
  const table = makeTableAccess({ client, tableName: 'table' });
  const answers = await Promise.allSettled([table.getItem(moduleKey), table.getItem(classKey)]);
  expect(answers.map((answer) => answer.status)).toEqual(['rejected', 'rejected']);
  ddb.on(GetCommand).resolves({ Item: { ...moduleKey } });
  await expect(table.getItem(moduleKey)).resolves.toEqual(moduleKey);
});
