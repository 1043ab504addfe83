// The exact DynamoDB commands the roster repository (the administration's writes on classes) sends.
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
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
import { makeClassRepository } from '../../classes/adapters/class-repository';
import { makeRosterRepository } from './roster-repository';

const { ddb } = mockAws();
const context = { client: DynamoDBDocumentClient.from(new DynamoDBClient({})), tableName: 'classes-table' };
const repository = makeClassRepository(context);
const rosters = makeRosterRepository(context);
const classKey = { pk: `CLASS#${CLASS_ID}`, sk: 'CLASS' };
const { students: _roster, ...setup } = classRecord();
const record = { ...setup, studentCount: 1 };
const sam = { studentId: STUDENT_ID, name: 'Sam Student', email: 'sam@school.example' };

test('insertClass puts the catalogue entry, then an empty class with its index keys only if none exists; false when one does', async () => {
  ddb.on(PutCommand).resolves({});
  const { studentCount, assignedModuleIds, ...identity } = record;
  await expect(rosters.insertClass(identity)).resolves.toBe(true);
  expect(ddb).toReceiveNthCommandWith(1, PutCommand, {
    Item: { pk: 'CLASSES', sk: `CLASS#${CLASS_ID}`, entity: 'ClassEntry', classId: CLASS_ID },
  });
  expect(ddb).toReceiveNthCommandWith(2, PutCommand, {
    Item: { ...classItem({ studentCount: 0, assignedModuleIds: [] }) },
    ConditionExpression: 'attribute_not_exists(pk)',
  });
  ddb.on(PutCommand, { ConditionExpression: 'attribute_not_exists(pk)' }).rejects(conditionFailure());
  await expect(rosters.insertClass(identity)).resolves.toBe(false);
});

test('insertClass keeps who created the class, and getClass reads it back (a repeat of their create answers it)', async () => {
  ddb.on(PutCommand).resolves({});
  await rosters.insertClass({ classId: CLASS_ID, className: 'Art', teacherId: '', teacherName: '', createdBy: 'admin-1' });
  const put = ddb.commandCalls(PutCommand).find((call) => call.args[0].input.ConditionExpression)!;
  expect(put.args[0].input.Item).toMatchObject({ createdBy: 'admin-1' });
  ddb.on(GetCommand).resolves({ Item: put.args[0].input.Item });
  await expect(repository.getClass(CLASS_ID)).resolves.toMatchObject({ classId: CLASS_ID, createdBy: 'admin-1' });
});

test('insertClass without a teacher puts no teacher index keys', async () => {
  ddb.on(PutCommand).resolves({});
  await rosters.insertClass({ classId: CLASS_ID, className: 'Art', teacherId: '', teacherName: '' });
  const put = ddb.commandCalls(PutCommand).find((call) => call.args[0].input.ConditionExpression)!;
  expect(put.args[0].input.Item).not.toHaveProperty('gsi1pk');
});

test('enrollStudent puts the enrolment only if absent, ADDs one to the count, then writes the membership', async () => {
  ddb.on(PutCommand).resolves({});
  ddb.on(UpdateCommand).resolves({});
  await expect(rosters.enrollStudent(CLASS_ID, sam, CREATED_AT)).resolves.toBe('enrolled');
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
  await expect(rosters.enrollStudent(CLASS_ID, sam)).resolves.toBe('alreadyEnrolled');
  expect(ddb).not.toReceiveCommand(UpdateCommand);
  expect(ddb).toReceiveCommandWith(PutCommand, { Item: membershipItem(STUDENT_ID, CLASS_ID) });
  ddb.reset();
  ddb.on(PutCommand).resolves({});
  ddb.on(UpdateCommand).rejects(conditionFailure());
  ddb.on(DeleteCommand).resolves({});
  ddb.on(GetCommand).resolves({});
  await expect(rosters.enrollStudent(CLASS_ID, sam)).resolves.toBe('noClass');
  expect(ddb).toReceiveCommandWith(DeleteCommand, { Key: { pk: classKey.pk, sk: `STUDENT#${STUDENT_ID}` } });
  expect(ddb).not.toReceiveCommandWith(PutCommand, { Item: membershipItem(STUDENT_ID, CLASS_ID) });
});

test('listAllClasses reads the catalogue, then batch-reads the classes it names', async () => {
  ddb.on(QueryCommand).resolves({ Items: [{ classId: CLASS_ID }] });
  ddb.on(GetCommand).resolves({ Item: classItem() });
  await expect(rosters.listAllClasses()).resolves.toEqual([record]);
  expect(ddb).toReceiveCommandWith(QueryCommand, { ExpressionAttributeValues: { ':partition': 'CLASSES', ':prefix': 'CLASS#' } });
});

test('renameClass and setClassTeacher update an existing class; false when it is gone', async () => {
  ddb.on(UpdateCommand).resolves({});
  await expect(rosters.renameClass(CLASS_ID, 'Art')).resolves.toBe(true);
  expect(ddb).toReceiveCommandWith(UpdateCommand, {
    Key: classKey,
    UpdateExpression: 'SET className = :name',
    ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeValues: { ':name': 'Art' },
  });
  await rosters.setClassTeacher(CLASS_ID, null);
  expect(ddb).toReceiveCommandWith(UpdateCommand, { UpdateExpression: 'REMOVE teacherId, teacherName, gsi1pk, gsi1sk' });
  ddb.on(UpdateCommand).rejects(conditionFailure());
  await expect(rosters.renameClass(CLASS_ID, 'Art')).resolves.toBe(false);
  await expect(rosters.setClassTeacher(CLASS_ID, null)).resolves.toBe(false);
});

test("setClassTeacher sets the teacher in one transaction with a check that the teacher's role is as read", async () => {
  ddb.on(TransactWriteCommand).resolves({});
  await expect(rosters.setClassTeacher(CLASS_ID, { id: TEACHER_ID, name: 'Ada Teacher', roleVersion: 3, at: 1_000 })).resolves.toBe(true);
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
  await expect(rosters.setClassTeacher(CLASS_ID, { id: TEACHER_ID, name: 'Ada Teacher', at: 1_000 })).resolves.toBe(false);
  ddb.on(TransactWriteCommand).rejects(cancelled(['None', 'ConditionalCheckFailed']));
  await expect(rosters.setClassTeacher(CLASS_ID, { id: TEACHER_ID, name: 'Ada Teacher', at: 1_000 })).rejects.toMatchObject({ kind: 'conflict' });
});

test('unenrollStudent records the class as left, removes the membership, then the enrolment, and counts one less only if it was there', async () => {
  ddb.on(DeleteCommand).resolves({ Attributes: enrolmentItem(STUDENT_ID, 'Sam Student') });
  ddb.on(UpdateCommand).resolves({});
  ddb.on(PutCommand).resolves({});
  await rosters.unenrollStudent(CLASS_ID, STUDENT_ID);
  expect(ddb).toReceiveNthCommandWith(1, PutCommand, {
    Item: { pk: `USER#${STUDENT_ID}`, sk: `LEFT#${CLASS_ID}`, entity: 'FormerClass', studentId: STUDENT_ID, classId: CLASS_ID },
  });
  expect(ddb).toReceiveNthCommandWith(2, DeleteCommand, { Key: { pk: `USER#${STUDENT_ID}`, sk: `CLASS#${CLASS_ID}` } });
  expect(ddb).toReceiveNthCommandWith(3, DeleteCommand, { Key: { pk: classKey.pk, sk: `STUDENT#${STUDENT_ID}` }, ReturnValues: 'ALL_OLD' });
  expect(ddb).toReceiveCommandWith(UpdateCommand, { UpdateExpression: 'ADD studentCount :by', ExpressionAttributeValues: { ':by': -1 } });
  ddb.resetHistory();
  ddb.on(DeleteCommand).resolves({});
  await rosters.unenrollStudent(CLASS_ID, STUDENT_ID);
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
  await rosters.deleteClassAndItsData(CLASS_ID);
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
  await rosters.renameTeacherInClasses(TEACHER_ID, 'Ada Teacher');
  expect(ddb).toReceiveCommandWith(UpdateCommand, {
    Key: classKey,
    UpdateExpression: 'SET teacherName = :name',
    ConditionExpression: 'teacherId = :teacher',
    ExpressionAttributeValues: { ':name': 'Ada Teacher', ':teacher': TEACHER_ID },
  });
  ddb.on(QueryCommand).resolves({ Items: [membershipItem(STUDENT_ID, CLASS_ID)] });
  ddb.on(UpdateCommand).rejects(conditionFailure());
  await expect(rosters.renameStudentInClasses(sam)).resolves.toBeUndefined();
  expect(ddb).toReceiveCommandWith(UpdateCommand, {
    Key: { pk: classKey.pk, sk: `STUDENT#${STUDENT_ID}` },
    UpdateExpression: 'SET #name = :name, email = :email',
    ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeValues: { ':name': 'Sam Student', ':email': 'sam@school.example' },
  });
  // A student no longer enrolled is not brought back: one conditional update per class, nothing else.
  expect(ddb).toReceiveCommandTimes(UpdateCommand, 2);
});
