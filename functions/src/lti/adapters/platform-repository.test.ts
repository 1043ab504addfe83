// The exact DynamoDB commands the platform registrations send: the registration and its issuer/client pair together.
import { DynamoDBClient, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { mockAws } from '@test/unit-helpers/aws';
import type { LtiPlatformRecord } from '../port';
import { makeLtiPlatformRepository } from './platform-repository';

const { ddb } = mockAws();
const repository = makeLtiPlatformRepository({ client: DynamoDBDocumentClient.from(new DynamoDBClient({})), tableName: 'table' });

const platform: LtiPlatformRecord = {
  platformId: 'p1',
  name: 'Canvas',
  issuer: 'https://canvas.example.edu',
  clientId: '1000#1',
  deploymentIds: ['1:abc'],
  authLoginUrl: 'https://canvas.example.edu/auth',
  accessTokenUrl: 'https://canvas.example.edu/token',
  jwksUrl: 'https://canvas.example.edu/jwks',
  registeredAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
};
const platformKey = { pk: 'LTI', sk: 'PLATFORM#p1' };
// Encoded, so a '#' in an issuer or client ID cannot make two pairs one key.
const clientKey = { pk: 'LTI', sk: 'CLIENT#https%3A%2F%2Fcanvas.example.edu#1000%231' };
const cancelled = (...codes: string[]) =>
  new TransactionCanceledException({ message: 'Transaction cancelled', $metadata: {}, CancellationReasons: codes.map((Code) => ({ Code })) });

test('insert puts the registration and its pair, each only if absent; false when either exists', async () => {
  ddb.on(TransactWriteCommand).resolves({});
  await expect(repository.insert(platform)).resolves.toBe(true);
  expect(ddb).toReceiveCommandWith(TransactWriteCommand, {
    TransactItems: [
      { Put: { TableName: 'table', Item: { ...platformKey, entity: 'LtiPlatform', ...platform }, ConditionExpression: 'attribute_not_exists(pk)' } },
      { Put: { TableName: 'table', Item: { ...clientKey, entity: 'LtiClient', platformId: 'p1' }, ConditionExpression: 'attribute_not_exists(pk)' } },
    ],
  });
  ddb.on(TransactWriteCommand).rejects(cancelled('None', 'ConditionalCheckFailed'));
  await expect(repository.insert(platform)).resolves.toBe(false);
});

test('replace holds to the registration as read, and moves the pair when the client ID changed', async () => {
  ddb.on(TransactWriteCommand).resolves({});
  const renamed = { ...platform, name: 'Canvas 2', updatedAt: '2026-11-02T00:00:00.000Z' };
  await expect(repository.replace(platform, renamed)).resolves.toBe('replaced');
  expect(ddb.commandCalls(TransactWriteCommand)[0].args[0].input.TransactItems).toEqual([
    {
      Put: {
        TableName: 'table',
        Item: { ...platformKey, entity: 'LtiPlatform', ...renamed },
        ConditionExpression: 'updatedAt = :was',
        ExpressionAttributeValues: { ':was': platform.updatedAt },
      },
    },
  ]);
  const moved = { ...renamed, clientId: 'new' };
  await repository.replace(platform, moved);
  expect(ddb.commandCalls(TransactWriteCommand)[1].args[0].input.TransactItems?.slice(1)).toEqual([
    { Delete: { TableName: 'table', Key: clientKey, ConditionExpression: 'platformId = :id', ExpressionAttributeValues: { ':id': 'p1' } } },
    { Put: { TableName: 'table', Item: { pk: 'LTI', sk: 'CLIENT#https%3A%2F%2Fcanvas.example.edu#new', entity: 'LtiClient', platformId: 'p1' }, ConditionExpression: 'attribute_not_exists(pk)' } },
  ]);
  ddb.on(TransactWriteCommand).rejects(cancelled('ConditionalCheckFailed', 'None', 'None'));
  await expect(repository.replace(platform, moved)).resolves.toBe('missing');
  ddb.on(TransactWriteCommand).rejects(cancelled('None', 'None', 'ConditionalCheckFailed'));
  await expect(repository.replace(platform, moved)).resolves.toBe('taken');
});

test('other failures of a transaction propagate', async () => {
  ddb.on(TransactWriteCommand).rejects(cancelled('ThrottlingError'));
  await expect(repository.insert(platform)).rejects.toThrow('Transaction cancelled');
});

test('remove deletes the registration (if there) with its pair; false when it was gone', async () => {
  ddb.on(TransactWriteCommand).resolves({});
  await expect(repository.remove(platform)).resolves.toBe(true);
  expect(ddb).toReceiveCommandWith(TransactWriteCommand, {
    TransactItems: [
      { Delete: { TableName: 'table', Key: platformKey, ConditionExpression: 'attribute_exists(pk)' } },
      { Delete: { TableName: 'table', Key: clientKey, ConditionExpression: 'platformId = :id', ExpressionAttributeValues: { ':id': 'p1' } } },
    ],
  });
  ddb.on(TransactWriteCommand).rejects(cancelled('ConditionalCheckFailed', 'ConditionalCheckFailed'));
  await expect(repository.remove(platform)).resolves.toBe(false);
});

test('list queries the platforms of the partition consistently; get reads one by key, without its keys', async () => {
  ddb.on(QueryCommand).resolves({ Items: [{ ...platformKey, entity: 'LtiPlatform', ...platform }] });
  await expect(repository.list()).resolves.toEqual([platform]);
  expect(ddb).toReceiveCommandWith(QueryCommand, { ExpressionAttributeValues: { ':partition': 'LTI', ':prefix': 'PLATFORM#' }, ConsistentRead: true });
  ddb.on(GetCommand).resolves({ Item: { ...platformKey, entity: 'LtiPlatform', ...platform } });
  await expect(repository.get('p1')).resolves.toEqual(platform);
  ddb.on(GetCommand).resolves({});
  await expect(repository.get('p2')).resolves.toBeUndefined();
});
