// The exact writes of a file's text copied to a moved file: conditional on the copy having no text yet, and counted
// on the new owner's texts either way (their searches rebuild).
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { conditionFailure, mockAws } from '@test/unit-helpers/aws';
import { makeSectionTextRepository } from './section-text-repository';

const { ddb } = mockAws();
const texts = makeSectionTextRepository({ client: DynamoDBDocumentClient.from(new DynamoDBClient({})), tableName: 'texts-table' });
const from = 'protected/teacher-1/u1/cells.pdf';
const to = 'protected/teacher-9/u1/cells.pdf';
const stored = { pk: `FILE#${from}`, sk: 'TEXT', entity: 'SectionText', contentUrl: from, ownerId: 'teacher-1', status: 'ready', pages: new Uint8Array([1, 2]), pageCount: 1, at: '2026-11-20T10:00:00.000Z' };
const counted = { TableName: 'texts-table', Key: { pk: 'USER#teacher-9', sk: 'TEXTS' }, UpdateExpression: 'ADD version :one' };

test('copyText puts the text at the new key for the new owner unless one is there, and counts a change of their texts', async () => {
  ddb.on(GetCommand).resolves({ Item: stored });
  await texts.copyText(from, to, 'teacher-9');
  expect(ddb).toReceiveCommandWith(GetCommand, { TableName: 'texts-table', Key: { pk: `FILE#${from}`, sk: 'TEXT' }, ConsistentRead: true });
  expect(ddb).toReceiveCommandWith(PutCommand, {
    TableName: 'texts-table',
    Item: { ...stored, pk: `FILE#${to}`, sk: 'TEXT', contentUrl: to, ownerId: 'teacher-9' },
    ConditionExpression: 'attribute_not_exists(pk)',
  });
  expect(ddb).toReceiveCommandWith(UpdateCommand, counted);

  // The copy's own extraction stored a text first: it is kept.
  ddb.reset();
  ddb.on(GetCommand).resolves({ Item: stored });
  ddb.on(PutCommand).rejects(conditionFailure());
  await texts.copyText(from, to, 'teacher-9');
  expect(ddb).toReceiveCommandWith(UpdateCommand, counted);
});

test('copyText writes nothing for a file without a text', async () => {
  ddb.on(GetCommand).resolves({});
  await texts.copyText(from, to, 'teacher-9');
  expect(ddb).toReceiveCommandTimes(PutCommand, 0);
  expect(ddb).toReceiveCommandTimes(UpdateCommand, 0);
});
