// The exact DynamoDB commands of LTI login handshakes: a put that never overwrites, a take that deletes and reads at once.
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import { mockAws } from '@test/unit-helpers/aws';
import { makeHandshakeRepository } from './handshake-repository';

const { ddb } = mockAws();
const handshakes = makeHandshakeRepository({ client: DynamoDBDocumentClient.from(new DynamoDBClient({})), tableName: 'table' });
const handshake = { state: 's1', nonce: 'n1', platformId: 'p1', expiresAt: 1_900_000_000 };

test('put writes the handshake with its expiry as the TTL attribute, only if its state is new', async () => {
  ddb.on(PutCommand).resolves({});
  await handshakes.put(handshake);
  expect(ddb).toReceiveCommandWith(PutCommand, {
    TableName: 'table',
    Item: { pk: 'LTI_LOGIN#s1', sk: 'LOGIN', entity: 'LtiLogin', nonce: 'n1', platformId: 'p1', expiresAtEpoch: 1_900_000_000 },
    ConditionExpression: 'attribute_not_exists(pk)',
  });
});

test('take deletes the item and answers what it held; undefined when there was none (so only one launch gets it)', async () => {
  ddb.on(DeleteCommand).resolvesOnce({ Attributes: { pk: 'LTI_LOGIN#s1', sk: 'LOGIN', nonce: 'n1', platformId: 'p1', expiresAtEpoch: 1_900_000_000 } }).resolves({});
  await expect(handshakes.take('s1')).resolves.toEqual(handshake);
  expect(ddb).toReceiveCommandWith(DeleteCommand, { TableName: 'table', Key: { pk: 'LTI_LOGIN#s1', sk: 'LOGIN' }, ReturnValues: 'ALL_OLD' });
  await expect(handshakes.take('s1')).resolves.toBeUndefined();
});
