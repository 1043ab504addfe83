// The exact DynamoDB commands of deep linking requests: a put that never overwrites, a consistent read, and one
// conditional write that lets a request be answered once.
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockAws } from '@test/unit-helpers/aws';
import { makeDeepLinkRepository } from './deep-link-repository';

const { ddb } = mockAws();
const requests = makeDeepLinkRepository({ client: DynamoDBDocumentClient.from(new DynamoDBClient({})), tableName: 'table' });
const request = {
  requestId: 'r1',
  platformId: 'p1',
  deploymentId: 'd1',
  userId: 'teacher-1',
  launchUrl: 'https://app.example.edu/lti/launch',
  returnUrl: 'https://lms.example.edu/return',
  data: 'opaque',
  acceptTypes: ['ltiResourceLink'],
  acceptLineItem: true,
  expiresAt: 1_900_000_000,
};
const { expiresAt: _expiresAt, ...requestFields } = request;
const item = { pk: 'LTI_DEEP_LINK#r1', sk: 'REQUEST', entity: 'LtiDeepLink', ...requestFields, expiresAtEpoch: 1_900_000_000 };

test('put writes the request with its expiry as the TTL attribute, only if its id is new', async () => {
  ddb.on(PutCommand).resolves({});
  await requests.put(request);
  expect(ddb).toReceiveCommandWith(PutCommand, { TableName: 'table', Item: item, ConditionExpression: 'attribute_not_exists(pk)' });
});

test('get answers the request as stored, with when it was answered; undefined when there is none', async () => {
  ddb.on(GetCommand).resolvesOnce({ Item: { ...item, answeredAt: '2026-12-06T10:00:00.000Z' } }).resolves({});
  await expect(requests.get('r1')).resolves.toEqual({ ...request, answeredAt: '2026-12-06T10:00:00.000Z' });
  expect(ddb).toReceiveCommandWith(GetCommand, { TableName: 'table', Key: { pk: 'LTI_DEEP_LINK#r1', sk: 'REQUEST' } });
  await expect(requests.get('r2')).resolves.toBeUndefined();
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
