// The exact DynamoDB commands the people index sends.
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchGetCommand, DynamoDBDocumentClient, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Person } from '@shared/contract/people';
import { conditionFailure, mockAws } from '@test/unit-helpers/aws';
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
  gsi1pk: 'PEOPLE',
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

test('search queries the owner index with one contains() per word, role and statuses, and continues after the last person given', async () => {
  ddb.on(QueryCommand).resolvesOnce({ Items: [copy, { ...copy, userId: 'u-2', gsi1sk: 'ben okafor#u-2', name: 'Ben Okafor' }], LastEvaluatedKey: { pk: 'x' } });
  const page = await index.search({ search: 'Okafor  S30', role: 'Students', statuses: ['active', 'invited'] }, 1);
  expect(ddb).toReceiveCommandWith(QueryCommand, {
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :partition',
    FilterExpression: 'contains(#search, :term0) AND contains(#search, :term1) AND #role = :role AND #status IN (:status0, :status1)',
    ExpressionAttributeValues: { ':partition': 'PEOPLE', ':term0': 'okafor', ':term1': 's30', ':role': 'Students', ':status0': 'active', ':status1': 'invited' },
  });
  expect(page.people.map((person) => person.userId)).toEqual(['u-1']);
  expect(Buffer.from(page.next!, 'base64url').toString()).toBe('amara okafor#u-1');

  ddb.on(QueryCommand).resolves({ Items: [] });
  await index.search({ next: page.next }, 60);
  expect(ddb.commandCalls(QueryCommand).at(-1)!.args[0].input).toMatchObject({
    Limit: 60,
    ExclusiveStartKey: { gsi1pk: 'PEOPLE', gsi1sk: 'amara okafor#u-1', pk: 'PERSON#u-1', sk: 'PERSON' },
  });
  await expect(index.search({ next: 'not-one' }, 60)).rejects.toMatchObject({ kind: 'invalid' });
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

test('everyone reads the whole owner-index partition, page after page', async () => {
  ddb.on(QueryCommand).resolvesOnce({ Items: [copy], LastEvaluatedKey: { pk: 'x' } }).resolvesOnce({ Items: [{ ...copy, userId: 'u-2' }] });
  expect((await index.everyone()).map((person) => person.userId)).toEqual(['u-1', 'u-2']);
  expect(ddb).toReceiveCommandWith(QueryCommand, { IndexName: 'gsi1', ExpressionAttributeValues: { ':partition': 'PEOPLE', ':prefix': '' } });
});
