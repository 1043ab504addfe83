// The exact DynamoDB commands of the migration's own writes to classes (the roster map of the previous shape, the
// enrolments' e-mails, scores of earlier shapes folded into the progress items' standings), and how it reads their answers. test/integration/migrate.test.ts runs the whole migration.
import { DynamoDBClient, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, DynamoDBDocumentClient, GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { conditionFailure, mockAws } from '@test/unit-helpers/aws';
import { reportRowChange } from '../reports/adapters/report-row-change';
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

test('recountStudents reads the count, then the enrolment items, and sets the count only if it is still the one read', async () => {
  ddb.on(GetCommand).resolves({ Item: classItem({ studentCount: 5 }) });
  ddb.on(QueryCommand).resolves({ Items: [{ pk: classKey.pk, sk: 'STUDENT#a' }, { pk: classKey.pk, sk: 'STUDENT#b' }] });
  ddb.on(UpdateCommand).resolves({});
  await expect(maintenance.recountStudents(CLASS_ID)).resolves.toBe(2);
  expect(ddb).toReceiveCommandWith(GetCommand, { Key: classKey, ConsistentRead: true });
  expect(ddb).toReceiveCommandWith(QueryCommand, { ConsistentRead: true });
  expect(ddb).toReceiveCommandWith(UpdateCommand, {
    Key: classKey,
    UpdateExpression: 'SET studentCount = :count',
    ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(students) AND studentCount = :read',
    ExpressionAttributeValues: { ':count': 2, ':read': 5 },
  });
});

test('recountStudents counts again when an enrolment changed the count meanwhile, and gives up with a sentence after five tries', async () => {
  ddb.on(GetCommand).resolvesOnce({ Item: classItem({ studentCount: 1 }) }).resolves({ Item: classItem({ studentCount: 3 }) });
  ddb.on(QueryCommand).resolvesOnce({ Items: [{ pk: classKey.pk, sk: 'STUDENT#a' }] }).resolves({ Items: ['a', 'b', 'c'].map((id) => ({ pk: classKey.pk, sk: `STUDENT#${id}` })) });
  ddb.on(UpdateCommand).rejectsOnce(conditionFailure()).resolves({});
  await expect(maintenance.recountStudents(CLASS_ID)).resolves.toBe(3);
  expect(ddb.commandCalls(UpdateCommand).map((call) => call.args[0].input.ExpressionAttributeValues)).toEqual([
    { ':count': 1, ':read': 1 },
    { ':count': 3, ':read': 3 },
  ]);
  ddb.on(UpdateCommand).rejects(conditionFailure());
  await expect(maintenance.recountStudents(CLASS_ID)).rejects.toThrow(`The student count of class ${CLASS_ID} kept changing while it was recounted`);
});

test('recountStudents of a class without a count yet sets it only if none was set meanwhile; a class gone or still with a map answers undefined', async () => {
  const { studentCount: _none, ...withoutCount } = classItem();
  ddb.on(GetCommand).resolves({ Item: withoutCount });
  ddb.on(QueryCommand).resolves({ Items: [] });
  ddb.on(UpdateCommand).resolves({});
  await expect(maintenance.recountStudents(CLASS_ID)).resolves.toBe(0);
  expect(ddb).toReceiveCommandWith(UpdateCommand, { ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(students) AND attribute_not_exists(studentCount)' });
  ddb.reset();
  ddb.on(GetCommand).resolves({});
  await expect(maintenance.recountStudents(CLASS_ID)).resolves.toBeUndefined();
  ddb.on(GetCommand).resolves({ Item: classItem({ legacyStudents: { a: 'Al' } }) });
  await expect(maintenance.recountStudents(CLASS_ID)).resolves.toBeUndefined();
  expect(ddb).not.toReceiveCommand(UpdateCommand);
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

describe('compactScores', () => {
  const MODULE = 'module-1';
  const scoresKey = { pk: classKey.pk, sk: `SCORES#${MODULE}#${STUDENT_ID}` };
  const progressKey = { pk: classKey.pk, sk: `PROGRESS#${MODULE}#${STUDENT_ID}` };
  const owner = { classId: CLASS_ID, moduleId: MODULE, studentId: STUDENT_ID };
  const scoreItem = { ...scoresKey, ...owner, entity: 'Scores', 'best#s1': 60, 'attempts#s1': 2, 'passed#s1': false, 'best#s3': 90, 'attempts#s3': 1, 'passed#s3': true };
  const cancelled = (...codes: string[]) =>
    new TransactionCanceledException({ message: 'Transaction cancelled', $metadata: {}, CancellationReasons: codes.map((Code) => ({ Code })) });
  const classItems = (scoreItems: Record<string, unknown>[], progressItems: Record<string, unknown>[]) => {
    ddb.on(QueryCommand, { ExpressionAttributeValues: { ':partition': classKey.pk, ':prefix': 'SCORES#' } }).resolves({ Items: scoreItems });
    ddb.on(QueryCommand, { ExpressionAttributeValues: { ':partition': classKey.pk, ':prefix': 'PROGRESS#' } }).resolves({ Items: progressItems });
  };
  const update = (call = 0) => ddb.commandCalls(TransactWriteCommand)[call]!.args[0].input.TransactItems![0]!.Update!;

  it('merges a score item, the per-check attributes and the standings into the standings, removes the old attributes and deletes the score item, in one transaction', async () => {
    const progressItem = {
      ...progressKey,
      ...owner,
      completedSections: new Set(['s2']),
      'best#s1': 75,
      'attempts#s1': 1,
      passedChecks: new Set(['s1']),
      checkStandings: '{"s1":[80,1,1]}',
      lastAttemptAt: '2026-01-03T00:00:00.000Z',
    };
    classItems([scoreItem], [progressItem]);
    ddb.on(GetCommand).resolves({ Item: progressItem });
    ddb.on(TransactWriteCommand).resolves({});
    await expect(maintenance.compactScores(CLASS_ID)).resolves.toBe(1);
    expect(ddb).toReceiveCommandWith(QueryCommand, { ExpressionAttributeValues: { ':partition': classKey.pk, ':prefix': 'SCORES#' }, ConsistentRead: true });
    expect(ddb).toReceiveCommandWith(TransactWriteCommand, {
      TransactItems: [
        {
          Update: {
            TableName: 'classes-table',
            Key: progressKey,
            UpdateExpression:
              'SET #standings = :standings, lastAttemptAt = :at, entity = :entity, classId = :class, moduleId = :module, studentId = :student REMOVE #stale0, #stale1, #stale2',
            ConditionExpression: '#standings = :read',
            ExpressionAttributeNames: { '#standings': 'checkStandings', '#stale0': 'best#s1', '#stale1': 'attempts#s1', '#stale2': 'passedChecks' },
            ExpressionAttributeValues: {
              ':standings': '{"s1":[80,4,1],"s3":[90,1,1]}',
              ':read': '{"s1":[80,1,1]}',
              ':at': '2026-01-03T00:00:00.000Z',
              ':entity': 'Progress',
              ':class': CLASS_ID,
              ':module': MODULE,
              ':student': STUDENT_ID,
            },
          },
        },
        { Delete: { TableName: 'classes-table', Key: scoresKey, ConditionExpression: 'attribute_exists(pk)' } },
        // The student's report row counts a change of the module: its cell is computed again.
        reportRowChange('classes-table', owner),
      ],
    });
  });

  it('onto a student without a progress item: the scores as they were, on the condition that none exists yet', async () => {
    classItems([scoreItem], []);
    ddb.on(GetCommand).resolves({});
    ddb.on(TransactWriteCommand).resolves({});
    await expect(maintenance.compactScores(CLASS_ID)).resolves.toBe(1);
    expect(update().ConditionExpression).toBe('attribute_not_exists(#standings)');
    expect(update().ExpressionAttributeValues).toMatchObject({ ':standings': '{"s1":[60,2,0],"s3":[90,1,1]}' });
  });

  it('leaves progress items alone that hold only standings, and reads the progress item again when an attempt changed it meanwhile', async () => {
    const legacyOnly = { ...progressKey, ...owner, 'best#s1': 40, 'attempts#s1': 1 };
    classItems([], [legacyOnly, { ...progressKey, sk: 'PROGRESS#module-2#x', checkStandings: '{"s9":[10,1,0]}' }]);
    ddb
      .on(GetCommand)
      .resolvesOnce({ Item: legacyOnly })
      .resolves({ Item: { ...legacyOnly, checkStandings: '{"s1":[90,1,1]}' } });
    ddb.on(TransactWriteCommand).rejectsOnce(cancelled('ConditionalCheckFailed')).resolves({});
    await expect(maintenance.compactScores(CLASS_ID)).resolves.toBe(1);
    expect(ddb).toHaveReceivedCommandTimes(TransactWriteCommand, 2);
    expect(update(1).ExpressionAttributeValues).toMatchObject({ ':standings': '{"s1":[90,2,1]}', ':read': '{"s1":[90,1,1]}' });
  });

  it('counts nothing for a score item another run moved meanwhile', async () => {
    classItems([scoreItem], []);
    ddb.on(GetCommand).resolves({});
    ddb.on(TransactWriteCommand).rejects(cancelled('None', 'ConditionalCheckFailed'));
    await expect(maintenance.compactScores(CLASS_ID)).resolves.toBe(0);
    expect(ddb).toHaveReceivedCommandTimes(TransactWriteCommand, 1);
  });
});
