import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { conditionFailure, mockAws } from '@test/unit-helpers/aws';
import { STUDENT_ID, TEACHER_ID } from '@test/unit-helpers/events';
import { CLASS_ID, MODULE_ID, progressItem, UPDATED_AT } from '@test/unit-helpers/fixtures';
import { makeNoticeRepository } from './notice-repository';

const { ddb } = mockAws();
const repository = makeNoticeRepository({ client: DynamoDBDocumentClient.from(new DynamoDBClient({})), tableName: 'table' });

test("recentActivity reads the teacher's activity index newest first, in one query of at most the limit", async () => {
  ddb.on(QueryCommand).resolves({
    Items: [{ ...progressItem(), studentName: 'Sam', moduleTitle: 'Cells', className: 'Year 9', sectionTotal: 2, 'completedAt#section-1': UPDATED_AT }],
  });
  await expect(repository.recentActivity(TEACHER_ID, 20)).resolves.toEqual([
    {
      classId: CLASS_ID,
      moduleId: MODULE_ID,
      studentId: STUDENT_ID,
      completedSections: ['section-1'],
      completedAt: { 'section-1': UPDATED_AT },
      updatedAt: UPDATED_AT,
      studentName: 'Sam',
      moduleTitle: 'Cells',
      className: 'Year 9',
      sectionTotal: 2,
    },
  ]);
  expect(ddb).toReceiveCommandTimes(QueryCommand, 1);
  expect(ddb).toReceiveCommandWith(QueryCommand, {
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :partition',
    ExpressionAttributeValues: { ':partition': `ACTIVITY#${TEACHER_ID}` },
    ScanIndexForward: false,
    Limit: 20,
  });
});

const counterQuery = { ExpressionAttributeValues: { ':partition': `CLASS#${CLASS_ID}`, ':prefix': `COMPLETIONS#${MODULE_ID}` } };
const shard = (number: number, startedStudents?: number) => ({ sk: `COMPLETIONS#${MODULE_ID}#${number}`, moduleId: MODULE_ID, ...(startedStudents !== undefined && { startedStudents }) });

test("countStarted sums the started students of the module's counter shards: one small Query whatever the class size", async () => {
  ddb.on(QueryCommand, counterQuery).resolves({ Items: [shard(0, 3), shard(4, 1), { sk: `COMPLETIONS#${MODULE_ID}0#1`, moduleId: `${MODULE_ID}0`, startedStudents: 9 }] });
  await expect(repository.countStarted(CLASS_ID, MODULE_ID)).resolves.toBe(4);
  expect(ddb).toReceiveCommandTimes(QueryCommand, 1);
  expect(ddb).toReceiveCommandWith(QueryCommand, { ...counterQuery, ProjectionExpression: 'sk, moduleId, startedStudents' });
});

test("countStarted adds an earlier version's unsharded counter that keeps them; a shard of a student who started under it keeps none", async () => {
  ddb.on(QueryCommand, counterQuery).resolves({ Items: [{ sk: `COMPLETIONS#${MODULE_ID}`, moduleId: MODULE_ID, startedStudents: 5 }, shard(2), shard(3, 1)] });
  await expect(repository.countStarted(CLASS_ID, MODULE_ID)).resolves.toBe(6);
});

test("countStarted counts the module's progress items with a completed section, without reading them, when no counter keeps the number yet", async () => {
  ddb.on(QueryCommand, counterQuery).resolves({ Items: [{ sk: `COMPLETIONS#${MODULE_ID}`, moduleId: MODULE_ID }, shard(2, 1)] });
  ddb.on(QueryCommand, { ExpressionAttributeValues: { ':partition': `CLASS#${CLASS_ID}`, ':prefix': `PROGRESS#${MODULE_ID}#` } }).resolves({ Count: 7 });
  await expect(repository.countStarted(CLASS_ID, MODULE_ID)).resolves.toBe(7);
  expect(ddb).toReceiveCommandWith(QueryCommand, {
    ExpressionAttributeValues: { ':partition': `CLASS#${CLASS_ID}`, ':prefix': `PROGRESS#${MODULE_ID}#` },
    FilterExpression: 'attribute_exists(completedSections)',
    Select: 'COUNT',
  });
  ddb.reset();
  ddb.on(QueryCommand).resolves({ Items: [], Count: 0 });
  await expect(repository.countStarted(CLASS_ID, MODULE_ID)).resolves.toBe(0);
});

test('the read marker is one item per person', async () => {
  ddb.on(GetCommand).resolves({ Item: { readAt: UPDATED_AT } });
  await expect(repository.getReadAt(TEACHER_ID)).resolves.toBe(UPDATED_AT);
  expect(ddb).toReceiveCommandWith(GetCommand, { Key: { pk: `USER#${TEACHER_ID}`, sk: 'BELL' } });
  await repository.setReadAt(TEACHER_ID, UPDATED_AT);
  expect(ddb).toReceiveCommandWith(PutCommand, { Item: { pk: `USER#${TEACHER_ID}`, sk: 'BELL', entity: 'BellReadMarker', readAt: UPDATED_AT } });
});

const nudge = {
  studentId: STUDENT_ID,
  classId: CLASS_ID,
  moduleId: MODULE_ID,
  className: 'Year 9',
  moduleTitle: 'Cells',
  teacherName: 'Ms Rivera',
  dueAt: '2026-12-05T16:00:00.000Z',
  sentAt: '2026-12-06T08:30:00.000Z',
};

test("addNudge puts the reminder in the student's partition, keyed by UTC day, class and module, only if none is there that day", async () => {
  ddb.on(PutCommand).resolves({});
  await expect(repository.addNudge(nudge)).resolves.toBe(true);
  expect(ddb).toReceiveCommandWith(PutCommand, {
    TableName: 'table',
    Item: {
      pk: `USER#${STUDENT_ID}`,
      sk: `NUDGE#2026-12-06#${CLASS_ID}#${MODULE_ID}`,
      entity: 'Nudge',
      ...nudge,
      expiresAtEpoch: Date.parse('2026-12-06T08:30:00.000Z') / 1000 + 60 * 24 * 60 * 60,
    },
    ConditionExpression: 'attribute_not_exists(pk)',
  });
  ddb.on(PutCommand).rejects(conditionFailure());
  await expect(repository.addNudge(nudge)).resolves.toBe(false);
});

test("recentNudges reads the student's reminders newest day first, in one query of at most the limit", async () => {
  ddb.on(QueryCommand).resolves({ Items: [{ pk: `USER#${STUDENT_ID}`, sk: 'NUDGE#…', entity: 'Nudge', expiresAtEpoch: 1, ...nudge }] });
  await expect(repository.recentNudges(STUDENT_ID, 20)).resolves.toEqual([nudge]);
  expect(ddb).toReceiveCommandTimes(QueryCommand, 1);
  expect(ddb).toReceiveCommandWith(QueryCommand, {
    KeyConditionExpression: 'pk = :partition AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':partition': `USER#${STUDENT_ID}`, ':prefix': 'NUDGE#' },
    ScanIndexForward: false,
    Limit: 20,
  });
});

test("finishedModules reads the student's finished modules from their partition in one query", async () => {
  const finished = { studentId: STUDENT_ID, classId: CLASS_ID, moduleId: MODULE_ID, className: 'Biology 7A', moduleTitle: 'Cells', finishedAt: UPDATED_AT };
  ddb.on(QueryCommand).resolves({ Items: [{ pk: `USER#${STUDENT_ID}`, sk: `FINISHED#${CLASS_ID}#${MODULE_ID}`, entity: 'ModuleFinished', ...finished }] });
  await expect(repository.finishedModules(STUDENT_ID)).resolves.toEqual([finished]);
  expect(ddb).toReceiveCommandTimes(QueryCommand, 1);
  expect(ddb).toReceiveCommandWith(QueryCommand, {
    KeyConditionExpression: 'pk = :partition AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':partition': `USER#${STUDENT_ID}`, ':prefix': 'FINISHED#' },
  });
});
