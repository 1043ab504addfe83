import { DynamoDBClient, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { BatchGetCommand, DynamoDBDocumentClient, GetCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { mockAws } from '@test/unit-helpers/aws';
import { STUDENT_ID } from '@test/unit-helpers/events';
import { CLASS_ID, MODULE_ID } from '@test/unit-helpers/fixtures';
import { makePathOverrideRepository } from './path-override-repository';

const { ddb } = mockAws();
const repository = makePathOverrideRepository({ client: DynamoDBDocumentClient.from(new DynamoDBClient({})), tableName: 'table' });
const key = { classId: CLASS_ID, moduleId: MODULE_ID, studentId: STUDENT_ID };
const itemKey = { pk: `CLASS#${CLASS_ID}`, sk: `OVERRIDES#${MODULE_ID}#${STUDENT_ID}` };
const item = {
  ...itemKey,
  ...key,
  entity: 'PathOverrides',
  'override#release#review': { reason: 'More practice', at: '2024-05-03T10:00:00.000Z', teacherName: 'Ms Lee' },
  'override#unlock#': { reason: 'Ready', at: '2024-05-04T10:00:00.000Z', teacherName: 'Ms Lee' },
};

const sentItems = (call = 0) => ddb.commandCalls(TransactWriteCommand)[call]!.args[0].input.TransactItems!;
const rowChange = { Update: expect.objectContaining({ Key: { pk: itemKey.pk, sk: expect.stringMatching(/^REPORT_ROW#\d#/) }, ExpressionAttributeNames: { '#changes': `changes#${key.moduleId}` } }) };

test('addOverride sets one attribute of the student’s item for the module (kind and section), leaving the others alone, with the report row’s change', async () => {
  ddb.on(TransactWriteCommand).resolves({});
  await repository.addOverride(key, { kind: 'excuse', sectionId: 'closing', reason: 'Away', at: '2024-05-03T10:00:00.000Z', teacherName: 'Ms Lee' });
  expect(sentItems()).toEqual([
    {
      Update: expect.objectContaining({
        Key: itemKey,
        UpdateExpression: expect.stringContaining('#override = :override'),
        ExpressionAttributeNames: { '#override': 'override#excuse#closing' },
        ExpressionAttributeValues: expect.objectContaining({ ':override': { reason: 'Away', at: '2024-05-03T10:00:00.000Z', teacherName: 'Ms Lee' } }),
      }),
    },
    rowChange,
  ]);
});

test('removeOverride removes that one attribute only if it is there: true when removed, false when it was not', async () => {
  ddb
    .on(TransactWriteCommand)
    .resolvesOnce({})
    .rejectsOnce(new TransactionCanceledException({ message: 'Transaction cancelled', $metadata: {}, CancellationReasons: [{ Code: 'ConditionalCheckFailed' }, { Code: 'None' }] }));
  await expect(repository.removeOverride(key, { kind: 'release', sectionId: 'review' })).resolves.toBe(true);
  expect(sentItems()).toEqual([
    { Update: expect.objectContaining({ Key: itemKey, UpdateExpression: 'REMOVE #override', ConditionExpression: 'attribute_exists(#override)', ExpressionAttributeNames: { '#override': 'override#release#review' } }) },
    rowChange,
  ]);
  await expect(repository.removeOverride(key, { kind: 'unlock' })).resolves.toBe(false);
  expect(sentItems(1)[0]!.Update!.ExpressionAttributeNames).toEqual({ '#override': 'override#unlock#' });
});

test('getOverrides reads the item by key and answers its overrides newest first; an unlock names no section', async () => {
  ddb.on(GetCommand).resolves({ Item: item });
  await expect(repository.getOverrides(key)).resolves.toEqual({
    ...key,
    overrides: [
      { kind: 'unlock', reason: 'Ready', at: '2024-05-04T10:00:00.000Z', teacherName: 'Ms Lee' },
      { kind: 'release', sectionId: 'review', reason: 'More practice', at: '2024-05-03T10:00:00.000Z', teacherName: 'Ms Lee' },
    ],
  });
  expect(ddb).toReceiveCommandWith(GetCommand, { Key: itemKey, ConsistentRead: true });
});

test("listOverridesOfStudent reads the student's item of each module by key, in one BatchGet", async () => {
  ddb.on(BatchGetCommand).resolves({ Responses: { table: [item] } });
  await expect(repository.listOverridesOfStudent(CLASS_ID, [MODULE_ID, 'module-2'], STUDENT_ID)).resolves.toEqual([expect.objectContaining({ moduleId: MODULE_ID })]);
  expect(ddb).toReceiveCommandTimes(BatchGetCommand, 1);
  expect(ddb).toReceiveCommandWith(BatchGetCommand, {
    RequestItems: { table: expect.objectContaining({ Keys: [itemKey, { pk: `CLASS#${CLASS_ID}`, sk: `OVERRIDES#module-2#${STUDENT_ID}` }] }) },
  });
});

test("listOverridesOfClass queries the class's override items of one module", async () => {
  ddb.on(QueryCommand).resolves({ Items: [item] });
  await expect(repository.listOverridesOfClass(CLASS_ID, MODULE_ID)).resolves.toHaveLength(1);
  expect(ddb).toReceiveCommandWith(QueryCommand, {
    ExpressionAttributeValues: { ':partition': `CLASS#${CLASS_ID}`, ':prefix': `OVERRIDES#${MODULE_ID}#` },
  });
});
