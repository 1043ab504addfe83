// The exact DynamoDB commands the upload repository sends.
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { mockAws } from '@test/unit-helpers/aws';
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
