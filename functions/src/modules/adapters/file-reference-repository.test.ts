// The exact conditional writes the file reference repository sends, and how it reads their answers.
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { conditionFailure, mockAws } from '@test/unit-helpers/aws';
import { fileKey } from '@test/unit-helpers/fixtures';
import { makeFileReferenceRepository } from './file-reference-repository';

const { ddb } = mockAws();
const repository = makeFileReferenceRepository({ client: DynamoDBDocumentClient.from(new DynamoDBClient({})), tableName: 'refs-table' });
const key = fileKey('notes.pdf');
const Key = { pk: `FILE#${key}`, sk: 'FILE' };
const removal = { UpdateExpression: 'DELETE moduleIds :module', ConditionExpression: 'contains(moduleIds, :id)' };
const mark = { UpdateExpression: 'SET deletingAt = :now', ConditionExpression: 'attribute_not_exists(moduleIds) AND attribute_not_exists(deletingAt)' };

test('addReferences ADDs the module to each file unless the file is marked for deletion, answering the refused keys', async () => {
  ddb.on(UpdateCommand, { Key: { pk: `FILE#${fileKey('going.pdf')}`, sk: 'FILE' } }).rejects(conditionFailure());
  await expect(repository.addReferences('module-1', [key, fileKey('going.pdf')])).resolves.toEqual([fileKey('going.pdf')]);
  expect(ddb).toReceiveCommandWith(UpdateCommand, {
    TableName: 'refs-table',
    Key,
    UpdateExpression: 'ADD moduleIds :module SET entity = :entity, contentUrl = :key',
    ConditionExpression: 'attribute_not_exists(deletingAt)',
    ExpressionAttributeValues: { ':module': new Set(['module-1']), ':entity': 'FileReferences', ':key': key },
  });
});

test('releaseReference marks a file whose last user let go, and answers true only then', async () => {
  ddb.on(UpdateCommand).resolvesOnce({ Attributes: { ...Key } }).resolves({});
  await expect(repository.releaseReference('module-1', key)).resolves.toBe(true);
  expect(ddb).toReceiveCommandWith(UpdateCommand, { Key, ...removal, ReturnValues: 'ALL_NEW' });
  expect(ddb).toReceiveCommandWith(UpdateCommand, { Key, ...mark });
});

test('releaseReference keeps a file others use, one it has no record of, and one someone started using again', async () => {
  ddb.on(UpdateCommand).resolves({ Attributes: { ...Key, moduleIds: new Set(['module-2']) } });
  await expect(repository.releaseReference('module-1', key)).resolves.toBe(false);
  ddb.on(UpdateCommand).rejects(conditionFailure());
  await expect(repository.releaseReference('module-1', key)).resolves.toBe(false);
  ddb.on(UpdateCommand).resolvesOnce({ Attributes: { ...Key } }).rejects(conditionFailure());
  await expect(repository.releaseReference('module-1', key)).resolves.toBe(false);
});

test('withdrawReferences removes the module and then the record, only while nobody uses or deletes the file', async () => {
  ddb.on(UpdateCommand).resolves({ Attributes: { ...Key } });
  await repository.withdrawReferences('module-1', [key]);
  expect(ddb).toReceiveCommandWith(DeleteCommand, { Key, ConditionExpression: 'attribute_not_exists(moduleIds) AND attribute_not_exists(deletingAt)' });
  ddb.reset();
  ddb.on(UpdateCommand).resolves({ Attributes: { ...Key, moduleIds: new Set(['module-2']) } });
  await repository.withdrawReferences('module-1', [key]);
  expect(ddb).not.toReceiveCommand(DeleteCommand);
});

test('forgetFile deletes only a marked record, and then the file\'s text', async () => {
  await repository.forgetFile(key);
  expect(ddb).toReceiveCommandWith(DeleteCommand, { TableName: 'refs-table', Key, ConditionExpression: 'attribute_exists(deletingAt)' });
  expect(ddb).toReceiveCommandWith(DeleteCommand, { TableName: 'refs-table', Key: { pk: `FILE#${key}`, sk: 'TEXT' } });
});

test('forgetFile keeps the text of a file whose record is not marked', async () => {
  ddb.on(DeleteCommand).rejects(conditionFailure());
  await repository.forgetFile(key);
  expect(ddb).toReceiveCommandTimes(DeleteCommand, 1);
});
