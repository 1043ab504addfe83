// The exact DynamoDB commands the class repository sends, and how it reads their answers.
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  BatchGetCommand,
  DynamoDBDocumentClient,
  GetCommand,
  QueryCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { conditionFailure, mockAws } from '@test/unit-helpers/aws';
import { STUDENT_ID, TEACHER_ID } from '@test/unit-helpers/events';
import { CLASS_ID, classItem, CREATED_AT, enrolmentItem, membershipItem, MODULE_ID } from '@test/unit-helpers/fixtures';
import { classRecord } from '@functions/test/in-memory/records';
import { makeClassRepository } from './class-repository';

const { ddb } = mockAws();
const repository = makeClassRepository({ client: DynamoDBDocumentClient.from(new DynamoDBClient({})), tableName: 'classes-table' });
const classKey = { pk: `CLASS#${CLASS_ID}`, sk: 'CLASS' };
const { students: _roster, ...setup } = classRecord();
const record = { ...setup, studentCount: 1 };

test('getClass reads the class item consistently and turns the module set into a sorted list', async () => {
  ddb.on(GetCommand).resolves({ Item: classItem({ assignedModuleIds: ['b', 'a'] }) });
  await expect(repository.getClass(CLASS_ID)).resolves.toEqual({ ...record, assignedModuleIds: ['a', 'b'] });
  expect(ddb).toReceiveCommandWith(GetCommand, { TableName: 'classes-table', Key: classKey, ConsistentRead: true });
});

test('a class with nothing assigned (no set attribute) has an empty list', async () => {
  ddb.on(GetCommand).resolves({ Item: classItem({ assignedModuleIds: [] }) });
  await expect(repository.getClass(CLASS_ID)).resolves.toMatchObject({ assignedModuleIds: [] });
});

test('getClasses batch-reads the class items, leaving out those that are gone', async () => {
  const goneKey = { pk: 'CLASS#gone', sk: 'CLASS' };
  ddb.on(BatchGetCommand).resolves({ Responses: { 'classes-table': [classItem()] } });
  await expect(repository.getClasses([CLASS_ID, 'gone'])).resolves.toEqual([record]);
  expect(ddb).toReceiveCommandWith(BatchGetCommand, { RequestItems: { 'classes-table': { Keys: [classKey, goneKey], ConsistentRead: true } } });
});

test('getClasses of one class is one GetItem', async () => {
  ddb.on(GetCommand).resolves({ Item: classItem() });
  await expect(repository.getClasses([CLASS_ID])).resolves.toEqual([record]);
  expect(ddb).toReceiveCommandWith(GetCommand, { TableName: 'classes-table', Key: classKey, ConsistentRead: true });
  expect(ddb).not.toReceiveCommand(BatchGetCommand);
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

test('isEnrolled is one GetItem on the membership', async () => {
  ddb.on(GetCommand).resolves({ Item: { sk: `CLASS#${CLASS_ID}` } });
  await expect(repository.isEnrolled(CLASS_ID, STUDENT_ID)).resolves.toBe(true);
  expect(ddb).toReceiveCommandTimes(GetCommand, 1);
  expect(ddb).toReceiveCommandWith(GetCommand, { Key: { pk: `USER#${STUDENT_ID}`, sk: `CLASS#${CLASS_ID}` }, ConsistentRead: true });
  ddb.on(GetCommand).resolves({});
  await expect(repository.isEnrolled(CLASS_ID, STUDENT_ID)).resolves.toBe(false);
});

test('listStudents queries one page of enrolment items after the given student, answering the next one', async () => {
  ddb.on(QueryCommand).resolves({
    Items: [{ ...enrolmentItem('b', 'Bea'), email: 'bea@school.example' }],
    LastEvaluatedKey: { pk: classKey.pk, sk: 'STUDENT#b' },
  });
  await expect(repository.listStudents(CLASS_ID, { limit: 1, after: 'a' })).resolves.toEqual({
    students: [{ studentId: 'b', name: 'Bea', email: 'bea@school.example', enrolledAt: CREATED_AT }],
    next: 'b',
  });
  expect(ddb).toReceiveCommandWith(QueryCommand, {
    ExpressionAttributeValues: { ':partition': classKey.pk, ':prefix': 'STUDENT#' },
    ExclusiveStartKey: { pk: classKey.pk, sk: 'STUDENT#a' },
    Limit: 1,
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
    UpdateExpression: 'ADD assignedModuleIds :module REMOVE #dueAt',
    ConditionExpression: 'teacherId = :teacher AND attribute_not_exists(archivedAt)',
    ExpressionAttributeNames: { '#dueAt': 'dueAt#module-2' },
    ExpressionAttributeValues: { ':module': new Set(['module-2']), ':teacher': TEACHER_ID },
    ReturnValues: 'ALL_NEW',
  });
  ddb.on(UpdateCommand).rejects(conditionFailure());
  await expect(repository.addAssignedModule(CLASS_ID, 'someone', 'module-2')).resolves.toBeUndefined();
});

test('addAssignedModule with a time keeps when the module was first assigned (if_not_exists) and reads it back', async () => {
  ddb.on(UpdateCommand).resolves({ Attributes: { ...classItem(), 'assignedAt#module-2': '2024-06-01T00:00:00.000Z' } });
  await expect(repository.addAssignedModule(CLASS_ID, TEACHER_ID, 'module-2', '2024-06-01T00:00:00.000Z')).resolves.toMatchObject({
    assignedAt: { 'module-2': '2024-06-01T00:00:00.000Z' },
  });
  expect(ddb).toReceiveCommandWith(UpdateCommand, {
    UpdateExpression: 'ADD assignedModuleIds :module SET #assignedAt = if_not_exists(#assignedAt, :now) REMOVE #dueAt',
    ExpressionAttributeNames: { '#assignedAt': 'assignedAt#module-2', '#dueAt': 'dueAt#module-2' },
    ExpressionAttributeValues: { ':module': new Set(['module-2']), ':teacher': TEACHER_ID, ':now': '2024-06-01T00:00:00.000Z' },
  });
});

test('addAssignedModule with a due date SETs it in the same update and reads every due date back', async () => {
  ddb.on(UpdateCommand).resolves({ Attributes: { ...classItem(), 'dueAt#module-2': '2026-12-05T16:00:00.000Z' } });
  await expect(repository.addAssignedModule(CLASS_ID, TEACHER_ID, 'module-2', '2026-11-01T00:00:00.000Z', '2026-12-05T16:00:00.000Z')).resolves.toMatchObject({
    dueAt: { 'module-2': '2026-12-05T16:00:00.000Z' },
  });
  expect(ddb).toReceiveCommandWith(UpdateCommand, {
    UpdateExpression: 'ADD assignedModuleIds :module SET #assignedAt = if_not_exists(#assignedAt, :now), #dueAt = :dueAt',
    ConditionExpression: 'teacherId = :teacher AND attribute_not_exists(archivedAt)',
    ExpressionAttributeNames: { '#assignedAt': 'assignedAt#module-2', '#dueAt': 'dueAt#module-2' },
    ExpressionAttributeValues: {
      ':module': new Set(['module-2']),
      ':teacher': TEACHER_ID,
      ':now': '2026-11-01T00:00:00.000Z',
      ':dueAt': '2026-12-05T16:00:00.000Z',
    },
  });
  ddb.on(GetCommand).resolves({ Item: classItem() });
  await expect(repository.getClass(CLASS_ID)).resolves.not.toHaveProperty('dueAt');
});

test('removeAssignedModule DELETEs from the set of an existing class', async () => {
  ddb.on(UpdateCommand).resolves({});
  await repository.removeAssignedModule(CLASS_ID, MODULE_ID);
  expect(ddb).toReceiveCommandWith(UpdateCommand, {
    Key: classKey,
    UpdateExpression: 'DELETE assignedModuleIds :module REMOVE #assignedAt, #dueAt, #prerequisite',
    ExpressionAttributeNames: { '#assignedAt': `assignedAt#${MODULE_ID}`, '#dueAt': `dueAt#${MODULE_ID}`, '#prerequisite': `prerequisite#${MODULE_ID}` },
    ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeValues: { ':module': new Set([MODULE_ID]) },
  });
});

test('removeAssignedModuleOfTeacher reads the class, then DELETEs from the set with the prerequisites as read, if the teacher teaches the class', async () => {
  ddb.on(GetCommand).resolves({ Item: classItem() });
  ddb.on(UpdateCommand).resolves({ Attributes: classItem({ assignedModuleIds: [] }) });
  await expect(repository.removeAssignedModuleOfTeacher(CLASS_ID, TEACHER_ID, MODULE_ID)).resolves.toMatchObject({ assignedModuleIds: [] });
  expect(ddb).toReceiveCommandWith(GetCommand, { Key: classKey, ConsistentRead: true });
  expect(ddb).toReceiveCommandWith(UpdateCommand, {
    Key: classKey,
    UpdateExpression: 'DELETE assignedModuleIds :module REMOVE #dueAt, #prerequisite',
    ConditionExpression: 'teacherId = :teacher AND attribute_not_exists(archivedAt) AND attribute_not_exists(#version)',
    ExpressionAttributeNames: { '#dueAt': `dueAt#${MODULE_ID}`, '#prerequisite': `prerequisite#${MODULE_ID}`, '#version': 'prerequisitesVersion' },
    ExpressionAttributeValues: { ':module': new Set([MODULE_ID]), ':teacher': TEACHER_ID },
  });
  ddb.reset();
  ddb.on(GetCommand).resolves({ Item: classItem() });
  await expect(repository.removeAssignedModuleOfTeacher(CLASS_ID, 'someone', MODULE_ID)).resolves.toBeUndefined();
  expect(ddb).toReceiveCommandTimes(UpdateCommand, 0);
});

test('removeAssignedModuleOfTeacher also REMOVEs the prerequisites of other modules that name it, in the same update', async () => {
  const item = { ...classItem({ assignedModuleIds: [MODULE_ID, 'module-2', 'module-3'] }), 'prerequisite#module-2': MODULE_ID, 'prerequisite#module-3': 'module-2', prerequisitesVersion: 4 };
  ddb.on(GetCommand).resolves({ Item: item });
  ddb.on(UpdateCommand).resolves({ Attributes: classItem({ assignedModuleIds: ['module-2', 'module-3'] }) });
  await repository.removeAssignedModuleOfTeacher(CLASS_ID, TEACHER_ID, MODULE_ID);
  expect(ddb).toReceiveCommandWith(UpdateCommand, {
    UpdateExpression: 'DELETE assignedModuleIds :module REMOVE #dueAt, #prerequisite, #dependent0',
    ConditionExpression: 'teacherId = :teacher AND attribute_not_exists(archivedAt) AND #version = :version',
    ExpressionAttributeNames: { '#dueAt': `dueAt#${MODULE_ID}`, '#prerequisite': `prerequisite#${MODULE_ID}`, '#dependent0': 'prerequisite#module-2', '#version': 'prerequisitesVersion' },
    ExpressionAttributeValues: { ':module': new Set([MODULE_ID]), ':teacher': TEACHER_ID, ':version': 4 },
  });
});

test('removeAssignedModuleOfTeacher reads again when the prerequisites changed meanwhile, and says so after three lost races', async () => {
  ddb
    .on(GetCommand)
    .resolvesOnce({ Item: classItem() })
    .resolves({ Item: { ...classItem({ assignedModuleIds: [MODULE_ID, 'module-2'] }), 'prerequisite#module-2': MODULE_ID, prerequisitesVersion: 1 } });
  ddb.on(UpdateCommand).rejectsOnce(conditionFailure()).resolves({ Attributes: classItem({ assignedModuleIds: ['module-2'] }) });
  await expect(repository.removeAssignedModuleOfTeacher(CLASS_ID, TEACHER_ID, MODULE_ID)).resolves.toMatchObject({ assignedModuleIds: ['module-2'] });
  expect(ddb.commandCalls(UpdateCommand)[1]!.args[0].input).toMatchObject({
    UpdateExpression: 'DELETE assignedModuleIds :module REMOVE #dueAt, #prerequisite, #dependent0',
    ConditionExpression: 'teacherId = :teacher AND attribute_not_exists(archivedAt) AND #version = :version',
  });
  ddb.reset();
  ddb.on(GetCommand).resolves({ Item: classItem() });
  ddb.on(UpdateCommand).rejects(conditionFailure());
  await expect(repository.removeAssignedModuleOfTeacher(CLASS_ID, TEACHER_ID, MODULE_ID)).resolves.toBe('changed');
  expect(ddb).toReceiveCommandTimes(UpdateCommand, 3);
});

test('setPrerequisite SETs the module’s prerequisite if the teacher teaches the class, it holds both modules and its prerequisites are as read; null REMOVEs it', async () => {
  ddb.on(UpdateCommand).resolves({ Attributes: { ...classItem({ assignedModuleIds: [MODULE_ID, 'module-2'] }), 'prerequisite#module-2': MODULE_ID, prerequisitesVersion: 3 } });
  await expect(repository.setPrerequisite(CLASS_ID, TEACHER_ID, 'module-2', MODULE_ID, 2)).resolves.toMatchObject({ prerequisites: { 'module-2': MODULE_ID }, prerequisitesVersion: 3 });
  expect(ddb).toReceiveCommandWith(UpdateCommand, {
    Key: classKey,
    UpdateExpression: 'SET #prerequisite = :prerequisite ADD #version :one',
    ConditionExpression: 'teacherId = :teacher AND attribute_not_exists(archivedAt) AND contains(assignedModuleIds, :module) AND contains(assignedModuleIds, :prerequisite) AND #version = :version',
    ExpressionAttributeNames: { '#prerequisite': 'prerequisite#module-2', '#version': 'prerequisitesVersion' },
    ExpressionAttributeValues: { ':teacher': TEACHER_ID, ':module': 'module-2', ':one': 1, ':prerequisite': MODULE_ID, ':version': 2 },
  });
  ddb.reset();
  ddb.on(UpdateCommand).resolves({ Attributes: classItem() });
  await repository.setPrerequisite(CLASS_ID, TEACHER_ID, 'module-2', null, undefined);
  expect(ddb).toReceiveCommandWith(UpdateCommand, {
    UpdateExpression: 'REMOVE #prerequisite ADD #version :one',
    ConditionExpression: 'teacherId = :teacher AND attribute_not_exists(archivedAt) AND contains(assignedModuleIds, :module) AND attribute_not_exists(#version)',
  });
  ddb.on(UpdateCommand).rejects(conditionFailure());
  await expect(repository.setPrerequisite(CLASS_ID, 'someone', 'module-2', null, undefined)).resolves.toBeUndefined();
});
