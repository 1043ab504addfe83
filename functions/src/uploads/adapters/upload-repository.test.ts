// The exact DynamoDB commands the upload repository sends.
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, DynamoDBDocumentClient, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { conditionFailure, mockAws } from '@test/unit-helpers/aws';
import { uploadItem } from '@test/unit-helpers/fixtures';
import { makeUploadRepository } from './upload-repository';

const { ddb } = mockAws();
const repository = makeUploadRepository({ client: DynamoDBDocumentClient.from(new DynamoDBClient({})), tableName: 'uploads-table' });
const Key = { pk: 'UPLOAD#upload-1', sk: 'UPLOAD' };
const { pk: _pk, sk: _sk, entity: _entity, ...record } = uploadItem();

test('recordUpload puts one item per upload id, with the time-to-live attribute in epoch seconds', async () => {
  await repository.recordUpload(record as never);
  expect(ddb).toReceiveCommandWith(PutCommand, {
    TableName: 'uploads-table',
    Item: { ...uploadItem(), expiresAtEpoch: Date.parse('2999-01-01T00:00:00.000Z') / 1000 },
  });
});

test('getUpload reads consistently and answers the record, or undefined', async () => {
  ddb.on(GetCommand).resolves({ Item: { ...uploadItem(), expiresAtEpoch: 1 } });
  await expect(repository.getUpload('upload-1')).resolves.toEqual(record);
  expect(ddb).toReceiveCommandWith(GetCommand, { TableName: 'uploads-table', Key, ConsistentRead: true });
  ddb.on(GetCommand).resolves({});
  await expect(repository.getUpload('upload-1')).resolves.toBeUndefined();
});

test('forgetUpload deletes the item', async () => {
  await repository.forgetUpload('upload-1');
  expect(ddb).toReceiveCommandWith(DeleteCommand, { TableName: 'uploads-table', Key });
});

describe('open-upload slots: one item per teacher, a map of key → expiry, changed only by conditional writes', () => {
  const SlotsKey = { pk: 'USER#teacher-1', sk: 'UPLOADS' };
  const now = new Date('2024-05-01T10:00:00.000Z');
  const later = '2024-05-02T10:00:00.000Z';
  const hold = (max = 3) => repository.holdUploadSlot('teacher-1', 'protected/teacher-1/u-9/f.pdf', later, now, max);

  test("a teacher's first upload creates the map, if no one else did meanwhile", async () => {
    ddb.on(GetCommand).resolves({});
    await expect(hold()).resolves.toBe(true);
    expect(ddb).toReceiveCommandWith(GetCommand, { Key: SlotsKey, ConsistentRead: true });
    expect(ddb).toReceiveCommandWith(UpdateCommand, {
      Key: SlotsKey,
      UpdateExpression: 'SET openUploads = :open',
      ConditionExpression: 'attribute_not_exists(openUploads)',
      ExpressionAttributeValues: { ':open': { 'protected/teacher-1/u-9/f.pdf': Date.parse(later) } },
    });
  });

  test('adds the key and drops expired entries, on condition the map is still the one read', async () => {
    const open = { 'k-live': Date.parse(later), 'k-old-1': now.getTime() - 1, 'k-old-2': now.getTime() };
    ddb.on(GetCommand).resolves({ Item: { ...SlotsKey, openUploads: open } });
    await expect(hold()).resolves.toBe(true);
    expect(ddb).toReceiveCommandWith(UpdateCommand, {
      Key: SlotsKey,
      UpdateExpression: 'SET openUploads.#k0 = :expiresAt REMOVE openUploads.#k1, openUploads.#k2',
      ConditionExpression: 'size(openUploads) = :seen AND attribute_exists(openUploads.#k1) AND attribute_exists(openUploads.#k2)',
      ExpressionAttributeNames: { '#k0': 'protected/teacher-1/u-9/f.pdf', '#k1': 'k-old-1', '#k2': 'k-old-2' },
      ExpressionAttributeValues: { ':expiresAt': Date.parse(later), ':seen': 3 },
    });
  });

  test('answers false and writes nothing when max unexpired slots are held', async () => {
    ddb.on(GetCommand).resolves({ Item: { ...SlotsKey, openUploads: { a: Date.parse(later), b: Date.parse(later), c: Date.parse(later) } } });
    await expect(hold()).resolves.toBe(false);
    expect(ddb).not.toReceiveCommand(UpdateCommand);
  });

  test('a write that lost a race reads again and tries once more', async () => {
    ddb.on(GetCommand).resolvesOnce({}).resolves({ Item: { ...SlotsKey, openUploads: { a: Date.parse(later) } } });
    ddb.on(UpdateCommand).rejectsOnce(conditionFailure()).resolves({});
    await expect(hold()).resolves.toBe(true);
    expect(ddb).toReceiveCommandTimes(GetCommand, 2);
    expect(ddb).toReceiveCommandTimes(UpdateCommand, 2);
  });

  test('releasing removes the key if it is there; a missing one is no error', async () => {
    ddb.on(UpdateCommand).rejects(conditionFailure());
    await expect(repository.releaseUploadSlot('teacher-1', 'k-1')).resolves.toBeUndefined();
    expect(ddb).toReceiveCommandWith(UpdateCommand, {
      Key: SlotsKey,
      UpdateExpression: 'REMOVE openUploads.#key',
      ConditionExpression: 'attribute_exists(openUploads.#key)',
      ExpressionAttributeNames: { '#key': 'k-1' },
    });
  });
});

test('countRenewal adds one to the upload while it is under the cap, and answers false once it is reached', async () => {
  await expect(repository.countRenewal('upload-1', 24)).resolves.toBe(true);
  expect(ddb).toReceiveCommandWith(UpdateCommand, {
    Key,
    UpdateExpression: 'ADD renewals :one',
    ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(renewals) OR renewals < :max)',
    ExpressionAttributeValues: { ':one': 1, ':max': 24 },
  });
  ddb.on(UpdateCommand).rejects(conditionFailure());
  await expect(repository.countRenewal('upload-1', 24)).resolves.toBe(false);
});
