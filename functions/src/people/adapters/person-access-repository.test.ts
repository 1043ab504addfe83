// The exact DynamoDB commands of the access records: the read every API request makes (the record beside the
// caller's erase job, in one BatchGetItem) and the conditional writes.
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchGetCommand, DynamoDBDocumentClient, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockAws } from '@test/unit-helpers/aws';
import { pseudonymOf } from '../../erasure/adapters/pseudonym';
import { makePersonAccessRepository } from './person-access-repository';

const { ddb } = mockAws();
const access = makePersonAccessRepository({ client: DynamoDBDocumentClient.from(new DynamoDBClient({})), tableName: 'access-table' });
const record = { pk: 'ACCESS#u-1', sk: 'ACCESS' };
const erasureJob = { pk: `ERASURE#${pseudonymOf('u-1')}`, sk: 'ERASURE' };

describe('read', () => {
  test('asks for the record and the erase job in one consistent BatchGetItem, projecting no more than the record’s fields', async () => {
    ddb.on(BatchGetCommand).resolves({ Responses: { 'access-table': [{ pk: record.pk, tokensRevokedAt: 1_000, secondFactorSince: 2_000, roleVersion: 3 }] } });
    expect(await access.read('u-1')).toEqual({ tokensRevokedAt: 1_000, secondFactorSince: 2_000, roleVersion: 3 });
    expect(ddb).toHaveReceivedCommandTimes(BatchGetCommand, 1);
    expect(ddb).toHaveReceivedCommandWith(BatchGetCommand, {
      RequestItems: {
        'access-table': {
          Keys: [record, erasureJob],
          ConsistentRead: true,
          ProjectionExpression: '#a0, #a1, #a2, #a3, #a4',
          ExpressionAttributeNames: { '#a0': 'pk', '#a1': 'tokensRevokedAt', '#a2': 'secondFactorSince', '#a3': 'roleChangeUntil', '#a4': 'roleVersion' },
        },
      },
    });
    expect(ddb).not.toHaveReceivedCommand(GetCommand);
  });

  test('the erase job’s key holds no id: only the pseudonym', () => {
    expect(erasureJob.pk).not.toContain('u-1');
  });

  test('says the person is erased when their erase job answers, with or without a record', async () => {
    ddb.on(BatchGetCommand).resolves({ Responses: { 'access-table': [{ pk: erasureJob.pk }] } });
    expect(await access.read('u-1')).toMatchObject({ erased: true, tokensRevokedAt: undefined });
    ddb.on(BatchGetCommand).resolves({ Responses: { 'access-table': [{ pk: erasureJob.pk }, { pk: record.pk, tokensRevokedAt: 1_000 }] } });
    expect(await access.read('u-1')).toMatchObject({ erased: true, tokensRevokedAt: 1_000 });
  });

  test('is empty for someone never changed and not erased', async () => {
    ddb.on(BatchGetCommand).resolves({ Responses: { 'access-table': [] } });
    expect(await access.read('u-1')).toEqual({});
  });

  test('asks again for keys DynamoDB left unprocessed, and finds an erase job among them', async () => {
    ddb
      .on(BatchGetCommand)
      .resolvesOnce({ Responses: { 'access-table': [{ pk: record.pk, roleVersion: 1 }] }, UnprocessedKeys: { 'access-table': { Keys: [erasureJob] } } })
      .resolves({ Responses: { 'access-table': [{ pk: erasureJob.pk }] } });
    expect(await access.read('u-1')).toMatchObject({ roleVersion: 1, erased: true });
    expect(ddb.commandCalls(BatchGetCommand)[1]!.args[0].input.RequestItems?.['access-table']?.Keys).toEqual([erasureJob]);
  });
});

test('revokeTokens moves the mark forward only, in one conditional UpdateItem', async () => {
  ddb.on(UpdateCommand).resolves({});
  await access.revokeTokens('u-1', 1_500);
  expect(ddb).toHaveReceivedCommandWith(UpdateCommand, {
    TableName: 'access-table',
    Key: record,
    UpdateExpression: 'SET tokensRevokedAt = :at',
    ConditionExpression: 'attribute_not_exists(tokensRevokedAt) OR tokensRevokedAt < :at',
    ExpressionAttributeValues: { ':at': 1_500 },
  });
});
