// The exact DynamoDB commands the check and attempt repositories send, and how they read their answers.
import { ConditionalCheckFailedException, DynamoDBClient, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { BatchGetCommand, BatchWriteCommand, DynamoDBDocumentClient, GetCommand, PutCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockAws } from '@test/unit-helpers/aws';
import { STUDENT_ID } from '@test/unit-helpers/events';
import { CLASS_ID, MODULE_ID } from '@test/unit-helpers/fixtures';
import type { CheckStandings } from '../../progress/port';
import { counterShardOf } from '../../progress/adapters/completion-writes';
import type { AttemptRecord, CheckRecord } from '../port';
import { makeAttemptRepository } from './attempt-repository';
import { makeCheckRepository } from './check-repository';

const { ddb } = mockAws();
const context = { client: DynamoDBDocumentClient.from(new DynamoDBClient({})), tableName: 'table' };
const checks = makeCheckRepository(context);
const attempts = makeAttemptRepository(context);
const SECTION = 'section-1';
const checkKey = { pk: `CHECK#${MODULE_ID}#${SECTION}`, sk: 'CHECK' };
const indexKey = { pk: `MODULE#${MODULE_ID}`, sk: 'CHECKS' };
const conditionFailed = () => new ConditionalCheckFailedException({ message: 'The conditional request failed', $metadata: {} });

const record: CheckRecord = {
  moduleId: MODULE_ID,
  sectionId: SECTION,
  version: 2,
  attemptCount: 0,
  updatedAt: '2024-06-01T00:00:00.000Z',
  passMark: 70,
  maxAttempts: 3,
  showCorrectness: false,
  showAnswers: true,
  questions: [{ id: 'q1', kind: 'truefalse', prompt: 'True?', points: 1, answer: true }],
};

describe('checks', () => {
  it('saves a check only if it is still the version and attempt count read, then its summary in the index', async () => {
    ddb.on(PutCommand).resolves({});
    ddb.on(UpdateCommand).resolves({});
    await expect(checks.saveCheck(record, { version: 1, attemptCount: 4 })).resolves.toBe(true);
    expect(ddb).toReceiveNthCommandWith(1, PutCommand, {
      TableName: 'table',
      Item: { ...checkKey, entity: 'Check', ...record },
      ConditionExpression: 'version = :version AND attemptCount = :attempts',
      ExpressionAttributeValues: { ':version': 1, ':attempts': 4 },
    });
    expect(ddb).toReceiveNthCommandWith(2, UpdateCommand, {
      Key: indexKey,
      UpdateExpression: 'SET #summary = :summary, entity = :entity, moduleId = :module',
      ExpressionAttributeNames: { '#summary': `check#${SECTION}` },
      ExpressionAttributeValues: {
        ':summary': { sectionId: SECTION, version: 2, passMark: 70, maxAttempts: 3, questionCount: 1 },
        ':entity': 'CheckIndex',
        ':module': MODULE_ID,
      },
    });
  });

  it('saves a check only if it is also still the save read, when that is asked (a rewrite of its bands)', async () => {
    ddb.on(PutCommand).resolves({});
    ddb.on(UpdateCommand).resolves({});
    await expect(checks.saveCheck(record, { version: 2, attemptCount: 0, updatedAt: '2024-05-01T00:00:00.000Z' })).resolves.toBe(true);
    expect(ddb).toReceiveCommandWith(PutCommand, {
      ConditionExpression: 'version = :version AND attemptCount = :attempts AND updatedAt = :updatedAt',
      ExpressionAttributeValues: { ':version': 2, ':attempts': 0, ':updatedAt': '2024-05-01T00:00:00.000Z' },
    });
  });

  it("keeps a check's score bands on it and in its summary, so a student's path reads the index alone", async () => {
    const bands = [{ min: 0, max: 50, release: ['section-2'] }, { min: 50, max: 100, release: [], skip: ['section-3'] }];
    ddb.on(PutCommand).resolves({});
    ddb.on(UpdateCommand).resolves({});
    ddb.on(GetCommand).resolves({ Item: { ...checkKey, entity: 'Check', ...record, bands } });
    await checks.saveCheck({ ...record, bands }, undefined);
    expect(ddb).toReceiveCommandWith(UpdateCommand, { ExpressionAttributeValues: expect.objectContaining({ ':summary': expect.objectContaining({ bands }) }) });
    await expect(checks.getCheck(MODULE_ID, SECTION)).resolves.toEqual({ ...record, bands });
  });

  it.each([true, false])('reads a check saved before the split (revealAnswers: %s) as both settings the same', async (revealAnswers) => {
    const { showCorrectness: _correctness, showAnswers: _answers, ...before } = record;
    ddb.on(GetCommand).resolves({ Item: { ...checkKey, entity: 'Check', ...before, revealAnswers } });
    await expect(checks.getCheck(MODULE_ID, SECTION)).resolves.toStrictEqual({ ...before, showCorrectness: revealAnswers, showAnswers: revealAnswers });
  });

  it('creates a check only where none is, and leaves the index alone when the condition fails', async () => {
    ddb.on(PutCommand).rejects(conditionFailed());
    await expect(checks.saveCheck(record, undefined)).resolves.toBe(false);
    expect(ddb).toReceiveCommandWith(PutCommand, { ConditionExpression: 'attribute_not_exists(pk)' });
    expect(ddb).not.toReceiveCommand(UpdateCommand);
  });

  it('reads the summaries of many modules by key, leaving out modules without checks', async () => {
    ddb.on(BatchGetCommand).resolves({
      Responses: { table: [{ ...indexKey, moduleId: MODULE_ID, [`check#${SECTION}`]: { sectionId: SECTION, version: 1, passMark: 70, maxAttempts: null, questionCount: 5 } }] },
    });
    const summaries = await checks.listCheckSummaries([MODULE_ID, 'module-2']);
    expect([...summaries]).toEqual([[MODULE_ID, [{ sectionId: SECTION, version: 1, passMark: 70, maxAttempts: null, questionCount: 5 }]]]);
  });

  it('counts an attempt only on the version it was made on', async () => {
    ddb.on(UpdateCommand).rejects(conditionFailed());
    await checks.countAttempt(MODULE_ID, SECTION, 2);
    expect(ddb).toReceiveCommandWith(UpdateCommand, {
      Key: checkKey,
      UpdateExpression: 'ADD attemptCount :one',
      ConditionExpression: 'version = :version',
      ExpressionAttributeValues: { ':one': 1, ':version': 2 },
    });
  });

  it('deletes the index entries first, then the partitions of the sections that had a check', async () => {
    ddb.on(UpdateCommand).resolves({ Attributes: { [`check#${SECTION}`]: { sectionId: SECTION } } });
    ddb.on(QueryCommand).resolves({ Items: [checkKey, { pk: checkKey.pk, sk: `ATTEMPT#${CLASS_ID}#${STUDENT_ID}#000001` }] });
    ddb.on(BatchWriteCommand).resolves({});
    await checks.deleteChecks(MODULE_ID, [SECTION, 'section-2']);
    expect(ddb).toReceiveCommandWith(UpdateCommand, {
      Key: indexKey,
      UpdateExpression: 'REMOVE #section0, #section1',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: { '#section0': `check#${SECTION}`, '#section1': 'check#section-2' },
      ReturnValues: 'UPDATED_OLD',
    });
    // Only section-1 had a check: one query, one batch of deletes.
    expect(ddb).toReceiveCommandTimes(QueryCommand, 1);
    expect(ddb).toReceiveCommandWith(QueryCommand, { ExpressionAttributeValues: { ':partition': checkKey.pk, ':prefix': '' } });
    expect(ddb).toReceiveCommandWith(BatchWriteCommand, {
      RequestItems: { table: [{ DeleteRequest: { Key: checkKey } }, { DeleteRequest: { Key: { pk: checkKey.pk, sk: `ATTEMPT#${CLASS_ID}#${STUDENT_ID}#000001` } } }] },
    });
  });
});

describe('attempts', () => {
  const attempt: AttemptRecord = {
    classId: CLASS_ID,
    moduleId: MODULE_ID,
    sectionId: SECTION,
    studentId: STUDENT_ID,
    attemptNumber: 3,
    attemptId: 'attempt-1',
    version: 2,
    submittedAt: '2024-06-01T00:00:00.000Z',
    score: 1,
    maxScore: 1,
    percent: 100,
    passed: true,
    answers: { q1: true },
    results: [{ questionId: 'q1', correct: true, earned: 1, points: 1 }],
  };
  // Scores are attributes of the student's progress item in the module.
  const scoresKey = { pk: `CLASS#${CLASS_ID}`, sk: `PROGRESS#${MODULE_ID}#${STUDENT_ID}` };
  // The student's used-attempts counter at the check, moved from 2 to 3 by this attempt.
  const usedKey = { pk: `CHECK#${MODULE_ID}#${SECTION}`, sk: `USED#${STUDENT_ID}` };
  const used = { seen: 2, next: 3 };

  it("lists a student's attempt numbers with a consistent query of their prefix", async () => {
    ddb.on(QueryCommand).resolves({ Items: [{ attemptId: 'attempt-1', attemptNumber: 1 }] });
    await expect(attempts.listAttemptIds(CLASS_ID, MODULE_ID, SECTION, STUDENT_ID)).resolves.toEqual([{ attemptId: 'attempt-1', attemptNumber: 1 }]);
    expect(ddb).toReceiveCommandWith(QueryCommand, {
      ExpressionAttributeValues: { ':partition': `CHECK#${MODULE_ID}#${SECTION}`, ':prefix': `ATTEMPT#${CLASS_ID}#${STUDENT_ID}#` },
      ProjectionExpression: 'attemptId, attemptNumber',
      ConsistentRead: true,
    });
  });

  it('reads the history newest first from the index', async () => {
    ddb.on(QueryCommand).resolves({ Items: [{ ...attempt, gsi1pk: 'x' }] });
    await expect(attempts.listAttemptsOfStudent(CLASS_ID, STUDENT_ID, 200)).resolves.toEqual([attempt]);
    expect(ddb).toReceiveCommandWith(QueryCommand, {
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :partition',
      ExpressionAttributeValues: { ':partition': `ATTEMPTS#${CLASS_ID}#${STUDENT_ID}` },
      ScanIndexForward: false,
      Limit: 200,
    });
  });

  const key = { classId: CLASS_ID, moduleId: MODULE_ID, studentId: STUDENT_ID };
  /** The student's shard of the class's score totals: the completion counters' shard. */
  const totalsKey = { pk: `CLASS#${CLASS_ID}`, sk: `SCORE_TOTALS#${counterShardOf(STUDENT_ID)}` };

  const seen = (checks: CheckStandings, completedSections: string[] = []) => ({ ...key, completedSections, checks });
  const activity = { teacherId: 'teacher-1', studentName: 'Sam', moduleTitle: 'Cells', className: 'Biology 7A', sectionTotal: 2, finishesModule: true };
  const sentItems = (call = 0) => ddb.commandCalls(TransactWriteCommand)[call]!.args[0].input.TransactItems!;
  const enrolmentCheck = { ConditionCheck: { TableName: 'table', Key: { pk: `CLASS#${CLASS_ID}`, sk: `STUDENT#${STUDENT_ID}` }, ConditionExpression: 'attribute_exists(pk)' } };
  const cancelled = (...codes: string[]) =>
    new TransactionCanceledException({ message: 'Transaction cancelled', $metadata: {}, CancellationReasons: codes.map((Code) => ({ Code })) });

  it('stores a passing attempt, its score, the improvement of the totals and the completion it earns in one transaction', async () => {
    ddb.on(TransactWriteCommand).resolves({});
    const before = seen({ [SECTION]: { bestPercent: 40, attempts: 1, passed: false }, other: { bestPercent: 90, attempts: 2, passed: true } }, ['section-0']);
    await expect(attempts.recordAttempt({ ...attempt, percent: 75 }, before, () => activity, used)).resolves.toBe('recorded');
    expect(ddb).toReceiveCommandTimes(TransactWriteCommand, 1);
    expect(ddb).not.toReceiveCommand(UpdateCommand);
    const [put, usedCounter, progress, totals, counter, day, finished, row, enrolment] = sentItems();
    expect(put).toEqual({
      Put: {
        TableName: 'table',
        Item: {
          pk: `CHECK#${MODULE_ID}#${SECTION}`,
          sk: `ATTEMPT#${CLASS_ID}#${STUDENT_ID}#000003`,
          gsi1pk: `ATTEMPTS#${CLASS_ID}#${STUDENT_ID}`,
          gsi1sk: `2024-06-01T00:00:00.000Z#${MODULE_ID}#${SECTION}`,
          entity: 'Attempt',
          ...attempt,
          percent: 75,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    });
    expect(usedCounter.Update).toMatchObject({ Key: usedKey, ConditionExpression: 'used = :seen', ExpressionAttributeValues: { ':seen': 2, ':next': 3, ':entity': 'AttemptsUsed' } });
    expect(progress.Update).toMatchObject({
      Key: scoresKey,
      UpdateExpression: expect.stringMatching(/^ADD completedSections :section SET .*#standings = :after, lastAttemptAt = :at, .*#completedAt = if_not_exists\(#completedAt, :now\)/),
      ConditionExpression: '(#standings = :before) AND (completedSections = :seenSections)',
      ExpressionAttributeValues: expect.objectContaining({
        ':before': `{"other":[90,2,1],"${SECTION}":[40,1,0]}`,
        ':after': `{"other":[90,2,1],"${SECTION}":[75,2,1]}`,
        ':seenSections': new Set(['section-0']),
      }),
    });
    // The improvement of the best, 40 to 75, in the student's shard of the totals: the same item whatever the class size.
    expect(totals.Update).toEqual({
      TableName: 'table',
      Key: totalsKey,
      UpdateExpression: 'ADD #sum0 :sum0, #count0 :count0 SET entity = :entity, classId = :class',
      ExpressionAttributeNames: { '#sum0': `sum#${MODULE_ID}#${SECTION}`, '#count0': `count#${MODULE_ID}#${SECTION}` },
      ExpressionAttributeValues: { ':sum0': 35, ':count0': 0, ':entity': 'ScoreTotals', ':class': CLASS_ID },
    });
    expect(counter.Update).toMatchObject({ Key: { pk: `CLASS#${CLASS_ID}`, sk: `COMPLETIONS#${MODULE_ID}#${counterShardOf(STUDENT_ID)}` } });
    expect(day.Update).toMatchObject({ Key: { pk: `CLASS#${CLASS_ID}`, sk: `ACTIVE#2024-06-01#${STUDENT_ID}` } });
    expect(finished.Update).toMatchObject({ Key: { pk: `USER#${STUDENT_ID}`, sk: `FINISHED#${CLASS_ID}#${MODULE_ID}` } });
    expect(row.Update).toMatchObject({ Key: { pk: `CLASS#${CLASS_ID}`, sk: expect.stringMatching(new RegExp(`^REPORT_ROW#\\d#${STUDENT_ID}$`)) }, UpdateExpression: expect.stringMatching(/^ADD #changes :one/) });
    expect(enrolment).toEqual(enrolmentCheck);
  });

  it('stores a first, failing attempt with its score and one more student in the totals, and no completion', async () => {
    ddb.on(TransactWriteCommand).resolves({});
    await attempts.recordAttempt({ ...attempt, percent: 60, passed: false }, undefined, () => activity, used);
    const items = sentItems();
    expect(items).toHaveLength(6);
    expect(items[2].Update).toMatchObject({
      UpdateExpression: 'SET entity = :entity, classId = :class, moduleId = :module, studentId = :student, #standings = :after, lastAttemptAt = :at',
      ConditionExpression: '(attribute_not_exists(#standings))',
      ExpressionAttributeValues: expect.objectContaining({ ':after': `{"${SECTION}":[60,1,0]}` }),
    });
    expect(items[3].Update).toMatchObject({ Key: totalsKey, ExpressionAttributeValues: expect.objectContaining({ ':sum0': 60, ':count0': 1 }) });
    expect(items[4].Update).toMatchObject({ ExpressionAttributeNames: { '#changes': `changes#${MODULE_ID}` } });
    expect(items[5]).toEqual(enrolmentCheck);
  });

  it('answers taken, writing nothing, when a concurrent attempt took the number', async () => {
    ddb.on(TransactWriteCommand).rejects(cancelled('ConditionalCheckFailed', 'None', 'None', 'None'));
    await expect(attempts.recordAttempt({ ...attempt, passed: false }, undefined, () => activity, used)).resolves.toBe('taken');
    expect(ddb).toReceiveCommandTimes(TransactWriteCommand, 1);
  });

  it("answers taken, writing nothing, when a concurrent attempt moved the student's used counter; a first attempt needs none there", async () => {
    ddb.on(TransactWriteCommand).rejects(cancelled('None', 'ConditionalCheckFailed', 'None', 'None'));
    await expect(attempts.recordAttempt({ ...attempt, passed: false }, undefined, () => activity, used)).resolves.toBe('taken');
    expect(ddb).toReceiveCommandTimes(TransactWriteCommand, 1);
    expect(ddb).not.toReceiveCommand(GetCommand);
    ddb.reset();
    ddb.on(TransactWriteCommand).resolves({});
    await attempts.recordAttempt({ ...attempt, passed: false }, undefined, () => activity, { seen: undefined, next: 1 });
    expect(sentItems()[1]).toEqual({
      Update: {
        TableName: 'table',
        Key: usedKey,
        UpdateExpression: 'SET used = :next, entity = :entity',
        ConditionExpression: 'attribute_not_exists(pk)',
        ExpressionAttributeValues: { ':next': 1, ':entity': 'AttemptsUsed' },
      },
    });
  });

  it('reads the item again when another attempt changed it, keeps its better best, leaves the totals alone for no improvement', async () => {
    ddb.on(TransactWriteCommand).rejectsOnce(cancelled('None', 'None', 'ConditionalCheckFailed', 'None', 'None')).resolves({});
    ddb.on(GetCommand).resolves({ Item: { checkStandings: `{"${SECTION}":[90,2,1]}`, completedSections: new Set([SECTION]) } });
    await attempts.recordAttempt({ ...attempt, percent: 20, passed: false }, seen({ [SECTION]: { bestPercent: 40, attempts: 1, passed: false } }), () => activity, used);
    expect(ddb).toReceiveCommandWith(GetCommand, { Key: scoresKey, ConsistentRead: true });
    const retry = sentItems(1);
    expect(retry).toHaveLength(5);
    expect(retry[2].Update).toMatchObject({
      ConditionExpression: '(#standings = :before)',
      ExpressionAttributeValues: expect.objectContaining({ ':before': `{"${SECTION}":[90,2,1]}`, ':after': `{"${SECTION}":[90,3,1]}` }),
    });
  });

  it('refuses, writing nothing, once the student is no longer enrolled', async () => {
    ddb.on(TransactWriteCommand).rejects(cancelled('None', 'None', 'None', 'None', 'None', 'ConditionalCheckFailed'));
    await expect(attempts.recordAttempt({ ...attempt, passed: false }, undefined, () => activity, used)).rejects.toMatchObject({ kind: 'notFound' });
  });

  it('adds an attempt to the item statistics of its version, and reads them back per question and option', async () => {
    ddb.on(UpdateCommand).resolves({});
    await attempts.addToStats(CLASS_ID, MODULE_ID, SECTION, 2, [
      { questionId: 'q1', correct: true, picks: ['a', 'c'] },
      { questionId: 'q2', correct: false },
    ]);
    const statsKey = { pk: `CHECK#${MODULE_ID}#${SECTION}`, sk: `STATS#${CLASS_ID}#2` };
    expect(ddb).toReceiveCommandWith(UpdateCommand, {
      Key: statsKey,
      UpdateExpression: 'ADD attempts :one, #c0 :one, #p0 :one, #p1 :one SET entity = :entity',
      ExpressionAttributeNames: { '#c0': 'correct#q1', '#p0': 'picks#q1#a', '#p1': 'picks#q1#c' },
    });
    ddb.on(GetCommand).resolves({ Item: { ...statsKey, attempts: 4, 'correct#q1': 3, 'picks#q1#a': 2, 'picks#q1#c': 4 } });
    await expect(attempts.getStats(CLASS_ID, MODULE_ID, SECTION, 2)).resolves.toEqual({ attempts: 4, correct: { q1: 3 }, picks: { q1: { a: 2, c: 4 } } });
  });

  it('counts an attempt with nothing right and nothing picked without naming any attribute', async () => {
    ddb.on(UpdateCommand).resolves({});
    await attempts.addToStats(CLASS_ID, MODULE_ID, SECTION, 2, [{ questionId: 'q2', correct: false }]);
    const [call] = ddb.commandCalls(UpdateCommand);
    expect(call.args[0].input).toMatchObject({ UpdateExpression: 'ADD attempts :one SET entity = :entity' });
    expect(call.args[0].input).not.toHaveProperty('ExpressionAttributeNames');
  });

  const totalsItem = (sk: string, totals: Record<string, number>) => ({ pk: `CLASS#${CLASS_ID}`, sk, entity: 'ScoreTotals', classId: CLASS_ID, ...totals });

  it("reads the score totals per module and check, summing the class's shards in one consistent Query", async () => {
    ddb.on(QueryCommand).resolves({
      Items: [
        totalsItem('SCORE_TOTALS#0', { [`sum#${MODULE_ID}#${SECTION}`]: 150, [`count#${MODULE_ID}#${SECTION}`]: 2, 'sum#module-2#section-9': 55, 'count#module-2#section-9': 1 }),
        totalsItem('SCORE_TOTALS#6', { [`sum#${MODULE_ID}#${SECTION}`]: 70, [`count#${MODULE_ID}#${SECTION}`]: 1 }),
      ],
    });
    await expect(attempts.getScoreTotals(CLASS_ID)).resolves.toEqual({
      [MODULE_ID]: { [SECTION]: { sum: 220, count: 3 } },
      'module-2': { 'section-9': { sum: 55, count: 1 } },
    });
    expect(ddb).toReceiveCommandTimes(QueryCommand, 1);
    expect(ddb).toReceiveCommandWith(QueryCommand, {
      TableName: 'table',
      KeyConditionExpression: 'pk = :partition AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':partition': `CLASS#${CLASS_ID}`, ':prefix': 'SCORE_TOTALS' },
      ConsistentRead: true,
    });
    expect(ddb).not.toReceiveCommand(GetCommand);
  });

  it("adds an earlier version's unsharded totals to the shards: a best it counted and a shard took back since (the student left) is not counted", async () => {
    ddb.on(QueryCommand).resolves({
      Items: [
        totalsItem('SCORE_TOTALS', { [`sum#${MODULE_ID}#${SECTION}`]: 130, [`count#${MODULE_ID}#${SECTION}`]: 2 }),
        totalsItem(`SCORE_TOTALS#${counterShardOf(STUDENT_ID)}`, { [`sum#${MODULE_ID}#${SECTION}`]: -50, [`count#${MODULE_ID}#${SECTION}`]: -1 }),
      ],
    });
    await expect(attempts.getScoreTotals(CLASS_ID)).resolves.toEqual({ [MODULE_ID]: { [SECTION]: { sum: 80, count: 1 } } });
  });

  it('reads a check whose sum or count fell below zero (a change lost by an interrupted write) as 0, and no items as no totals', async () => {
    ddb.on(QueryCommand).resolves({ Items: [totalsItem('SCORE_TOTALS#2', { [`sum#${MODULE_ID}#${SECTION}`]: -20, [`count#${MODULE_ID}#${SECTION}`]: -1 })] });
    await expect(attempts.getScoreTotals(CLASS_ID)).resolves.toEqual({ [MODULE_ID]: { [SECTION]: { sum: 0, count: 0 } } });
    ddb.on(QueryCommand).resolves({ Items: [] });
    await expect(attempts.getScoreTotals(CLASS_ID)).resolves.toEqual({});
  });

  it('reads the scores on progress items into standings per section, leaving out items without an attempt', async () => {
    const progress = { classId: CLASS_ID, moduleId: MODULE_ID, completedSections: new Set([SECTION]), updatedAt: '2024-06-01T00:00:00.000Z' };
    ddb.on(QueryCommand).resolves({
      Items: [
        { ...scoresKey, ...progress, studentId: STUDENT_ID, checkStandings: `{"${SECTION}":[80,2,1]}` },
        { pk: `CLASS#${CLASS_ID}`, sk: `PROGRESS#${MODULE_ID}#student-2`, ...progress, studentId: 'student-2' },
      ],
    });
    await expect(attempts.listScoresOfClass(CLASS_ID, MODULE_ID)).resolves.toEqual([
      { classId: CLASS_ID, moduleId: MODULE_ID, studentId: STUDENT_ID, bySection: { [SECTION]: { bestPercent: 80, attempts: 2, passed: true } } },
    ]);
    expect(ddb).toReceiveCommandWith(QueryCommand, { ExpressionAttributeValues: { ':partition': `CLASS#${CLASS_ID}`, ':prefix': `PROGRESS#${MODULE_ID}#` } });
  });
});
