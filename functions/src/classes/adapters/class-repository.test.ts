// The exact DynamoDB commands the class repository sends, and how it reads their answers.
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  BatchGetCommand,
  BatchWriteCommand,
  DeleteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
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
const sam = { studentId: STUDENT_ID, name: 'Sam Student', email: 'sam@school.example' };

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

test('insertClass puts the catalogue entry, then an empty class with its index keys only if none exists; false when one does', async () => {
  ddb.on(PutCommand).resolves({});
  const { studentCount, assignedModuleIds, ...identity } = record;
  await expect(repository.insertClass(identity)).resolves.toBe(true);
  expect(ddb).toReceiveNthCommandWith(1, PutCommand, {
    Item: { pk: 'CLASSES', sk: `CLASS#${CLASS_ID}`, entity: 'ClassEntry', classId: CLASS_ID },
  });
  expect(ddb).toReceiveNthCommandWith(2, PutCommand, {
    Item: { ...classItem({ studentCount: 0, assignedModuleIds: [] }) },
    ConditionExpression: 'attribute_not_exists(pk)',
  });
  ddb.on(PutCommand, { ConditionExpression: 'attribute_not_exists(pk)' }).rejects(conditionFailure());
  await expect(repository.insertClass(identity)).resolves.toBe(false);
});

test('insertClass keeps who created the class, and getClass reads it back (a repeat of their create answers it)', async () => {
  ddb.on(PutCommand).resolves({});
  await repository.insertClass({ classId: CLASS_ID, className: 'Art', teacherId: '', teacherName: '', createdBy: 'admin-1' });
  const put = ddb.commandCalls(PutCommand).find((call) => call.args[0].input.ConditionExpression)!;
  expect(put.args[0].input.Item).toMatchObject({ createdBy: 'admin-1' });
  ddb.on(GetCommand).resolves({ Item: put.args[0].input.Item });
  await expect(repository.getClass(CLASS_ID)).resolves.toMatchObject({ classId: CLASS_ID, createdBy: 'admin-1' });
});

test('insertClass without a teacher puts no teacher index keys', async () => {
  ddb.on(PutCommand).resolves({});
  await repository.insertClass({ classId: CLASS_ID, className: 'Art', teacherId: '', teacherName: '' });
  const put = ddb.commandCalls(PutCommand).find((call) => call.args[0].input.ConditionExpression)!;
  expect(put.args[0].input.Item).not.toHaveProperty('gsi1pk');
});

test('enrollStudent puts the enrolment only if absent, ADDs one to the count, then writes the membership', async () => {
  ddb.on(PutCommand).resolves({});
  ddb.on(UpdateCommand).resolves({});
  await expect(repository.enrollStudent(CLASS_ID, sam, CREATED_AT)).resolves.toBe('enrolled');
  expect(ddb).toReceiveNthCommandWith(1, PutCommand, {
    Item: { ...enrolmentItem(STUDENT_ID, 'Sam Student'), email: 'sam@school.example' },
    ConditionExpression: 'attribute_not_exists(pk)',
  });
  expect(ddb).toReceiveNthCommandWith(2, UpdateCommand, {
    Key: classKey,
    UpdateExpression: 'ADD studentCount :by',
    ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeValues: { ':by': 1 },
  });
  expect(ddb).toReceiveNthCommandWith(3, PutCommand, { Item: membershipItem(STUDENT_ID, CLASS_ID) });
});

test('a repeated enrolment counts nothing and completes the membership; a missing class is told', async () => {
  ddb.on(PutCommand, { ConditionExpression: 'attribute_not_exists(pk)' }).rejects(conditionFailure());
  ddb.on(PutCommand, { Item: membershipItem(STUDENT_ID, CLASS_ID) }).resolves({});
  ddb.on(GetCommand).resolves({ Item: classItem() });
  await expect(repository.enrollStudent(CLASS_ID, sam)).resolves.toBe('alreadyEnrolled');
  expect(ddb).not.toReceiveCommand(UpdateCommand);
  expect(ddb).toReceiveCommandWith(PutCommand, { Item: membershipItem(STUDENT_ID, CLASS_ID) });
  ddb.reset();
  ddb.on(PutCommand).resolves({});
  ddb.on(UpdateCommand).rejects(conditionFailure());
  ddb.on(DeleteCommand).resolves({});
  ddb.on(GetCommand).resolves({});
  await expect(repository.enrollStudent(CLASS_ID, sam)).resolves.toBe('noClass');
  expect(ddb).toReceiveCommandWith(DeleteCommand, { Key: { pk: classKey.pk, sk: `STUDENT#${STUDENT_ID}` } });
  expect(ddb).not.toReceiveCommandWith(PutCommand, { Item: membershipItem(STUDENT_ID, CLASS_ID) });
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
    ConditionExpression: 'teacherId = :teacher',
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
    ConditionExpression: 'teacherId = :teacher',
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
    ConditionExpression: 'teacherId = :teacher AND attribute_not_exists(#version)',
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
    ConditionExpression: 'teacherId = :teacher AND #version = :version',
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
    ConditionExpression: 'teacherId = :teacher AND #version = :version',
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
    ConditionExpression: 'teacherId = :teacher AND contains(assignedModuleIds, :module) AND contains(assignedModuleIds, :prerequisite) AND #version = :version',
    ExpressionAttributeNames: { '#prerequisite': 'prerequisite#module-2', '#version': 'prerequisitesVersion' },
    ExpressionAttributeValues: { ':teacher': TEACHER_ID, ':module': 'module-2', ':one': 1, ':prerequisite': MODULE_ID, ':version': 2 },
  });
  ddb.reset();
  ddb.on(UpdateCommand).resolves({ Attributes: classItem() });
  await repository.setPrerequisite(CLASS_ID, TEACHER_ID, 'module-2', null, undefined);
  expect(ddb).toReceiveCommandWith(UpdateCommand, {
    UpdateExpression: 'REMOVE #prerequisite ADD #version :one',
    ConditionExpression: 'teacherId = :teacher AND contains(assignedModuleIds, :module) AND attribute_not_exists(#version)',
  });
  ddb.on(UpdateCommand).rejects(conditionFailure());
  await expect(repository.setPrerequisite(CLASS_ID, 'someone', 'module-2', null, undefined)).resolves.toBeUndefined();
});

test('listAllClasses reads the catalogue, then batch-reads the classes it names', async () => {
  ddb.on(QueryCommand).resolves({ Items: [{ classId: CLASS_ID }] });
  ddb.on(GetCommand).resolves({ Item: classItem() });
  await expect(repository.listAllClasses()).resolves.toEqual([record]);
  expect(ddb).toReceiveCommandWith(QueryCommand, { ExpressionAttributeValues: { ':partition': 'CLASSES', ':prefix': 'CLASS#' } });
});

test('renameClass and setClassTeacher update an existing class; false when it is gone', async () => {
  ddb.on(UpdateCommand).resolves({});
  await expect(repository.renameClass(CLASS_ID, 'Art')).resolves.toBe(true);
  expect(ddb).toReceiveCommandWith(UpdateCommand, {
    Key: classKey,
    UpdateExpression: 'SET className = :name',
    ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeValues: { ':name': 'Art' },
  });
  await repository.setClassTeacher(CLASS_ID, null);
  expect(ddb).toReceiveCommandWith(UpdateCommand, { UpdateExpression: 'REMOVE teacherId, teacherName, gsi1pk, gsi1sk' });
  ddb.on(UpdateCommand).rejects(conditionFailure());
  await expect(repository.renameClass(CLASS_ID, 'Art')).resolves.toBe(false);
  await expect(repository.setClassTeacher(CLASS_ID, null)).resolves.toBe(false);
});

test("setClassTeacher sets the teacher in one transaction with a check that the teacher's role is as read", async () => {
  ddb.on(TransactWriteCommand).resolves({});
  await expect(repository.setClassTeacher(CLASS_ID, { id: TEACHER_ID, name: 'Ada Teacher', roleVersion: 3, at: 1_000 })).resolves.toBe(true);
  expect(ddb).toReceiveCommandWith(TransactWriteCommand, {
    TransactItems: [
      {
        Update: expect.objectContaining({
          Key: classKey,
          UpdateExpression: 'SET teacherId = :teacher, teacherName = :name, gsi1pk = :gsi1pk, gsi1sk = :gsi1sk',
          ExpressionAttributeValues: { ':teacher': TEACHER_ID, ':name': 'Ada Teacher', ':gsi1pk': `TEACHER#${TEACHER_ID}`, ':gsi1sk': `CLASS#${CLASS_ID}` },
        }),
      },
      {
        ConditionCheck: expect.objectContaining({
          Key: { pk: `ACCESS#${TEACHER_ID}`, sk: 'ACCESS' },
          ConditionExpression: 'roleVersion = :version AND (attribute_not_exists(roleChangeUntil) OR roleChangeUntil < :at)',
          ExpressionAttributeValues: { ':at': 1_000, ':version': 3 },
        }),
      },
    ],
  });
  const cancelled = (codes: string[]) =>
    Object.assign(new Error('cancelled'), { name: 'TransactionCanceledException', CancellationReasons: codes.map((Code) => ({ Code })) });
  ddb.on(TransactWriteCommand).rejects(cancelled(['ConditionalCheckFailed', 'None']));
  await expect(repository.setClassTeacher(CLASS_ID, { id: TEACHER_ID, name: 'Ada Teacher', at: 1_000 })).resolves.toBe(false);
  ddb.on(TransactWriteCommand).rejects(cancelled(['None', 'ConditionalCheckFailed']));
  await expect(repository.setClassTeacher(CLASS_ID, { id: TEACHER_ID, name: 'Ada Teacher', at: 1_000 })).rejects.toMatchObject({ kind: 'conflict' });
});

test('unenrollStudent removes the membership first, then the enrolment, and counts one less only if it was there', async () => {
  ddb.on(DeleteCommand).resolves({ Attributes: enrolmentItem(STUDENT_ID, 'Sam Student') });
  ddb.on(UpdateCommand).resolves({});
  await repository.unenrollStudent(CLASS_ID, STUDENT_ID);
  expect(ddb).toReceiveNthCommandWith(1, DeleteCommand, { Key: { pk: `USER#${STUDENT_ID}`, sk: `CLASS#${CLASS_ID}` } });
  expect(ddb).toReceiveNthCommandWith(2, DeleteCommand, { Key: { pk: classKey.pk, sk: `STUDENT#${STUDENT_ID}` }, ReturnValues: 'ALL_OLD' });
  expect(ddb).toReceiveCommandWith(UpdateCommand, { UpdateExpression: 'ADD studentCount :by', ExpressionAttributeValues: { ':by': -1 } });
  ddb.resetHistory();
  ddb.on(DeleteCommand).resolves({});
  await repository.unenrollStudent(CLASS_ID, STUDENT_ID);
  expect(ddb).not.toReceiveCommand(UpdateCommand);
});

test('deleteClassAndItsData deletes memberships and the partition, then the class, then its catalogue entry', async () => {
  ddb.on(GetCommand).resolves({ Item: classItem() });
  ddb.on(QueryCommand, { ExpressionAttributeValues: { ':partition': classKey.pk, ':prefix': 'STUDENT#' } }).resolves({
    Items: [enrolmentItem(STUDENT_ID, 'Sam Student')],
  });
  ddb.on(QueryCommand, { ExpressionAttributeValues: { ':partition': classKey.pk, ':prefix': '' } }).resolves({
    Items: [classKey, { pk: classKey.pk, sk: `PROGRESS#${MODULE_ID}#${STUDENT_ID}` }],
  });
  ddb.on(BatchWriteCommand).resolves({});
  ddb.on(DeleteCommand).resolves({});
  await repository.deleteClassAndItsData(CLASS_ID);
  expect(ddb).toReceiveCommandWith(BatchWriteCommand, {
    RequestItems: {
      'classes-table': [{ DeleteRequest: { Key: { pk: `USER#${STUDENT_ID}`, sk: `CLASS#${CLASS_ID}` } } }],
    },
  });
  expect(ddb).toReceiveCommandWith(BatchWriteCommand, {
    RequestItems: {
      'classes-table': [{ DeleteRequest: { Key: { pk: classKey.pk, sk: `PROGRESS#${MODULE_ID}#${STUDENT_ID}` } } }],
    },
  });
  const deletes = ddb.commandCalls(DeleteCommand).map((call) => call.args[0].input.Key);
  expect(deletes).toEqual([classKey, { pk: 'CLASSES', sk: `CLASS#${CLASS_ID}` }]);
});

test("renames follow into the rosters, each conditional on the person's place still being there", async () => {
  ddb.on(QueryCommand).resolves({ Items: [classItem()] });
  ddb.on(UpdateCommand).resolves({});
  await repository.renameTeacherInClasses(TEACHER_ID, 'Ada Teacher');
  expect(ddb).toReceiveCommandWith(UpdateCommand, {
    Key: classKey,
    UpdateExpression: 'SET teacherName = :name',
    ConditionExpression: 'teacherId = :teacher',
    ExpressionAttributeValues: { ':name': 'Ada Teacher', ':teacher': TEACHER_ID },
  });
  ddb.on(QueryCommand).resolves({ Items: [membershipItem(STUDENT_ID, CLASS_ID)] });
  ddb.on(UpdateCommand).rejects(conditionFailure());
  await expect(repository.renameStudentInClasses(sam)).resolves.toBeUndefined();
  expect(ddb).toReceiveCommandWith(UpdateCommand, {
    Key: { pk: classKey.pk, sk: `STUDENT#${STUDENT_ID}` },
    UpdateExpression: 'SET #name = :name, email = :email',
    ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeValues: { ':name': 'Sam Student', ':email': 'sam@school.example' },
  });
  // A student no longer enrolled is not brought back: one conditional update per class, nothing else.
  expect(ddb).toReceiveCommandTimes(UpdateCommand, 2);
});
