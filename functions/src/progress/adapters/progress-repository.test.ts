// The exact DynamoDB commands the progress repository sends, and how it reads their answers.
import { reportRowChange } from '../../reports/adapters/report-row-change';
import { ConditionalCheckFailedException, DynamoDBClient, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { BatchGetCommand, type BatchGetCommandInput, BatchWriteCommand, DynamoDBDocumentClient, GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockAws } from '@test/unit-helpers/aws';
import { STUDENT_ID } from '@test/unit-helpers/events';
import { CLASS_ID, MODULE_ID, progressItem, UPDATED_AT } from '@test/unit-helpers/fixtures';
import { counterShardOf } from './completion-writes';
import { makeProgressRepository } from './progress-repository';

const { ddb } = mockAws();
const repository = makeProgressRepository({ client: DynamoDBDocumentClient.from(new DynamoDBClient({})), tableName: 'progress-table' });
const key = { classId: CLASS_ID, moduleId: MODULE_ID, studentId: STUDENT_ID };
const itemKey = { pk: `CLASS#${CLASS_ID}`, sk: `PROGRESS#${MODULE_ID}#${STUDENT_ID}` };

test('getProgress reads the item consistently and turns the section set into a list', async () => {
  ddb.on(GetCommand).resolves({ Item: progressItem({}, ['section-1', 'section-2']) });
  await expect(repository.getProgress(key)).resolves.toEqual({
    ...key,
    completedSections: ['section-1', 'section-2'],
    completedAt: {},
    updatedAt: UPDATED_AT,
    checks: {},
  });
  expect(ddb).toReceiveCommandWith(GetCommand, { TableName: 'progress-table', Key: itemKey, ConsistentRead: true });
});

test("getProgress reads the standings on the module's checks from the same item (a student's path needs both)", async () => {
  ddb.on(GetCommand).resolves({ Item: { ...progressItem({}, ['section-1']), checkStandings: '{"section-2":[45,2,0],"section-3":[90,1,1]}' } });
  await expect(repository.getProgress(key)).resolves.toMatchObject({
    completedSections: ['section-1'],
    checks: { 'section-2': { bestPercent: 45, attempts: 2, passed: false }, 'section-3': { bestPercent: 90, attempts: 1, passed: true } },
  });
});

test('getProgress reads completion times from completedAt# attributes; an old item without them has none', async () => {
  ddb.on(GetCommand).resolves({ Item: { ...progressItem({}, ['section-1', 'section-2']), 'completedAt#section-2': '2024-06-01T00:00:00.000Z' } });
  await expect(repository.getProgress(key)).resolves.toMatchObject({ completedAt: { 'section-2': '2024-06-01T00:00:00.000Z' } });
});

/** The student's shard of the module's counter. */
const counterKey = { pk: `CLASS#${CLASS_ID}`, sk: `COMPLETIONS#${MODULE_ID}#${counterShardOf(STUDENT_ID)}` };

const activeKey = { pk: `CLASS#${CLASS_ID}`, sk: `ACTIVE#2024-06-01#${STUDENT_ID}` };

const AT = '2024-06-01T00:00:00.000Z';
/** The record as the domain read it: section-1 completed on 1 May. */
const seen = { ...key, completedSections: ['section-1'], completedAt: { 'section-1': '2024-05-01T00:00:00.000Z' }, updatedAt: UPDATED_AT, checks: {} };
/** The report row's change, which every write of the student's progress makes in its transaction. */
const rowChange = reportRowChange('progress-table', { classId: CLASS_ID, moduleId: MODULE_ID, studentId: STUDENT_ID });
const enrolmentCheck = { ConditionCheck: { TableName: 'progress-table', Key: { pk: `CLASS#${CLASS_ID}`, sk: `STUDENT#${STUDENT_ID}` }, ConditionExpression: 'attribute_exists(pk)' } };

/**
 * The updates of a first completion of `sectionId`: the record (condition: its completed sections exactly as seen), the
 * counter, the day, then the enrolment's condition.
 */
const firstCompletion = (sectionId: string, started: boolean, exact = true) => ({
  TransactItems: [
    {
      Update: {
        TableName: 'progress-table',
        Key: itemKey,
        UpdateExpression:
          'ADD completedSections :section SET entity = :entity, classId = :class, moduleId = :module, studentId = :student, updatedAt = :now, #completedAt = if_not_exists(#completedAt, :now)',
        ConditionExpression: !started
          ? '(attribute_not_exists(completedSections))'
          : exact
            ? '(completedSections = :seenSections)'
            : '(attribute_exists(completedSections) AND NOT contains(completedSections, :sectionId))',
        ExpressionAttributeNames: { '#completedAt': `completedAt#${sectionId}` },
        ExpressionAttributeValues: {
          ':section': new Set([sectionId]),
          ...(started && (exact ? { ':seenSections': new Set(['section-1']) } : { ':sectionId': sectionId })),
          ':now': AT,
          ':entity': 'Progress',
          ':class': CLASS_ID,
          ':module': MODULE_ID,
          ':student': STUDENT_ID,
        },
      },
    },
    {
      Update: {
        TableName: 'progress-table',
        Key: counterKey,
        UpdateExpression: `ADD completions :total, #section0 :count${started ? '' : ', startedStudents :students'} SET entity = :entity, classId = :class, moduleId = :module`,
        ExpressionAttributeNames: { '#section0': `completions#${sectionId}` },
        ExpressionAttributeValues: { ':total': 1, ':count': 1, ...(started ? {} : { ':students': 1 }), ':entity': 'CompletionCounter', ':class': CLASS_ID, ':module': MODULE_ID },
      },
    },
    {
      // The student's own item of the completion's UTC day: the same whatever the class size.
      Update: {
        TableName: 'progress-table',
        Key: activeKey,
        UpdateExpression: 'SET entity = :entity, classId = :class, studentId = :student, #day = :day',
        ExpressionAttributeNames: { '#day': 'day' },
        ExpressionAttributeValues: { ':entity': 'ActiveStudent', ':class': CLASS_ID, ':student': STUDENT_ID, ':day': '2024-06-01' },
      },
    },
    rowChange,
    enrolmentCheck,
  ],
});

const cancelled = (...codes: string[]) =>
  new TransactionCanceledException({ message: 'Transaction cancelled', $metadata: {}, CancellationReasons: codes.map((Code) => ({ Code })) });

test('addCompletedSection records a first completion as one transaction: the section and its time on the record as seen, the counter, the day', async () => {
  ddb.on(TransactWriteCommand).resolves({});
  const answer = await repository.addCompletedSection(key, 'section-2', AT, undefined, seen);
  expect(answer).toEqual({
    ...key,
    completedSections: ['section-1', 'section-2'],
    completedAt: { 'section-1': '2024-05-01T00:00:00.000Z', 'section-2': AT },
    updatedAt: AT,
  });
  expect(ddb).toReceiveCommandTimes(TransactWriteCommand, 1);
  expect(ddb).toReceiveCommandWith(TransactWriteCommand, firstCompletion('section-2', true));
  // Nothing is written outside the transaction.
  expect(ddb).not.toReceiveCommand(UpdateCommand);
});

test("addCompletedSection of a record's first section also counts the student as having started the module", async () => {
  ddb.on(TransactWriteCommand).resolves({});
  const answer = await repository.addCompletedSection(key, 'section-1', AT);
  expect(answer).toEqual({ ...key, completedSections: ['section-1'], completedAt: { 'section-1': AT }, updatedAt: AT });
  expect(ddb).toReceiveCommandWith(TransactWriteCommand, firstCompletion('section-1', false));
});

test('addCompletedSection that finishes the module also records the finish for the student, in the same transaction, keeping the first time', async () => {
  ddb.on(TransactWriteCommand).resolves({});
  const activity = { teacherId: 'teacher-1', studentName: 'Sam', moduleTitle: 'Cells', className: 'Biology 7A', sectionTotal: 2, finishesModule: true };
  await repository.addCompletedSection(key, 'section-2', AT, () => activity, seen);
  expect(ddb).toReceiveCommandTimes(TransactWriteCommand, 1);
  const items = ddb.commandCalls(TransactWriteCommand)[0]!.args[0].input.TransactItems!;
  expect(items).toHaveLength(6);
  expect(items[3]).toEqual({
    Update: {
      TableName: 'progress-table',
      Key: { pk: `USER#${STUDENT_ID}`, sk: `FINISHED#${CLASS_ID}#${MODULE_ID}` },
      UpdateExpression:
        'SET finishedAt = if_not_exists(finishedAt, :at), entity = :entity, classId = :class, moduleId = :module, studentId = :student, className = :className, moduleTitle = :moduleTitle',
      ExpressionAttributeValues: { ':at': AT, ':entity': 'ModuleFinished', ':class': CLASS_ID, ':module': MODULE_ID, ':student': STUDENT_ID, ':className': 'Biology 7A', ':moduleTitle': 'Cells' },
    },
  });
});

describe('removeCompletedSection', () => {
  const undo = (sectionId: string, lastOne: boolean) => ({
    TransactItems: [
      {
        Update: {
          TableName: 'progress-table',
          Key: itemKey,
          UpdateExpression: 'DELETE completedSections :section REMOVE #completedAt SET updatedAt = :now',
          ConditionExpression: `contains(completedSections, :sectionId) AND size(completedSections) ${lastOne ? '=' : '>'} :one`,
          ExpressionAttributeNames: { '#completedAt': `completedAt#${sectionId}` },
          ExpressionAttributeValues: { ':section': new Set([sectionId]), ':sectionId': sectionId, ':one': 1, ':now': AT },
        },
      },
      {
        Update: expect.objectContaining({
          Key: counterKey,
          ExpressionAttributeValues: expect.objectContaining({ ':total': -1, ':count': -1, ...(lastOne ? { ':students': -1 } : {}) }),
        }),
      },
      rowChange,
      enrolmentCheck,
    ],
  });

  test('takes the section, its time and one completion out in one transaction, conditioned on the record as read', async () => {
    ddb.on(GetCommand).resolves({ Item: { ...progressItem({}, ['section-1', 'section-2']), 'completedAt#section-2': UPDATED_AT } });
    ddb.on(TransactWriteCommand).resolves({});
    await expect(repository.removeCompletedSection(key, 'section-2', AT)).resolves.toMatchObject({ completedSections: ['section-1'], completedAt: {}, updatedAt: AT });
    expect(ddb).toReceiveCommandWith(TransactWriteCommand, undo('section-2', false));
  });

  test("of the record's last section also takes the student out of those who started", async () => {
    ddb.on(GetCommand).resolves({ Item: progressItem({}, ['section-1']) });
    ddb.on(TransactWriteCommand).resolves({});
    await expect(repository.removeCompletedSection(key, 'section-1', AT)).resolves.toMatchObject({ completedSections: [] });
    expect(ddb).toReceiveCommandWith(TransactWriteCommand, undo('section-1', true));
  });

  test('of a section not complete (a repeated undo) writes nothing', async () => {
    ddb.on(GetCommand).resolves({ Item: progressItem({}, ['section-1']) });
    await expect(repository.removeCompletedSection(key, 'section-2', AT)).resolves.toMatchObject({ completedSections: ['section-1'] });
    expect(ddb).not.toReceiveCommand(TransactWriteCommand);
  });

  test('reads again and retries when the record moved on meanwhile (another undo left this its last section)', async () => {
    ddb.on(GetCommand)
      .resolvesOnce({ Item: progressItem({}, ['section-1', 'section-2']) })
      .resolves({ Item: progressItem({}, ['section-2']) });
    ddb.on(TransactWriteCommand).rejectsOnce(cancelled('ConditionalCheckFailed', 'None')).resolves({});
    await expect(repository.removeCompletedSection(key, 'section-2', AT)).resolves.toMatchObject({ completedSections: [] });
    expect(ddb).toReceiveNthCommandWith(2, TransactWriteCommand, undo('section-2', false));
    expect(ddb).toReceiveNthCommandWith(4, TransactWriteCommand, undo('section-2', true));
  });
});

test('addCompletedSection of a section already complete writes nothing and keeps its first completion time', async () => {
  const answer = await repository.addCompletedSection(key, 'section-1', AT, undefined, seen);
  expect(answer).toEqual(seen);
  expect(ddb).not.toReceiveAnyCommand();
});

test('addCompletedSection reads the record again when it moved on since it was seen, and then asks only that the section be missing', async () => {
  ddb.on(TransactWriteCommand).rejectsOnce(cancelled('ConditionalCheckFailed', 'None', 'None')).resolves({});
  ddb.on(GetCommand).resolves({ Item: { ...progressItem({}, ['section-1']), 'completedAt#section-1': '2024-05-01T00:00:00.000Z' } });
  // Seen as not started; a concurrent request completed section-1 meanwhile.
  const answer = await repository.addCompletedSection(key, 'section-2', AT);
  expect(answer.completedSections).toEqual(['section-1', 'section-2']);
  expect(ddb).toReceiveNthCommandWith(1, TransactWriteCommand, firstCompletion('section-2', false));
  expect(ddb).toReceiveNthCommandWith(2, GetCommand, { Key: itemKey, ConsistentRead: true });
  expect(ddb).toReceiveNthCommandWith(3, TransactWriteCommand, firstCompletion('section-2', true, false));
});

test('addCompletedSection decides the activity again from the record read after a lost race: the write that completes the path records the finish', async () => {
  ddb.on(TransactWriteCommand).rejectsOnce(cancelled('ConditionalCheckFailed', 'None', 'None', 'None')).resolves({});
  ddb.on(GetCommand).resolves({ Item: progressItem({}, ['section-1']) });
  const activityOf = jest.fn((before?: { completedSections: string[] }) => ({
    teacherId: 'teacher-1', studentName: 'Sam', moduleTitle: 'Cells', className: 'Biology 7A', sectionTotal: 2, finishesModule: before?.completedSections.length === 1,
  }));
  await repository.addCompletedSection(key, 'section-2', AT, activityOf);
  expect(activityOf.mock.calls.map(([before]) => before?.completedSections)).toEqual([undefined, ['section-1']]);
  const [first, second] = ddb.commandCalls(TransactWriteCommand).map((call) => call.args[0].input.TransactItems!);
  expect(first.some((item) => item.Update?.Key?.sk === `FINISHED#${CLASS_ID}#${MODULE_ID}`)).toBe(false);
  expect(second.some((item) => item.Update?.Key?.sk === `FINISHED#${CLASS_ID}#${MODULE_ID}`)).toBe(true);
});

test('addCompletedSection after a lost race reads the item once written: when concurrent completions finished the module, it records the finish', async () => {
  // Seen: nothing; read again: section-1 (so the retry does not finish the module); after the write: both sections,
  // section-3 included by a concurrent request.
  ddb.on(TransactWriteCommand).rejectsOnce(cancelled('ConditionalCheckFailed', 'None', 'None', 'None')).resolves({});
  ddb.on(GetCommand)
    .resolvesOnce({ Item: progressItem({}, ['section-1']) })
    .resolves({ Item: progressItem({}, ['section-1', 'section-2', 'section-3']) });
  ddb.on(UpdateCommand).resolves({});
  const activityOf = (before?: { completedSections: string[] }) => ({
    teacherId: 'teacher-1', studentName: 'Sam', moduleTitle: 'Cells', className: 'Biology 7A', sectionTotal: 3, finishesModule: before?.completedSections.length === 2,
  });
  await repository.addCompletedSection(key, 'section-2', AT, activityOf);
  expect(ddb).toReceiveCommandTimes(GetCommand, 2);
  expect(ddb).toReceiveCommandWith(UpdateCommand, {
    Key: { pk: `USER#${STUDENT_ID}`, sk: `FINISHED#${CLASS_ID}#${MODULE_ID}` },
    UpdateExpression: expect.stringContaining('SET finishedAt = if_not_exists(finishedAt, :at)'),
  });
});

test('addCompletedSection and removeCompletedSection refuse, counting nothing, once the student is no longer enrolled', async () => {
  ddb.on(TransactWriteCommand).rejects(cancelled('None', 'None', 'None', 'None', 'ConditionalCheckFailed'));
  await expect(repository.addCompletedSection(key, 'section-2', AT, undefined, seen)).rejects.toMatchObject({ kind: 'notFound', message: 'You are no longer enrolled in this class.' });
  ddb.reset();
  ddb.on(GetCommand).resolves({ Item: progressItem({}, ['section-1']) });
  ddb.on(TransactWriteCommand).rejects(cancelled('None', 'None', 'None', 'ConditionalCheckFailed'));
  await expect(repository.removeCompletedSection(key, 'section-1', AT)).rejects.toMatchObject({ kind: 'notFound' });
  expect(ddb).toReceiveCommandTimes(TransactWriteCommand, 1);
});

test('addCompletedSection that finds, on reading again, the section already counted by a concurrent request counts nothing more', async () => {
  ddb.on(TransactWriteCommand).rejects(cancelled('ConditionalCheckFailed', 'None', 'None'));
  ddb.on(GetCommand).resolves({ Item: progressItem({}, ['section-1', 'section-2']) });
  const answer = await repository.addCompletedSection(key, 'section-2', AT, undefined, seen);
  expect(answer.completedSections).toEqual(['section-1', 'section-2']);
  expect(ddb).toReceiveCommandTimes(TransactWriteCommand, 1);
});

test('addCompletedSection tries again after a concurrent transaction on the counter or the day, and fails on anything else', async () => {
  ddb.on(TransactWriteCommand).rejectsOnce(cancelled('None', 'TransactionConflict', 'None')).resolves({});
  await repository.addCompletedSection(key, 'section-2', AT, undefined, seen);
  expect(ddb).toReceiveCommandTimes(TransactWriteCommand, 2);
  expect(ddb).not.toReceiveCommand(GetCommand);

  ddb.reset();
  ddb.on(TransactWriteCommand).rejects(cancelled('None', 'ValidationError', 'None'));
  await expect(repository.addCompletedSection(key, 'section-2', AT, undefined, seen)).rejects.toThrow('Transaction cancelled');
  expect(ddb).toReceiveCommandTimes(TransactWriteCommand, 1);
});

test("addCompletedSection with an activity context puts the record on the teacher's activity index with the names the bell shows", async () => {
  ddb.on(TransactWriteCommand).resolves({});
  await repository.addCompletedSection(key, 'section-2', AT, () => ({ teacherId: 'teacher-1', studentName: 'Sam', moduleTitle: 'Cells', className: 'Year 9', sectionTotal: 2 }), seen);
  const [progressUpdate] = ddb.commandCalls(TransactWriteCommand)[0].args[0].input.TransactItems!;
  expect(progressUpdate.Update).toMatchObject({
    UpdateExpression: expect.stringContaining(', gsi1pk = :activityPartition, gsi1sk = :activitySort, studentName = :studentName'),
    ExpressionAttributeValues: expect.objectContaining({
      ':activityPartition': 'ACTIVITY#teacher-1',
      ':activitySort': `${AT}#PROGRESS#${MODULE_ID}#${STUDENT_ID}`,
      ':sectionTotal': 2,
    }),
  });
});

test("listActiveStudents queries each day's active items at once, their student ids alone, and answers each student once; a day without any adds none", async () => {
  const day = (prefix: string) => ({ ExpressionAttributeValues: { ':partition': `CLASS#${CLASS_ID}`, ':prefix': prefix } });
  ddb.on(QueryCommand).resolves({ Items: [] });
  ddb.on(QueryCommand, day('ACTIVE#2024-06-01#')).resolves({ Items: [{ studentId: 's1' }, { studentId: 's2' }] });
  ddb.on(QueryCommand, day('ACTIVE#2024-06-02#')).resolves({ Items: [{ studentId: 's2' }] });
  await expect(repository.listActiveStudents(CLASS_ID, ['2024-06-01', '2024-06-02', '2024-06-03'])).resolves.toEqual(['s1', 's2']);
  expect(ddb).toReceiveCommandTimes(QueryCommand, 3);
  const asked = ddb.commandCalls(QueryCommand).map((call) => [call.args[0].input.ExpressionAttributeValues![':prefix'], call.args[0].input.ProjectionExpression]);
  expect(asked).toEqual([
    ['ACTIVE#2024-06-01#', 'studentId'],
    ['ACTIVE#2024-06-02#', 'studentId'],
    ['ACTIVE#2024-06-03#', 'studentId'],
  ]);
});

test("listProgressOfStudents batch-gets each module's keys with only its sections' times and checks' standings, 100 keys a call, all calls at once", async () => {
  const students = Array.from({ length: 150 }, (_, index) => `student-${index}`);
  // Every student has progress on the first module only, with a best score on its check.
  ddb.on(BatchGetCommand).callsFake(({ RequestItems }: BatchGetCommandInput) => ({
    Responses: {
      'progress-table': RequestItems!['progress-table']!.Keys!.filter((each) => String(each.sk).startsWith(`PROGRESS#${MODULE_ID}#`)).map((each) => ({
        ...progressItem({ studentId: String(each.sk).split('#')[2] }, ['section-1']),
        checkStandings: '{"section-1":[80,1,1]}',
      })),
    },
  }));
  const plans = [
    { moduleId: MODULE_ID, sectionIds: ['section-1', 'section-2'], checkedSectionIds: ['section-1'] },
    { moduleId: 'module-2', sectionIds: ['section-3'], checkedSectionIds: [] },
  ];
  const records = await repository.listProgressOfStudents(CLASS_ID, plans, students);
  expect(records.map((record) => record.studentId)).toEqual(students);
  expect(records[0]).toMatchObject({ moduleId: MODULE_ID, completedSections: ['section-1'], checks: { 'section-1': { bestPercent: 80, passed: true } } });
  const requests = ddb.commandCalls(BatchGetCommand).map((call) => call.args[0].input.RequestItems!['progress-table']);
  expect(requests.map((request) => request.Keys!.length)).toEqual([100, 50, 100, 50]);
  const projected = requests.map((request) => request.ProjectionExpression!.split(', ').map((name) => request.ExpressionAttributeNames![name]));
  expect(projected.filter((_, index) => index % 2 === 0)).toEqual([
    ['classId', 'moduleId', 'studentId', 'completedSections', 'updatedAt', 'lastAttemptAt', 'completedAt#section-1', 'completedAt#section-2', 'checkStandings'],
    ['classId', 'moduleId', 'studentId', 'completedSections', 'updatedAt', 'lastAttemptAt', 'completedAt#section-3'],
  ]);
  expect(requests.every((request) => request.ConsistentRead)).toBe(true);
});

test("listCompletionCounters adds an earlier version's unsharded counter to the shards: a completion it counted and a shard took back since is not counted", async () => {
  ddb.on(QueryCommand).resolves({
    Items: [
      { pk: `CLASS#${CLASS_ID}`, sk: `COMPLETIONS#${MODULE_ID}`, moduleId: MODULE_ID, completions: 2, startedStudents: 1, 'completions#section-1': 1, 'completions#section-2': 1 },
      { ...counterKey, moduleId: MODULE_ID, completions: -1, startedStudents: 0, 'completions#section-2': -1 },
    ],
  });
  await expect(repository.listCompletionCounters(CLASS_ID)).resolves.toEqual([{ moduleId: MODULE_ID, completions: 1, bySection: { 'section-1': 1, 'section-2': 0 }, startedStudents: 1 }]);
});

test("listCompletionCounters queries the class's counter items and sums each module's shards, with each section's count (never below 0)", async () => {
  const shard = (number: number, counts: Record<string, number>) => ({ pk: `CLASS#${CLASS_ID}`, sk: `COMPLETIONS#${MODULE_ID}#${number}`, moduleId: MODULE_ID, ...counts });
  ddb.on(QueryCommand).resolves({
    Items: [
      shard(0, { completions: 4, startedStudents: 2, 'completions#section-1': 3, 'completions#section-2': -1 }),
      shard(5, { completions: 3, startedStudents: 1, 'completions#section-1': 2 }),
      { pk: `CLASS#${CLASS_ID}`, sk: 'COMPLETIONS#module-2#3', moduleId: 'module-2', completions: 1, startedStudents: 1, 'completions#section-9': 1 },
    ],
  });
  await expect(repository.listCompletionCounters(CLASS_ID)).resolves.toEqual([
    { moduleId: MODULE_ID, completions: 7, bySection: { 'section-1': 5, 'section-2': 0 }, startedStudents: 3 },
    { moduleId: 'module-2', completions: 1, bySection: { 'section-9': 1 }, startedStudents: 1 },
  ]);
  expect(ddb).toReceiveCommandWith(QueryCommand, { ExpressionAttributeValues: { ':partition': `CLASS#${CLASS_ID}`, ':prefix': 'COMPLETIONS#' } });
});

test("countProgressOfStudent reads the student's progress by key and takes each module's completions out in one ADD", async () => {
  ddb.on(BatchGetCommand).resolves({ Responses: { 'progress-table': [progressItem({}, ['section-1', 'section-2'])] } });
  await repository.countProgressOfStudent(CLASS_ID, [MODULE_ID, 'unstarted'], STUDENT_ID, -1);
  expect(ddb).toReceiveCommandWith(BatchGetCommand, {
    RequestItems: { 'progress-table': { Keys: [itemKey, { pk: `CLASS#${CLASS_ID}`, sk: `PROGRESS#unstarted#${STUDENT_ID}` }], ConsistentRead: true } },
  });
  expect(ddb).toReceiveCommandTimes(UpdateCommand, 1);
  expect(ddb).toReceiveCommandWith(UpdateCommand, {
    Key: counterKey,
    UpdateExpression: 'ADD completions :total, #section0 :count, #section1 :count, startedStudents :students SET entity = :entity, classId = :class, moduleId = :module',
    ExpressionAttributeNames: { '#section0': 'completions#section-1', '#section1': 'completions#section-2' },
    ExpressionAttributeValues: { ':total': -2, ':count': -1, ':students': -1, ':entity': 'CompletionCounter', ':class': CLASS_ID, ':module': MODULE_ID },
  });
});

test("countProgressOfStudent adds a re-enrolled student's best scores back to their shard of the class's score totals, in one ADD", async () => {
  const scored = { ...progressItem({}, ['section-1']), checkStandings: '{"section-1":[80,2,1],"section-2":[40,1,0]}' };
  const scoresOnly = { pk: `CLASS#${CLASS_ID}`, sk: `PROGRESS#module-2#${STUDENT_ID}`, classId: CLASS_ID, moduleId: 'module-2', studentId: STUDENT_ID, checkStandings: '{"section-9":[55,1,0]}' };
  ddb.on(BatchGetCommand).resolves({ Responses: { 'progress-table': [scored, scoresOnly] } });
  await repository.countProgressOfStudent(CLASS_ID, [MODULE_ID, 'module-2'], STUDENT_ID, 1);
  // The counter of the module with a completion, and the totals of the three checks with a best score.
  expect(ddb).toReceiveCommandTimes(UpdateCommand, 2);
  expect(ddb).toReceiveCommandWith(UpdateCommand, {
    TableName: 'progress-table',
    Key: { pk: `CLASS#${CLASS_ID}`, sk: `SCORE_TOTALS#${counterShardOf(STUDENT_ID)}` },
    UpdateExpression: 'ADD #sum0 :sum0, #count0 :count0, #sum1 :sum1, #count1 :count1, #sum2 :sum2, #count2 :count2 SET entity = :entity, classId = :class',
    ExpressionAttributeNames: {
      '#sum0': `sum#${MODULE_ID}#section-1`,
      '#count0': `count#${MODULE_ID}#section-1`,
      '#sum1': `sum#${MODULE_ID}#section-2`,
      '#count1': `count#${MODULE_ID}#section-2`,
      '#sum2': 'sum#module-2#section-9',
      '#count2': 'count#module-2#section-9',
    },
    ExpressionAttributeValues: { ':sum0': 80, ':count0': 1, ':sum1': 40, ':count1': 1, ':sum2': 55, ':count2': 1, ':entity': 'ScoreTotals', ':class': CLASS_ID },
  });
});

test("countProgressOfStudent takes an unenrolled (or erased) student's best scores back from their shard of the score totals", async () => {
  ddb.on(GetCommand).resolves({ Item: { ...progressItem(), checkStandings: '{"section-1":[80,2,1]}' } });
  await repository.countProgressOfStudent(CLASS_ID, [MODULE_ID], STUDENT_ID, -1);
  // Their counter shard's and their totals shard's.
  expect(ddb).toReceiveCommandTimes(UpdateCommand, 2);
  expect(ddb).toReceiveCommandWith(UpdateCommand, {
    TableName: 'progress-table',
    Key: { pk: `CLASS#${CLASS_ID}`, sk: `SCORE_TOTALS#${counterShardOf(STUDENT_ID)}` },
    UpdateExpression: 'ADD #sum0 :sum0, #count0 :count0 SET entity = :entity, classId = :class',
    ExpressionAttributeNames: { '#sum0': `sum#${MODULE_ID}#section-1`, '#count0': `count#${MODULE_ID}#section-1` },
    ExpressionAttributeValues: { ':sum0': -80, ':count0': -1, ':entity': 'ScoreTotals', ':class': CLASS_ID },
  });
});

describe("recomputeCounters' score totals", () => {
  const partition = `CLASS#${CLASS_ID}`;
  const theirShard = counterShardOf(STUDENT_ID);
  /** A shard no student of the recount counts in: a student who left had their scores there. */
  const leftShard = String((Number(theirShard) + 1) % 8);
  const [sum, count] = [`sum#${MODULE_ID}#section-1`, `count#${MODULE_ID}#section-1`];
  const legacy = { pk: partition, sk: 'SCORE_TOTALS', entity: 'ScoreTotals', classId: CLASS_ID, [sum]: 110, [count]: 2 };
  const left = { pk: partition, sk: `SCORE_TOTALS#${leftShard}`, entity: 'ScoreTotals', classId: CLASS_ID, [sum]: -30, [count]: -1 };
  const prefixed = (prefix: string) => ({ ExpressionAttributeValues: { ':partition': partition, ':prefix': prefix } });
  /** A progress item with scores and no completed section (so no counter is written beside the totals). */
  const scoredItem = (studentId: string, checkStandings: string) => ({
    pk: partition,
    sk: `PROGRESS#${MODULE_ID}#${studentId}`,
    entity: 'Progress',
    classId: CLASS_ID,
    moduleId: MODULE_ID,
    studentId,
    checkStandings,
  });

  beforeEach(() => {
    ddb.on(QueryCommand).resolves({ Items: [] });
    ddb.on(QueryCommand, prefixed('SCORE_TOTALS')).resolves({ Items: [legacy, left] });
    ddb.on(QueryCommand, prefixed('PROGRESS#')).resolves({
      Items: [
        scoredItem(STUDENT_ID, '{"section-1":[80,1,1]}'),
        // Not enrolled: their best stays on their item, out of the totals.
        scoredItem('gone', '{"section-1":[30,1,0]}'),
      ],
    });
  });

  const expectedTransaction = {
    TransactItems: [
      {
        // The enrolled student's shard, absent when read: created on the condition that it still is.
        Update: {
          TableName: 'progress-table',
          Key: { pk: partition, sk: `SCORE_TOTALS#${theirShard}` },
          UpdateExpression: 'SET #a0 = :new0, #a1 = :new1, #a2 = :new2, #a3 = :new3',
          ConditionExpression: 'attribute_not_exists(pk)',
          ExpressionAttributeNames: { '#a0': 'entity', '#a1': 'classId', '#a2': sum, '#a3': count },
          ExpressionAttributeValues: { ':new0': 'ScoreTotals', ':new1': CLASS_ID, ':new2': 80, ':new3': 1 },
        },
      },
      {
        // The shard of the student who left: emptied, on the condition that it is still as read.
        Update: {
          TableName: 'progress-table',
          Key: { pk: partition, sk: `SCORE_TOTALS#${leftShard}` },
          UpdateExpression: 'SET #a0 = :new0, #a1 = :new1 REMOVE #a2, #a3',
          ConditionExpression: 'attribute_exists(pk) AND #a0 = :old0 AND #a1 = :old1 AND #a2 = :old2 AND #a3 = :old3',
          ExpressionAttributeNames: { '#a0': 'entity', '#a1': 'classId', '#a2': sum, '#a3': count },
          ExpressionAttributeValues: { ':old0': 'ScoreTotals', ':old1': CLASS_ID, ':old2': -30, ':old3': -1, ':new0': 'ScoreTotals', ':new1': CLASS_ID },
        },
      },
      {
        // The earlier version's one item per class: its totals are among those recounted.
        Delete: {
          TableName: 'progress-table',
          Key: { pk: partition, sk: 'SCORE_TOTALS' },
          ConditionExpression: 'attribute_exists(pk) AND #a0 = :old0 AND #a1 = :old1 AND #a2 = :old2 AND #a3 = :old3',
          ExpressionAttributeNames: { '#a0': 'entity', '#a1': 'classId', '#a2': sum, '#a3': count },
          ExpressionAttributeValues: { ':old0': 'ScoreTotals', ':old1': CLASS_ID, ':old2': 110, ':old3': 2 },
        },
      },
    ],
  };

  it("reads the shards and the earlier item consistently, then sets the shards and deletes the earlier item in one transaction conditioned on what it read", async () => {
    ddb.on(TransactWriteCommand).resolves({});
    await repository.recomputeCounters(CLASS_ID, [], [STUDENT_ID]);
    expect(ddb).toReceiveCommandWith(QueryCommand, { ...prefixed('SCORE_TOTALS'), ConsistentRead: true });
    expect(ddb).toReceiveCommandTimes(TransactWriteCommand, 1);
    expect(ddb).toReceiveCommandWith(TransactWriteCommand, expectedTransaction);
  });

  it('counts the class again from fresh reads when an attempt changed one of the items between its reads and its write', async () => {
    ddb.on(TransactWriteCommand).rejectsOnce(cancelled('None', 'None', 'ConditionalCheckFailed')).resolves({});
    await repository.recomputeCounters(CLASS_ID, [], [STUDENT_ID]);
    expect(ddb).toReceiveCommandTimes(TransactWriteCommand, 2);
    expect(ddb.commandCalls(QueryCommand, prefixed('SCORE_TOTALS'))).toHaveLength(2);
  });

  it('writes nothing for a class without scores and without totals items', async () => {
    ddb.on(QueryCommand).resolves({ Items: [] });
    await repository.recomputeCounters(CLASS_ID, [], [STUDENT_ID]);
    expect(ddb).not.toReceiveCommand(TransactWriteCommand);
  });
});

test("listProgressOfStudent batch-gets the student's items by exact keys, consistently: never a classmate's", async () => {
  ddb.on(BatchGetCommand).resolves({ Responses: { 'progress-table': [progressItem({}, ['section-1'])] } });
  await expect(repository.listProgressOfStudent(CLASS_ID, [MODULE_ID, 'module-2'], STUDENT_ID)).resolves.toEqual([
    { ...key, completedSections: ['section-1'], completedAt: {}, updatedAt: UPDATED_AT },
  ]);
  expect(ddb).toReceiveCommandTimes(BatchGetCommand, 1);
  expect(ddb).toReceiveCommandWith(BatchGetCommand, {
    RequestItems: {
      'progress-table': { Keys: [itemKey, { pk: `CLASS#${CLASS_ID}`, sk: `PROGRESS#module-2#${STUDENT_ID}` }], ConsistentRead: true },
    },
  });
  expect(ddb).not.toReceiveCommand(QueryCommand);
});

test("listProgressOfClass queries the class partition's progress items: one query whatever the class size", async () => {
  ddb.on(QueryCommand).resolves({ Items: [progressItem()] });
  await expect(repository.listProgressOfClass(CLASS_ID)).resolves.toHaveLength(1);
  expect(ddb).toReceiveCommandTimes(QueryCommand, 1);
  expect(ddb).toReceiveCommandWith(QueryCommand, {
    KeyConditionExpression: 'pk = :partition AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':partition': `CLASS#${CLASS_ID}`, ':prefix': 'PROGRESS#' },
  });
});

test('listProgressOfClass returns the standings each item holds from the same query: a whole report reads the items once', async () => {
  const scored = { ...progressItem({}, ['section-1']), lastAttemptAt: UPDATED_AT, checkStandings: '{"section-1":[80,2,1],"section-2":[40,1,0]}' };
  ddb.on(QueryCommand).resolves({ Items: [scored, progressItem({ studentId: 'student-2' })] });
  const [first, second] = await repository.listProgressOfClass(CLASS_ID);
  expect(first).toMatchObject({
    completedSections: ['section-1'],
    lastAttemptAt: UPDATED_AT,
    checks: { 'section-1': { bestPercent: 80, attempts: 2, passed: true }, 'section-2': { bestPercent: 40, attempts: 1, passed: false } },
  });
  expect(second!.checks).toEqual({});
  expect(ddb).toReceiveCommandTimes(QueryCommand, 1);
});

test("listProgressOfClass with a module queries only that module's items", async () => {
  ddb.on(QueryCommand).resolves({ Items: [progressItem()] });
  await repository.listProgressOfClass(CLASS_ID, MODULE_ID);
  expect(ddb).toReceiveCommandWith(QueryCommand, {
    ExpressionAttributeValues: { ':partition': `CLASS#${CLASS_ID}`, ':prefix': `PROGRESS#${MODULE_ID}#` },
  });
});

const counterQuery = { ExpressionAttributeValues: { ':partition': `CLASS#${CLASS_ID}`, ':prefix': `COMPLETIONS#${MODULE_ID}` } };

test("deleteProgressOfModule finds the module's keys and batch-deletes them, retrying what is left unprocessed", async () => {
  ddb.on(QueryCommand).resolves({ Items: [itemKey] });
  ddb.on(QueryCommand, counterQuery).resolves({ Items: [{ ...counterKey, moduleId: MODULE_ID }] });
  const request = { DeleteRequest: { Key: itemKey } };
  ddb.on(BatchWriteCommand).resolvesOnce({ UnprocessedItems: { 'progress-table': [request] } }).resolves({});
  // The module's completion counter shards go with its progress.
  await repository.deleteProgressOfModule(CLASS_ID, MODULE_ID);
  expect(ddb).toReceiveCommandWith(QueryCommand, { ...counterQuery, ProjectionExpression: 'pk, sk, moduleId' });
  expect(ddb).toReceiveCommandWith(QueryCommand, {
    ExpressionAttributeValues: { ':partition': `CLASS#${CLASS_ID}`, ':prefix': `PROGRESS#${MODULE_ID}#` },
    ProjectionExpression: 'pk, sk, studentId, moduleId',
  });
  expect(ddb).toReceiveNthSpecificCommandWith(1, BatchWriteCommand, {
    RequestItems: { 'progress-table': [request, { DeleteRequest: { Key: counterKey } }] },
  });
  expect(ddb).toReceiveCommandTimes(BatchWriteCommand, 2);
  expect(ddb).toReceiveNthSpecificCommandWith(2, BatchWriteCommand, { RequestItems: { 'progress-table': [request] } });
});

test("deleteProgressOfModule takes the students' finish notices of the module along, before their progress", async () => {
  ddb.on(QueryCommand).resolves({ Items: [{ ...itemKey, studentId: STUDENT_ID, moduleId: MODULE_ID }] });
  ddb.on(QueryCommand, counterQuery).resolves({ Items: [{ ...counterKey, moduleId: MODULE_ID }] });
  ddb.on(BatchWriteCommand).resolves({});
  await repository.deleteProgressOfModule(CLASS_ID, MODULE_ID);
  const finished = { pk: `USER#${STUDENT_ID}`, sk: `FINISHED#${CLASS_ID}#${MODULE_ID}` };
  expect(ddb).toReceiveCommandWith(BatchWriteCommand, {
    RequestItems: { 'progress-table': [{ DeleteRequest: { Key: finished } }, { DeleteRequest: { Key: itemKey } }, { DeleteRequest: { Key: counterKey } }] },
  });
});

test("deleteProgressOfModule with no progress deletes only its counters: its shards and an earlier version's, not another module's whose id begins with its", async () => {
  const unsharded = { pk: `CLASS#${CLASS_ID}`, sk: `COMPLETIONS#${MODULE_ID}` };
  ddb.on(QueryCommand).resolves({ Items: [] });
  ddb.on(QueryCommand, counterQuery).resolves({
    Items: [
      { ...unsharded, moduleId: MODULE_ID },
      { ...counterKey, moduleId: MODULE_ID },
      { pk: `CLASS#${CLASS_ID}`, sk: `COMPLETIONS#${MODULE_ID}0#1`, moduleId: `${MODULE_ID}0` },
    ],
  });
  ddb.on(BatchWriteCommand).resolves({});
  await repository.deleteProgressOfModule(CLASS_ID, MODULE_ID);
  expect(ddb).toReceiveCommandWith(BatchWriteCommand, { RequestItems: { 'progress-table': [{ DeleteRequest: { Key: unsharded } }, { DeleteRequest: { Key: counterKey } }] } });
});

describe('recordReading', () => {
  const identity = { ':entity': 'Progress', ':class': CLASS_ID, ':module': MODULE_ID, ':student': STUDENT_ID };

  test('ADDs the open and the minutes and SETs the page in one UpdateItem, answering the section after it', async () => {
    ddb.on(UpdateCommand).resolves({ Attributes: { ...itemKey, 'readOpens#section-1': 2, 'readMinutes#section-1': 5, 'readPage#section-1': 7, 'readOpens#section-2': 1 } });
    await expect(repository.recordReading(key, 'section-1', { opened: true, minutes: 3, page: 7 })).resolves.toEqual({ opened: 2, minutes: 5, page: 7 });
    expect(ddb).toReceiveCommandWith(UpdateCommand, {
      TableName: 'progress-table',
      Key: itemKey,
      UpdateExpression: 'ADD #opened :opened, #minutes :minutes SET entity = :entity, classId = :class, moduleId = :module, studentId = :student, #page = :page',
      ExpressionAttributeNames: { '#opened': 'readOpens#section-1', '#minutes': 'readMinutes#section-1', '#page': 'readPage#section-1' },
      ExpressionAttributeValues: { ':opened': 1, ':minutes': 3, ':page': 7, ...identity },
      ReturnValues: 'ALL_NEW',
    });
  });

  test('a page alone only SETs it; a report of 0 minutes alone names no section attribute', async () => {
    ddb.on(UpdateCommand).resolves({ Attributes: { ...itemKey, 'readPage#section-1': 4 } });
    await expect(repository.recordReading(key, 'section-1', { opened: false, minutes: 0, page: 4 })).resolves.toEqual({ opened: 0, minutes: 0, page: 4 });
    expect(ddb).toReceiveCommandWith(UpdateCommand, {
      UpdateExpression: 'SET entity = :entity, classId = :class, moduleId = :module, studentId = :student, #page = :page',
      ExpressionAttributeNames: { '#page': 'readPage#section-1' },
    });
    ddb.reset();
    ddb.on(UpdateCommand).resolves({ Attributes: { ...itemKey } });
    await expect(repository.recordReading(key, 'section-1', { opened: false, minutes: 0 })).resolves.toEqual({ opened: 0, minutes: 0 });
    const [call] = ddb.commandCalls(UpdateCommand);
    expect(call.args[0].input.ExpressionAttributeNames).toBeUndefined();
  });

  test('moves the time minutes are counted to on, only if it is still the one they were counted from; answers stale when not', async () => {
    ddb.on(UpdateCommand).resolves({ Attributes: { 'readMinutes#section-1': 3 } });
    await repository.recordReading(key, 'section-1', { opened: false, minutes: 2, countedAt: { from: '2024-06-01T00:00:00.000Z', to: '2024-06-01T00:02:00.000Z' } });
    expect(ddb).toReceiveCommandWith(UpdateCommand, {
      UpdateExpression: 'ADD #minutes :minutes SET entity = :entity, classId = :class, moduleId = :module, studentId = :student, readingCountedAt = :countedTo',
      ConditionExpression: 'readingCountedAt = :countedFrom',
      ExpressionAttributeValues: expect.objectContaining({ ':minutes': 2, ':countedFrom': '2024-06-01T00:00:00.000Z', ':countedTo': '2024-06-01T00:02:00.000Z' }),
    });
    ddb.reset();
    ddb.on(UpdateCommand).rejects(new ConditionalCheckFailedException({ message: 'The conditional request failed', $metadata: {} }));
    await expect(repository.recordReading(key, 'section-1', { opened: true, minutes: 0, countedAt: { to: AT } })).resolves.toBe('stale');
    expect(ddb).toReceiveCommandWith(UpdateCommand, { ConditionExpression: 'attribute_not_exists(readingCountedAt)' });
  });

  test('getProgress reads each section’s reading from the same item', async () => {
    ddb.on(GetCommand).resolves({ Item: { ...progressItem({}, ['section-1']), 'readOpens#section-2': 3, 'readMinutes#section-2': 12, 'readPage#section-2': 9 } });
    await expect(repository.getProgress(key)).resolves.toMatchObject({ reading: { 'section-2': { opened: 3, minutes: 12, page: 9 } } });
  });
});

test("a student's export reads their items of a class, and their active days, by querying the class's prefixes and keeping theirs", async () => {
  ddb
    .on(QueryCommand, { ExpressionAttributeValues: { ':partition': `CLASS#${CLASS_ID}`, ':prefix': 'PROGRESS#' } })
    .resolves({ Items: [progressItem(), { ...progressItem(), studentId: 'someone-else', sk: `PROGRESS#${MODULE_ID}#someone-else` }] });
  ddb.on(QueryCommand, { ExpressionAttributeValues: { ':partition': `CLASS#${CLASS_ID}`, ':prefix': 'ACTIVE#' } }).resolves({
    Items: [activeKey, { pk: activeKey.pk, sk: 'ACTIVE#2024-06-01#someone-else' }, { pk: activeKey.pk, sk: `ACTIVE#2024-06-03#${STUDENT_ID}` }, { pk: activeKey.pk, sk: 'ACTIVE#2024-06-02#someone-else' }],
  });
  expect((await repository.listProgressOfStudentInClass(CLASS_ID, STUDENT_ID)).map((record) => record.studentId)).toEqual([STUDENT_ID]);
  await expect(repository.listActiveDaysOfStudent(CLASS_ID, STUDENT_ID)).resolves.toEqual(['2024-06-01', '2024-06-03']);
});
