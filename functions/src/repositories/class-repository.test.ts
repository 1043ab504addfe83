// The exact DynamoDB commands the class repository sends, and how it reads their answers.
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchGetCommand, DynamoDBDocumentClient, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { conditionFailure, mockAws } from '../../../test/unit-helpers/aws';
import { STUDENT_ID, TEACHER_ID } from '../../../test/unit-helpers/events';
import { CLASS_ID, classItem, membershipItem, MODULE_ID } from '../../../test/unit-helpers/fixtures';
import { classRecord } from '../../test/in-memory/records';
import { makeClassRepository } from './class-repository';

const { ddb } = mockAws();
const repository = makeClassRepository({ client: DynamoDBDocumentClient.from(new DynamoDBClient({})), tableName: 'classes-table' });
const classKey = { pk: `CLASS#${CLASS_ID}`, sk: 'CLASS' };
const record = classRecord();

test('getClass reads the class item consistently and turns the module set into a sorted list', async () => {
  ddb.on(GetCommand).resolves({ Item: classItem({ assignedModuleIds: ['b', 'a'] }) });
  await expect(repository.getClass(CLASS_ID)).resolves.toEqual({ ...record, assignedModuleIds: ['a', 'b'] });
  expect(ddb).toReceiveCommandWith(GetCommand, { TableName: 'classes-table', Key: classKey, ConsistentRead: true });
});

test('a class with nothing assigned (no set attribute) has an empty list', async () => {
  ddb.on(GetCommand).resolves({ Item: classItem({ assignedModuleIds: [] }) });
  await expect(repository.getClass(CLASS_ID)).resolves.toMatchObject({ assignedModuleIds: [] });
});

test('getClasses batch-reads the class items', async () => {
  ddb.on(BatchGetCommand).resolves({ Responses: { 'classes-table': [classItem()] } });
  await expect(repository.getClasses([CLASS_ID])).resolves.toEqual([record]);
  expect(ddb).toReceiveCommandWith(BatchGetCommand, { RequestItems: { 'classes-table': { Keys: [classKey], ConsistentRead: true } } });
});

test("listClassesByTeacher queries the owner index for the teacher's classes", async () => {
  ddb.on(QueryCommand).resolves({ Items: [classItem()] });
  await expect(repository.listClassesByTeacher(TEACHER_ID)).resolves.toEqual([record]);
  expect(ddb).toReceiveCommandWith(QueryCommand, {
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :partition AND begins_with(gsi1sk, :prefix)',
    ExpressionAttributeValues: { ':partition': `TEACHER#${TEACHER_ID}`, ':prefix': 'CLASS#' },
  });
});

test("listClassIdsOfStudent queries the student's membership items", async () => {
  ddb.on(QueryCommand).resolves({ Items: [membershipItem(STUDENT_ID, CLASS_ID)] });
  await expect(repository.listClassIdsOfStudent(STUDENT_ID)).resolves.toEqual([CLASS_ID]);
  expect(ddb).toReceiveCommandWith(QueryCommand, {
    IndexName: undefined,
    KeyConditionExpression: 'pk = :partition AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':partition': `USER#${STUDENT_ID}`, ':prefix': 'CLASS#' },
  });
});

test('insertClass puts an empty class with its index keys only if none exists; false when one does', async () => {
  ddb.on(PutCommand).resolves({});
  const { students, assignedModuleIds, ...identity } = record;
  await expect(repository.insertClass(identity)).resolves.toBe(true);
  expect(ddb).toReceiveCommandWith(PutCommand, {
    Item: { ...classItem({ students: {}, assignedModuleIds: [] }) },
    ConditionExpression: 'attribute_not_exists(pk)',
  });
  ddb.on(PutCommand).rejects(conditionFailure());
  await expect(repository.insertClass(identity)).resolves.toBe(false);
});

test('enrollStudent writes the membership first, then sets one roster entry of an existing class', async () => {
  ddb.on(PutCommand).resolves({});
  ddb.on(UpdateCommand).resolves({});
  await repository.enrollStudent(CLASS_ID, STUDENT_ID, 'student@example.com');
  expect(ddb).toReceiveNthCommandWith(1, PutCommand, { Item: membershipItem(STUDENT_ID, CLASS_ID) });
  expect(ddb).toReceiveNthCommandWith(2, UpdateCommand, {
    Key: classKey,
    UpdateExpression: 'SET students.#student = :name',
    ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeNames: { '#student': STUDENT_ID },
    ExpressionAttributeValues: { ':name': 'student@example.com' },
  });
});

test('addAssignedModule ADDs to the set if the teacher teaches the class, answering the new class, or undefined', async () => {
  ddb.on(UpdateCommand).resolves({ Attributes: classItem({ assignedModuleIds: [MODULE_ID, 'module-2'] }) });
  await expect(repository.addAssignedModule(CLASS_ID, TEACHER_ID, 'module-2')).resolves.toMatchObject({
    assignedModuleIds: [MODULE_ID, 'module-2'],
  });
  expect(ddb).toReceiveCommandWith(UpdateCommand, {
    TableName: 'classes-table',
    Key: classKey,
    UpdateExpression: 'ADD assignedModuleIds :module',
    ConditionExpression: 'teacherId = :teacher',
    ExpressionAttributeValues: { ':module': new Set(['module-2']), ':teacher': TEACHER_ID },
    ReturnValues: 'ALL_NEW',
  });
  ddb.on(UpdateCommand).rejects(conditionFailure());
  await expect(repository.addAssignedModule(CLASS_ID, 'someone', 'module-2')).resolves.toBeUndefined();
});

test('removeAssignedModule DELETEs from the set of an existing class', async () => {
  ddb.on(UpdateCommand).resolves({});
  await repository.removeAssignedModule(CLASS_ID, MODULE_ID);
  expect(ddb).toReceiveCommandWith(UpdateCommand, {
    Key: classKey,
    UpdateExpression: 'DELETE assignedModuleIds :module',
    ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeValues: { ':module': new Set([MODULE_ID]) },
  });
});
