// The exact DynamoDB commands the people index sends.
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchGetCommand, DynamoDBDocumentClient, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Person } from '@shared/contract/people';
import { conditionFailure, mockAws } from '@test/unit-helpers/aws';
import { PEOPLE_SHARDS, shardOf } from '../../table/table';
import { makePeopleIndexRepository } from './people-index-repository';

const { ddb } = mockAws();
const index = makePeopleIndexRepository({ client: DynamoDBDocumentClient.from(new DynamoDBClient({})), tableName: 'people-table' });
const amara: Person = { userId: 'u-1', email: 's30@school.example', name: 'Amára Okafor', role: 'Students', status: 'active', createdAt: '2026-09-01T08:00:00.000Z' };
const copy = {
  pk: 'PERSON#u-1',
  sk: 'PERSON',
  entity: 'PersonCopy',
  userId: 'u-1',
  email: 's30@school.example',
  name: 'Amára Okafor',
  role: 'Students',
  status: 'active',
  createdAt: '2026-09-01T08:00:00.000Z',
  search: 'amara okafor s30@school.example',
  gsi1pk: `PEOPLE#${shardOf('u-1', PEOPLE_SHARDS)}`,
  gsi1sk: 'amara okafor#u-1',
};

test('save puts the whole copy: the normalised search text, and the name order on the owner index', async () => {
  await index.save(amara);
  expect(ddb).toReceiveCommandWith(PutCommand, { TableName: 'people-table', Item: copy });
});

test('update sets the changed field (a name also its search text and order), the others only where the copy lacks them', async () => {
  await index.update({ ...amara, name: 'Ada Okafor' }, ['name']);
  const { UpdateExpression, ExpressionAttributeNames, ExpressionAttributeValues } = ddb.commandCalls(UpdateCommand)[0]!.args[0].input;
  const assignments = Object.fromEntries(
    UpdateExpression!.replace(/^SET /, '').split(/, (?=#)/).map((assignment) => {
      const [name, value] = assignment.split(' = ');
      return [ExpressionAttributeNames![name!], value!.startsWith('if_not_exists') ? 'kept' : 'set'];
    }),
  );
  expect(assignments).toEqual({
    entity: 'kept',
    userId: 'kept',
    email: 'kept',
    name: 'set',
    role: 'kept',
    status: 'kept',
    createdAt: 'kept',
    search: 'set',
    gsi1pk: 'kept',
    gsi1sk: 'set',
  });
  expect(Object.values(ExpressionAttributeValues!)).toEqual(expect.arrayContaining(['Ada Okafor', 'ada okafor s30@school.example', 'ada okafor#u-1']));
});

test('markSignedIn turns only an "invited" copy active, and a copy that is not invited is left alone', async () => {
  ddb.on(UpdateCommand).rejects(conditionFailure());
  await expect(index.markSignedIn('u-1')).resolves.toBeUndefined();
  expect(ddb).toReceiveCommandWith(UpdateCommand, {
    Key: { pk: 'PERSON#u-1', sk: 'PERSON' },
    UpdateExpression: 'SET #status = :active',
    ConditionExpression: '#status = :invited',
  });
});

/** A person's copy in the shard of their id, by sort name. */
const copyOf = (userId: string, sortName: string) => ({ ...copy, userId, name: sortName, gsi1pk: `PEOPLE#${shardOf(userId, PEOPLE_SHARDS)}`, gsi1sk: `${sortName}#${userId}` });
const partitionOf = (call: { args: [{ input: object }] }) => (call.args[0].input as { ExpressionAttributeValues: Record<string, string> }).ExpressionAttributeValues[':partition'];

test('search queries every shard of the owner index at once, with one contains() per word, role and statuses, and continues after the last person given', async () => {
  const ben = copyOf('u-2', 'ben okafor');
  ddb.on(QueryCommand).resolves({ Items: [] });
  ddb.on(QueryCommand, { ExpressionAttributeValues: { ':partition': copy.gsi1pk } }).resolves({ Items: [copy], LastEvaluatedKey: { pk: 'x' } });
  ddb.on(QueryCommand, { ExpressionAttributeValues: { ':partition': ben.gsi1pk } }).resolves({ Items: [ben] });
  const page = await index.search({ search: 'Okafor  S30', role: 'Students', statuses: ['active', 'invited'] }, 1);
  expect(ddb).toReceiveCommandTimes(QueryCommand, PEOPLE_SHARDS);
  expect(ddb.commandCalls(QueryCommand).map(partitionOf).sort()).toEqual(Array.from({ length: PEOPLE_SHARDS }, (_, shard) => `PEOPLE#${shard}`));
  expect(ddb).toReceiveCommandWith(QueryCommand, {
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :partition',
    FilterExpression: 'contains(#search, :term0) AND contains(#search, :term1) AND #role = :role AND #status IN (:status0, :status1)',
    ExpressionAttributeValues: { ':partition': copy.gsi1pk, ':term0': 'okafor', ':term1': 's30', ':role': 'Students', ':status0': 'active', ':status1': 'invited' },
  });
  expect(page.people.map((person) => person.userId)).toEqual(['u-1']);
  expect(Buffer.from(page.next!, 'base64url').toString()).toBe('amara okafor#u-1');

  ddb.reset();
  ddb.on(QueryCommand).resolves({ Items: [] });
  await index.search({ next: page.next }, 64);
  expect(ddb.commandCalls(QueryCommand).at(-1)!.args[0].input).toMatchObject({
    KeyConditionExpression: 'gsi1pk = :partition AND gsi1sk > :after',
    ExpressionAttributeValues: { ':after': 'amara okafor#u-1' },
    // About twice a shard's share of the page.
    Limit: 16,
  });
  await expect(index.search({ next: 'not-one' }, 60)).rejects.toMatchObject({ kind: 'invalid' });
});

test('search merges the shards in name order, reading a shard further before giving a name its unread copies might precede', async () => {
  // Ids of two different shards; the first shard's page holds one copy, then more on the next page.
  const ids = Array.from({ length: 40 }, (_, n) => `u-${n}`);
  const first = ids[0]!;
  const other = ids.find((id) => shardOf(id, PEOPLE_SHARDS) !== shardOf(first, PEOPLE_SHARDS))!;
  const [adam, cara, dora] = [copyOf(first, 'adam'), copyOf(first, 'cara'), copyOf(other, 'dora')];
  const bea = copyOf(other, 'bea');
  ddb.on(QueryCommand).resolves({ Items: [] });
  ddb
    .on(QueryCommand, { ExpressionAttributeValues: { ':partition': adam.gsi1pk } })
    .resolvesOnce({ Items: [adam], LastEvaluatedKey: { pk: 'more' } })
    .resolves({ Items: [cara] });
  ddb.on(QueryCommand, { ExpressionAttributeValues: { ':partition': bea.gsi1pk } }).resolves({ Items: [bea, dora] });
  const page = await index.search({}, 4);
  expect(page.people.map((person) => person.name)).toEqual(['adam', 'bea', 'cara', 'dora']);
  expect(page.next).toBeUndefined();
  expect(ddb.commandCalls(QueryCommand).filter((call) => partitionOf(call) === adam.gsi1pk).map((call) => call.args[0].input.ExclusiveStartKey)).toEqual([undefined, { pk: 'more' }]);
});

test('disabledAmong reads the copies by key, projecting id and status, and answers the disabled ones', async () => {
  ddb.on(BatchGetCommand).resolves({
    Responses: { 'people-table': [{ userId: 'u1', status: 'disabled' }, { userId: 'u2', status: 'active' }] },
  });
  await expect(index.disabledAmong(['u1', 'u2', 'u3'])).resolves.toEqual(new Set(['u1']));
  expect(ddb).toReceiveCommandTimes(BatchGetCommand, 1);
  expect(ddb).toReceiveCommandWith(BatchGetCommand, {
    RequestItems: {
      'people-table': {
        Keys: ['u1', 'u2', 'u3'].map((userId) => ({ pk: `PERSON#${userId}`, sk: 'PERSON' })),
        ConsistentRead: true,
        ProjectionExpression: '#a0, #a1',
        ExpressionAttributeNames: { '#a0': 'userId', '#a1': 'status' },
      },
    },
  });
});

test('everyone reads every shard of the owner index, page after page, in name order', async () => {
  ddb.on(QueryCommand).resolves({ Items: [] });
  ddb
    .on(QueryCommand, { ExpressionAttributeValues: { ':partition': copy.gsi1pk, ':prefix': '' } })
    .resolvesOnce({ Items: [copy], LastEvaluatedKey: { pk: 'x' } })
    .resolvesOnce({ Items: [copyOf('u-3', 'zoe okafor')] });
  const other = Array.from({ length: 40 }, (_, n) => `u-${n + 4}`).find((id) => shardOf(id, PEOPLE_SHARDS) !== shardOf('u-1', PEOPLE_SHARDS))!;
  ddb.on(QueryCommand, { ExpressionAttributeValues: { ':partition': `PEOPLE#${shardOf(other, PEOPLE_SHARDS)}`, ':prefix': '' } }).resolves({ Items: [copyOf(other, 'ben okafor')] });
  expect((await index.everyone()).map((person) => person.userId)).toEqual(['u-1', other, 'u-3']);
  expect(ddb).toReceiveCommandTimes(QueryCommand, PEOPLE_SHARDS + 1);
});
