// The exact DynamoDB commands of deep linking requests as the deep linking page reads and answers them: a read that
// checks the expiry itself, and one conditional write that lets a request be answered once.
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockAws } from '@test/unit-helpers/aws';
import { makeDeepLinkingRequestRepository } from './launch-session-repository';

const { ddb } = mockAws();
const requests = makeDeepLinkingRequestRepository({ client: DynamoDBDocumentClient.from(new DynamoDBClient({})), tableName: 'table' });
const stored = {
  pk: 'LTI_DEEP_LINK#r1',
  sk: 'REQUEST',
  entity: 'LtiDeepLinkingRequest',
  requestId: 'r1',
  userId: 'teacher-1',
  platformId: 'p1',
  deploymentId: 'd1',
  settings: { deep_link_return_url: 'https://lms.example.edu/return', data: 'opaque' },
  answeredAt: '2026-12-06T10:00:00.000Z',
  expiresAtEpoch: 1_900_000_000,
};

test('get answers the request with when it was answered; undefined once expired', async () => {
  ddb.on(GetCommand).resolves({ Item: stored });
  const { pk: _pk, sk: _sk, entity: _entity, expiresAtEpoch: _ttl, ...request } = stored;
  await expect(requests.get('r1', 1_800_000_000)).resolves.toEqual({ ...request, expiresAt: 1_900_000_000 });
  expect(ddb).toReceiveCommandWith(GetCommand, { TableName: 'table', Key: { pk: 'LTI_DEEP_LINK#r1', sk: 'REQUEST' } });
  await expect(requests.get('r1', 1_900_000_001)).resolves.toBeUndefined();
});

test('markAnswered sets answeredAt only on a request not answered yet, and says whether it did', async () => {
  ddb
    .on(UpdateCommand)
    .resolvesOnce({})
    .rejects(Object.assign(new Error('The conditional request failed'), { name: 'ConditionalCheckFailedException' }));
  await expect(requests.markAnswered('r1', '2026-12-06T10:00:00.000Z')).resolves.toBe(true);
  expect(ddb).toReceiveCommandWith(UpdateCommand, {
    TableName: 'table',
    Key: { pk: 'LTI_DEEP_LINK#r1', sk: 'REQUEST' },
    UpdateExpression: 'SET answeredAt = :at',
    ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(answeredAt)',
    ExpressionAttributeValues: { ':at': '2026-12-06T10:00:00.000Z' },
  });
  await expect(requests.markAnswered('r1', '2026-12-06T10:00:01.000Z')).resolves.toBe(false);
});
