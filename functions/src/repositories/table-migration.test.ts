// The exact DynamoDB commands of the migration's own writes to classes (the roster map of the previous shape, the
// enrolments' e-mails), and how it reads their answers. test/integration/migrate.test.ts runs the whole migration.
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, DynamoDBDocumentClient, GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { conditionFailure, mockAws } from '@test/unit-helpers/aws';
import { STUDENT_ID } from '@test/unit-helpers/events';
import { CLASS_ID, classItem, enrolmentItem, membershipItem } from '@test/unit-helpers/fixtures';
import { makeClassMaintenance } from './table-migration';

const { ddb } = mockAws();
const maintenance = makeClassMaintenance({ client: DynamoDBDocumentClient.from(new DynamoDBClient({})), tableName: 'classes-table' });
const classKey = { pk: `CLASS#${CLASS_ID}`, sk: 'CLASS' };

test('moveRosterMap copies a map roster to enrolment items and memberships, then sets the count and removes the map', async () => {
  ddb.on(GetCommand).resolves({ Item: classItem({ legacyStudents: { [STUDENT_ID]: 'Sam Student', 'student-0': 'Al' } }) });
  ddb.on(QueryCommand).resolves({ Items: [] });
  ddb.on(BatchWriteCommand).resolves({});
  ddb.on(UpdateCommand).resolves({});
  await expect(maintenance.moveRosterMap(CLASS_ID)).resolves.toBe(true);
  const enrolment = (studentId: string, name: string) => ({ pk: classKey.pk, sk: `STUDENT#${studentId}`, entity: 'Enrolment', classId: CLASS_ID, studentId, name });
  expect(ddb).toReceiveCommandWith(BatchWriteCommand, {
    RequestItems: {
      'classes-table': [
        { PutRequest: { Item: enrolment('student-0', 'Al') } },
        { PutRequest: { Item: membershipItem('student-0', CLASS_ID) } },
        { PutRequest: { Item: enrolment(STUDENT_ID, 'Sam Student') } },
        { PutRequest: { Item: membershipItem(STUDENT_ID, CLASS_ID) } },
      ],
    },
  });
  expect(ddb).toReceiveCommandWith(UpdateCommand, {
    Key: classKey,
    UpdateExpression: 'SET studentCount = :count REMOVE students',
    ConditionExpression: 'attribute_exists(students)',
    ExpressionAttributeValues: { ':count': 2 },
  });
});

test('moveRosterMap keeps the enrolment item of a student the app enrolled before the migration ran', async () => {
  ddb.on(GetCommand).resolves({ Item: classItem({ legacyStudents: { [STUDENT_ID]: 'Sam Student', 'student-0': 'Al' } }) });
  ddb.on(QueryCommand).resolves({ Items: [{ pk: classKey.pk, sk: `STUDENT#${STUDENT_ID}` }, { pk: classKey.pk, sk: 'STUDENT#student-9' }] });
  ddb.on(BatchWriteCommand).resolves({});
  ddb.on(UpdateCommand).resolves({});
  await maintenance.moveRosterMap(CLASS_ID);
  const puts = ddb.commandCalls(BatchWriteCommand).flatMap((call) => call.args[0].input.RequestItems!['classes-table']!);
  expect(puts.map((request) => request.PutRequest?.Item?.sk)).toEqual(['STUDENT#student-0', 'CLASS#' + CLASS_ID]);
  expect(ddb).toReceiveCommandWith(UpdateCommand, { ExpressionAttributeValues: { ':count': 3 } });
});

test('moveRosterMap of a class without a map (or gone) writes nothing and answers false', async () => {
  ddb.on(GetCommand).resolves({ Item: classItem() });
  await expect(maintenance.moveRosterMap(CLASS_ID)).resolves.toBe(false);
  ddb.on(GetCommand).resolves({});
  await expect(maintenance.moveRosterMap(CLASS_ID)).resolves.toBe(false);
  expect(ddb).not.toReceiveCommand(BatchWriteCommand);
  expect(ddb).not.toReceiveCommand(UpdateCommand);
});

test('recountStudents sets the count from the enrolment items of a class without a map; undefined otherwise', async () => {
  ddb.on(QueryCommand).resolves({ Items: [{ pk: classKey.pk, sk: 'STUDENT#a' }, { pk: classKey.pk, sk: 'STUDENT#b' }] });
  ddb.on(UpdateCommand).resolves({});
  await expect(maintenance.recountStudents(CLASS_ID)).resolves.toBe(2);
  expect(ddb).toReceiveCommandWith(UpdateCommand, {
    Key: classKey,
    UpdateExpression: 'SET studentCount = :count',
    ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(students)',
    ExpressionAttributeValues: { ':count': 2 },
  });
  ddb.on(UpdateCommand).rejects(conditionFailure());
  await expect(maintenance.recountStudents(CLASS_ID)).resolves.toBeUndefined();
});

test('enrolmentPage reads one page of enrolment items consistently, with their e-mail attribute as stored, and the next student', async () => {
  ddb.on(QueryCommand).resolves({
    Items: [enrolmentItem('a', 'Al'), { ...enrolmentItem('b', 'Bea'), email: '' }, { ...enrolmentItem('c', 'Cy'), email: 'cy@school.example' }],
    LastEvaluatedKey: { pk: classKey.pk, sk: 'STUDENT#c' },
  });
  await expect(maintenance.enrolmentPage(CLASS_ID, { limit: 3, after: 'a' })).resolves.toEqual({
    enrolments: [{ studentId: 'a' }, { studentId: 'b', email: '' }, { studentId: 'c', email: 'cy@school.example' }],
    next: 'c',
  });
  expect(ddb).toReceiveCommandWith(QueryCommand, {
    ExpressionAttributeValues: { ':partition': classKey.pk, ':prefix': 'STUDENT#' },
    ExclusiveStartKey: { pk: classKey.pk, sk: 'STUDENT#a' },
    Limit: 3,
    ConsistentRead: true,
  });
  ddb.on(QueryCommand).resolves({ Items: [] });
  await expect(maintenance.enrolmentPage(CLASS_ID, { limit: 100 })).resolves.toEqual({ enrolments: [] });
});

test('fillEnrolmentEmail sets only the e-mail, on an enrolment that still exists and has none; false otherwise', async () => {
  ddb.on(UpdateCommand).resolves({});
  await expect(maintenance.fillEnrolmentEmail(CLASS_ID, STUDENT_ID, 'sam@school.example')).resolves.toBe(true);
  expect(ddb).toReceiveCommandWith(UpdateCommand, {
    Key: { pk: classKey.pk, sk: `STUDENT#${STUDENT_ID}` },
    UpdateExpression: 'SET email = :email',
    ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(email)',
    ExpressionAttributeValues: { ':email': 'sam@school.example' },
  });
  ddb.on(UpdateCommand).rejects(conditionFailure());
  await expect(maintenance.fillEnrolmentEmail(CLASS_ID, STUDENT_ID, 'sam@school.example')).resolves.toBe(false);
});
