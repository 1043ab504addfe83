// The exact DynamoDB commands of what launches record: a person linked once (with the reverse item, in one
// transaction), a course linked once, resource links in their class's partition; and the short-lived sign-in codes
// (by hash, taken once) and deep linking requests.
import { createHash } from 'node:crypto';
import { DynamoDBClient, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, DynamoDBDocumentClient, GetCommand, PutCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { conditionFailure, mockAws } from '@test/unit-helpers/aws';
import type { LtiResourceLink } from '../port';
import { makeLtiLinkRepository } from './launch-link-repository';
import { makeDeepLinkingRequestRepository, makeSignInCodeRepository } from './launch-session-repository';

const { ddb } = mockAws();
const context = { client: DynamoDBDocumentClient.from(new DynamoDBClient({})), tableName: 'table' };
const links = makeLtiLinkRepository(context);
const personKey = { pk: 'LTI_PERSON#p1#user%231', sk: 'PERSON' };

describe('people', () => {
  it('linkPerson writes the link only if absent, with its reverse beside the person, and answers the person', async () => {
    ddb.on(TransactWriteCommand).resolves({});
    await expect(links.linkPerson({ platformId: 'p1', sub: 'user#1', userId: 'u1' })).resolves.toBe('u1');
    expect(ddb).toReceiveCommandWith(TransactWriteCommand, {
      TransactItems: [
        { Put: { TableName: 'table', Item: { ...personKey, entity: 'LtiPerson', platformId: 'p1', sub: 'user#1', userId: 'u1' }, ConditionExpression: 'attribute_not_exists(pk)' } },
        { Put: { TableName: 'table', Item: { pk: 'USER#u1', sk: 'LTI#p1', entity: 'LtiPlatformUser', platformId: 'p1', sub: 'user#1', userId: 'u1' } } },
      ],
    });
  });

  it('a launch that lost the race answers the person the winner linked', async () => {
    ddb.on(TransactWriteCommand).rejects(new TransactionCanceledException({ message: 'cancelled', $metadata: {}, CancellationReasons: [{ Code: 'ConditionalCheckFailed' }, { Code: 'None' }] }));
    ddb.on(GetCommand, { Key: personKey }).resolves({ Item: { ...personKey, userId: 'u-first' } });
    await expect(links.linkPerson({ platformId: 'p1', sub: 'user#1', userId: 'u2' })).resolves.toBe('u-first');
  });

  it('personFor and platformUserFor read the link and its reverse by key', async () => {
    ddb.on(GetCommand).resolves({});
    ddb.on(GetCommand, { Key: personKey }).resolves({ Item: { ...personKey, userId: 'u1' } });
    ddb.on(GetCommand, { Key: { pk: 'USER#u1', sk: 'LTI#p1' } }).resolves({ Item: { sub: 'user#1', userId: 'u1' } });
    await expect(links.personFor('p1', 'user#1')).resolves.toBe('u1');
    await expect(links.platformUserFor('u1', 'p1')).resolves.toEqual({ platformId: 'p1', sub: 'user#1', userId: 'u1' });
    await expect(links.platformUserFor('u1', 'p2')).resolves.toBeUndefined();
  });
});

describe('courses', () => {
  const courseKey = { pk: 'LTI_COURSE#p1#course%2F7', sk: 'COURSE' };

  it('linkClass writes the link only if absent; a second link answers the first class', async () => {
    ddb.on(PutCommand).resolvesOnce({}).rejects(conditionFailure());
    ddb.on(GetCommand, { Key: courseKey }).resolves({ Item: { ...courseKey, classId: 'c1' } });
    await expect(links.linkClass({ platformId: 'p1', contextId: 'course/7', classId: 'c1' })).resolves.toBe('c1');
    expect(ddb).toReceiveCommandWith(PutCommand, {
      Item: { ...courseKey, entity: 'LtiCourse', platformId: 'p1', contextId: 'course/7', classId: 'c1' },
      ConditionExpression: 'attribute_not_exists(pk)',
    });
    await expect(links.linkClass({ platformId: 'p1', contextId: 'course/7', classId: 'c2' })).resolves.toBe('c1');
    await expect(links.classFor('p1', 'course/7')).resolves.toBe('c1');
  });
});

it("resource links live in their class's partition by module, and are read back by a prefix query", async () => {
  const link: LtiResourceLink = { platformId: 'p1', deploymentId: 'd#1', resourceLinkId: 'r 1', contextId: 'course-7', classId: 'c1', moduleId: 'm1', lineItemUrl: 'https://lms/li/1', agsScopes: ['score'] };
  const key = { pk: 'CLASS#c1', sk: 'LTI_LINK#m1#p1#d%231#r%201' };
  ddb.on(PutCommand).resolves({});
  await links.putResourceLink(link);
  expect(ddb).toReceiveCommandWith(PutCommand, { Item: { ...key, entity: 'LtiResourceLink', ...link } });
  ddb.on(QueryCommand).resolves({ Items: [{ ...key, entity: 'LtiResourceLink', ...link }] });
  await expect(links.resourceLinksFor('c1', 'm1')).resolves.toEqual([link]);
  expect(ddb).toReceiveCommandWith(QueryCommand, { ExpressionAttributeValues: { ':partition': 'CLASS#c1', ':prefix': 'LTI_LINK#m1#' }, ConsistentRead: true });
});

describe('sign-in codes', () => {
  const codes = makeSignInCodeRepository(context);
  const codeKey = { pk: `LTI_SIGN_IN#${createHash('sha256').update('the-code').digest('base64url')}`, sk: 'CODE' };

  it('are stored by their hash (never the code) with the expiry as TTL', async () => {
    ddb.on(PutCommand).resolves({});
    await codes.put({ code: 'the-code', userId: 'u1', expiresAt: 1_900_000_120 });
    expect(ddb).toReceiveCommandWith(PutCommand, {
      Item: { ...codeKey, entity: 'LtiSignInCode', userId: 'u1', expiresAtEpoch: 1_900_000_120 },
      ConditionExpression: 'attribute_not_exists(pk)',
    });
    expect(JSON.stringify(ddb.commandCalls(PutCommand)[0].args[0].input)).not.toContain('the-code');
  });

  it("are redeemed by one conditional delete: their person's, not expired; false when the condition fails", async () => {
    ddb.on(DeleteCommand).resolvesOnce({}).rejects(conditionFailure());
    await expect(codes.redeem('the-code', 'u1', 1_900_000_000)).resolves.toBe(true);
    expect(ddb).toReceiveCommandWith(DeleteCommand, {
      Key: codeKey,
      ConditionExpression: 'userId = :user AND #expires >= :now',
      ExpressionAttributeNames: { '#expires': 'expiresAtEpoch' },
      ExpressionAttributeValues: { ':user': 'u1', ':now': 1_900_000_000 },
    });
    await expect(codes.redeem('the-code', 'u1', 1_900_000_000)).resolves.toBe(false);
  });
});

describe('deep linking requests', () => {
  const requests = makeDeepLinkingRequestRepository(context);
  const request = { requestId: 'r1', userId: 'u1', platformId: 'p1', deploymentId: 'd1', settings: { deep_link_return_url: 'https://lms/return', data: 'x' }, expiresAt: 1_900_003_600 };
  const key = { pk: 'LTI_DEEP_LINK#r1', sk: 'REQUEST' };

  it('are put once with their expiry as TTL, and read back until they expire', async () => {
    ddb.on(PutCommand).resolves({});
    await requests.put(request);
    const { expiresAt: _expiresAt, ...stored } = request;
    expect(ddb).toReceiveCommandWith(PutCommand, { Item: { ...key, entity: 'LtiDeepLinkingRequest', ...stored, expiresAtEpoch: 1_900_003_600 }, ConditionExpression: 'attribute_not_exists(pk)' });
    ddb.on(GetCommand, { Key: key }).resolves({ Item: { ...key, entity: 'LtiDeepLinkingRequest', ...stored, expiresAtEpoch: 1_900_003_600 } });
    await expect(requests.get('r1', 1_900_000_000)).resolves.toEqual(request);
    await expect(requests.get('r1', 1_900_003_601)).resolves.toBeUndefined();
  });
});
