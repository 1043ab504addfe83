// A class report page, the module drill-down, a class's completion with its engagement (the teacher dashboard's
// read), a student's read of a module and of their progress in it (with the modules' due dates), their marking a
// section complete, and a teacher's nudge, over the real
// DynamoDB adapters with a mocked client: each is a fixed number of round trips whatever the class size
// (the targets are the assertions below), with every module's 10 sections carrying a check every student attempted
// (scores read in the same round trips, from the same items).
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchGetCommand, DynamoDBDocumentClient, GetCommand, PutCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { mockAws } from '@test/unit-helpers/aws';
import { classItem, CLASS_ID, enrolmentItem, membershipItem, MODULE_ID, moduleItem, progressItem, section, UPDATED_AT } from '@test/unit-helpers/fixtures';
import { engagementDays } from '@shared/report-insight';
import { callers } from '@functions/test/in-memory/records';
import { FixedClock, RecordingLog, SequentialIds } from '../../kernel/fakes/clock-ids-log';
import { InMemoryFileReferenceStore } from '../../modules/fakes/module-stores';
import { InMemoryFileStore } from '../../uploads/fakes/upload-stores';
import { makeModuleService } from '../../modules/modules';
import { makeNotificationService } from '../../notifications/notifications';
import { reportBudget } from '../../platform/report-budget';
import { makeProgressService } from '../../progress/progress';
import { makeReportService } from '../reports';
import { makeAttemptRepository } from '../../checks/adapters/attempt-repository';
import { makeCheckRepository } from '../../checks/adapters/check-repository';
import { makeClassRepository } from '../../classes/adapters/class-repository';
import { makeModuleRepository } from '../../modules/adapters/module-repository';
import { makeNoticeRepository } from '../../notifications/adapters/notice-repository';
import { makePathOverrideRepository } from '../../paths/adapters/path-override-repository';
import { makePeopleIndexRepository } from '../../people/adapters/people-index-repository';
import { makeProgressRepository } from '../../progress/adapters/progress-repository';
import { counterShardOf } from '../../progress/adapters/completion-writes';

const { ddb } = mockAws();
const context = { client: DynamoDBDocumentClient.from(new DynamoDBClient({})), tableName: 'table' };
const stores = {
  classes: makeClassRepository(context),
  modules: makeModuleRepository(context),
  progress: makeProgressRepository(context),
  overrides: makePathOverrideRepository(context),
  checks: makeCheckRepository(context),
  attempts: makeAttemptRepository(context),
  clock: new FixedClock(),
};
const service = makeReportService({ ...stores, people: makePeopleIndexRepository(context), budget: reportBudget });
const progressService = makeProgressService(stores);

const moduleService = makeModuleService({
  classes: makeClassRepository(context),
  modules: makeModuleRepository(context),
  progress: makeProgressRepository(context),
  overrides: makePathOverrideRepository(context),
  checks: makeCheckRepository(context),
  files: new InMemoryFileStore(),
  links: new InMemoryFileStore(),
  fileReferences: new InMemoryFileReferenceStore(),
  clock: new FixedClock(),
  ids: new SequentialIds(),
  log: new RecordingLog(),
});

const notifications = makeNotificationService({
  classes: makeClassRepository(context),
  modules: makeModuleRepository(context),
  notices: makeNoticeRepository(context),
  clock: new FixedClock(),
});

/** Its first module is due at this time (a due date is an attribute of the class item). */
const DUE_AT = '2026-12-05T16:00:00.000Z';

/**
 * A class of `size` students; `checked: false` leaves the modules without checks (sections completed by marking);
 * `waiting: true` makes the first module wait for the second, which the students have completed.
 */
function givenClassOf(size: number, { checked = true, waiting = false } = {}) {
  const studentIds = Array.from({ length: size }, (_, index) => `student-${String(index).padStart(4, '0')}`);
  const sectionIds = Array.from({ length: 10 }, (_, index) => `section-${index + 1}`);
  const modules = Array.from({ length: 20 }, (_, index) =>
    moduleItem({ moduleId: `${MODULE_ID}-${index}`, title: `Module ${index}`, sections: sectionIds.map((sectionId, order) => section(sectionId, order + 1)) }),
  );
  // Scores on the progress items of the students a page or a drill-down reads (5,000 × 20 of them would only slow the
  // test), as attempts leave them.
  const scoresOf = (studentIndex: number): Record<string, unknown> =>
    checked && studentIndex < 100
      ? { checkStandings: JSON.stringify(Object.fromEntries(sectionIds.map((sectionId) => [sectionId, [80, 2, 1]]))) }
      : {};
  const completed = (moduleId: string) => (waiting && moduleId === `${MODULE_ID}-1` ? sectionIds : undefined);
  const progress = studentIds.flatMap((studentId, studentIndex) =>
    modules.map((module) => ({ ...progressItem({ moduleId: module.moduleId as string, studentId }, completed(module.moduleId as string)), ...scoresOf(studentIndex) })),
  );
  const checkIndexes = (checked ? modules : []).map(({ moduleId }) => ({
    pk: `MODULE#${moduleId}`,
    sk: 'CHECKS',
    moduleId,
    ...Object.fromEntries(sectionIds.map((sectionId) => [`check#${sectionId}`, { sectionId, version: 1, passMark: 70, maxAttempts: null, questionCount: 5 }])),
  }));
  // The score totals' shards: each holds the bests (80 on every check) of the students who count in it.
  const studentsPerShard = new Map<string, number>();
  for (const studentId of studentIds) studentsPerShard.set(counterShardOf(studentId), (studentsPerShard.get(counterShardOf(studentId)) ?? 0) + 1);
  const totals = [...studentsPerShard].map(([shard, students]) => ({
    pk: `CLASS#${CLASS_ID}`,
    sk: `SCORE_TOTALS#${shard}`,
    ...Object.fromEntries(
      modules.flatMap(({ moduleId }) => sectionIds.flatMap((sectionId) => [[`sum#${moduleId}#${sectionId}`, 80 * students], [`count#${moduleId}#${sectionId}`, students]])),
    ),
  }));
  // Every student was active on each of the last 7 days (the fixed clock's), one item per student and day.
  const activeDays = new Set(engagementDays(new FixedClock().now()));
  const schoolClass = {
    ...classItem({ studentCount: size, assignedModuleIds: modules.map((module) => module.moduleId as string) }),
    [`dueAt#${MODULE_ID}-0`]: DUE_AT,
    ...(waiting && { [`prerequisite#${MODULE_ID}-0`]: `${MODULE_ID}-1` }),
  };
  answer(GetCommand, () => ({ Item: schoolClass }));
  answer(GetCommand, () => ({ Item: modules[0] }), { Key: { pk: `MODULE#${MODULE_ID}-0`, sk: 'MODULE' } });
  answer(BatchGetCommand, (input) => {
    const wanted = new Set(input.RequestItems!.table.Keys!.map((key) => `${key.pk}|${key.sk}`));
    const memberships = studentIds.map((studentId) => membershipItem(studentId, CLASS_ID));
    const enrolments = studentIds.map((studentId) => enrolmentItem(studentId, studentId));
    // The people index's copies (projected to id and status): the first student is disabled.
    const copies = studentIds.map((studentId, index) => ({ pk: `PERSON#${studentId}`, sk: 'PERSON', userId: studentId, status: index === 0 ? 'disabled' : 'active' }));
    const items = [
      ...copies,
      schoolClass,
      ...memberships,
      ...enrolments,
      ...modules,
      ...progress,
      ...checkIndexes,
    ];
    return { Responses: { table: items.filter((item) => wanted.has(`${item.pk}|${item.sk}`)) } };
  });
  answer(QueryCommand, () => ({ Items: studentIds.map((studentId) => enrolmentItem(studentId, studentId)) }), {
    ExpressionAttributeValues: { ':prefix': 'STUDENT#' },
  });
  answer(QueryCommand, () => ({ Items: modules.map((module) => ({ moduleId: module.moduleId, completions: size })) }), {
    ExpressionAttributeValues: { ':prefix': 'COMPLETIONS#' },
  });
  answer(
    QueryCommand,
    (input) => ({ Items: activeDays.has(String(input.ExpressionAttributeValues![':prefix']).split('#')[1]) ? studentIds.map((studentId) => ({ studentId })) : [] }),
    { ProjectionExpression: 'studentId' },
  );
  answer(QueryCommand, () => ({ Items: progress.filter((item) => item.moduleId === `${MODULE_ID}-0`) }), {
    ExpressionAttributeValues: { ':prefix': `PROGRESS#${MODULE_ID}-0#` },
  });
  answer(QueryCommand, () => ({ Items: totals }), { ExpressionAttributeValues: { ':prefix': 'SCORE_TOTALS' } });
  // Teachers' per-student overrides: none in this class (their items are read beside the progress they go with).
  answer(QueryCommand, () => ({ Items: [] }), { ExpressionAttributeValues: { ':prefix': `OVERRIDES#${MODULE_ID}-0#` } });
}

/**
 * Round trips, not calls: parallel calls (a page's progress BatchGets of 100 keys each) are one round trip. Each
 * answer waits a macrotask, so the calls sent while one is in flight join its round trip.
 */
let inFlight = 0;
let roundTrips = 0;
function answer<Input extends object>(
  command: new (input: Input) => unknown,
  respond: (input: Input) => unknown,
  matching?: Record<string, unknown>,
) {
  ddb.on(command as unknown as Parameters<typeof ddb.on>[0], matching as never).callsFake(async (input: Input) => {
    if (inFlight === 0) roundTrips += 1;
    inFlight += 1;
    await new Promise((resolve) => setTimeout(resolve, 0));
    inFlight -= 1;
    return respond(input);
  });
}
beforeEach(() => {
  inFlight = 0;
  roundTrips = 0;
});

it.each([1, 100])('reads a class report page of %i students × 20 modules × 10 checks in 3 round trips', async (size) => {
  givenClassOf(size);
  const page = await service.classReportPage(callers.teacher, CLASS_ID, { limit: 100 });
  // 20 modules × 10 sections with their completion times, scores and struggling flags: a page holds 70 such rows.
  expect(page.rows).toHaveLength(Math.min(size, 70));
  expect(page.next !== undefined).toBe(size > 70);
  expect(page.rows[0].modules).toHaveLength(20);
  expect(page.rows[0].lastActivityAt).toBe(UPDATED_AT);
  expect(page.rows[0].modules[0].scores).toMatchObject({ checks: 10, passed: 10, meanBestPercent: 80 });
  // Whether each student is disabled: their people-index copies, read beside their progress.
  expect(page.rows.filter((row) => row.disabled).map((row) => row.studentId)).toEqual(['student-0000']);
  expect(roundTrips).toBe(3);
  // The scores are on the progress items: each (student, module) item is asked for once, as a completion report does.
  const itemKeys = ddb.commandCalls(BatchGetCommand).flatMap((call) => call.args[0].input.RequestItems!.table.Keys!.map((key) => String(key.sk)));
  const progressKeys = itemKeys.filter((sk) => sk.startsWith('PROGRESS#'));
  expect(progressKeys).toHaveLength(page.rows.length * 20);
  expect(new Set(progressKeys).size).toBe(progressKeys.length);
  expect(ddb.commandCalls(BatchGetCommand).flatMap((call) => call.args[0].input.RequestItems!.table.Keys!).filter((key) => key.sk === 'PERSON')).toHaveLength(page.rows.length);
});

it.each([1, 100])('reads the module drill-down of %i students (one roster page) in 2 round trips', async (size) => {
  givenClassOf(size);
  const drillDown = await service.moduleReport(callers.teacher, CLASS_ID, `${MODULE_ID}-0`);
  expect(drillDown.rows).toHaveLength(size);
  expect(drillDown.checks).toHaveLength(10);
  expect(drillDown.rows[0].scores?.['section-1']).toEqual({ bestPercent: 80, attempts: 2, passed: true });
  expect(roundTrips).toBe(2);
});

it.each([1, 5000])("reads a class's completion and its students active in the last 7 days (%i students) in 2 round trips", async (size) => {
  givenClassOf(size);
  const completion = await service.classCompletion(callers.teacher, CLASS_ID);
  expect(completion.activeStudentIds).toHaveLength(size);
  expect(completion.modules).toHaveLength(20);
  expect(completion.scores).toEqual({ bestPercentSum: 80 * size * 200, scoredCount: size * 200 });
  expect(roundTrips).toBe(2);
  // The counters, the 7 days' active items and the score totals' shards, one Query each, all at once: never a
  // progress item or a roster page.
  expect(ddb.commandCalls(QueryCommand).map((call) => call.args[0].input.ExpressionAttributeValues![':prefix'])).toEqual([
    'COMPLETIONS#',
    ...engagementDays(new FixedClock().now()).map((day) => `ACTIVE#${day}#`),
    'SCORE_TOTALS',
  ]);
});

it.each([1, 5000])('reads a module for a student who names their class (%i students) in 1 call', async (size) => {
  givenClassOf(size);
  const module = await moduleService.get({ userId: 'student-0000', roles: ['Students'] }, `${MODULE_ID}-0`, CLASS_ID);
  expect(module._id).toBe(`${MODULE_ID}-0`);
  expect(roundTrips).toBe(1);
  // The module, the class item, the student's membership, their progress item (their path's completions and scores),
  // their teacher's overrides and the check index: one BatchGetItem.
  expect(ddb.calls()).toHaveLength(1);
  const [batch] = ddb.commandCalls(BatchGetCommand);
  expect(batch!.args[0].input.RequestItems!.table.Keys!.map((key) => key.sk)).toEqual(['MODULE', 'CLASS', `CLASS#${CLASS_ID}`, `PROGRESS#${MODULE_ID}-0#student-0000`, `OVERRIDES#${MODULE_ID}-0#student-0000`, 'CHECKS']);
});

it('reads a module waiting for another in 2 round trips, and marks a section of it complete in 3', async () => {
  givenClassOf(1, { checked: false, waiting: true });
  answer(TransactWriteCommand, () => ({}));
  const student = { userId: 'student-0000', roles: ['Students' as const] };
  const module = await moduleService.get(student, `${MODULE_ID}-0`, CLASS_ID);
  expect(module.sections[1]).toMatchObject({ state: 'open' });
  expect(roundTrips).toBe(2);
  // The prerequisite module, its check index and the student's progress and overrides in it: one BatchGetItem.
  const [, second] = ddb.commandCalls(BatchGetCommand);
  expect(second!.args[0].input.RequestItems!.table.Keys!.map((key) => key.sk)).toEqual(['MODULE', 'CHECKS', `PROGRESS#${MODULE_ID}-1#student-0000`, `OVERRIDES#${MODULE_ID}-1#student-0000`]);

  ddb.resetHistory();
  roundTrips = 0;
  await progressService.markComplete(student, { studentId: 'student-0000', classId: CLASS_ID, moduleId: `${MODULE_ID}-0`, sectionId: 'section-2' });
  expect(roundTrips).toBe(3);
  expect(ddb.calls().map((call) => call.args[0].constructor.name)).toEqual(['BatchGetCommand', 'BatchGetCommand', 'TransactWriteCommand']);
});

it("reads a module and the student's path through it without a class named in 2 round trips", async () => {
  givenClassOf(1);
  answer(QueryCommand, () => ({ Items: [{ classId: CLASS_ID }] }), { ExpressionAttributeValues: { ':prefix': 'CLASS#' } });
  const module = await moduleService.get({ userId: 'student-0000', roles: ['Students'] }, `${MODULE_ID}-0`);
  expect(module.sections[0]).toMatchObject({ state: 'complete' });
  // The module and its check index ∥ the student's memberships; then their classes with their progress item in each
  // (one BatchGetItem). The second round starts as the query answers, so the counter may see it overlap the first.
  expect(roundTrips).toBeLessThanOrEqual(2);
  expect(ddb.calls().map((call) => call.args[0].constructor.name)).toEqual(['QueryCommand', 'BatchGetCommand', 'BatchGetCommand']);
  const [, second] = ddb.commandCalls(BatchGetCommand);
  expect(second!.args[0].input.RequestItems!.table.Keys!.map((key) => key.sk)).toEqual(['CLASS', `PROGRESS#${MODULE_ID}-0#student-0000`, `OVERRIDES#${MODULE_ID}-0#student-0000`]);
});

it.each([1, 5000])("reads a student's own progress in a module (%i students) in 1 call", async (size) => {
  givenClassOf(size);
  const key = { classId: CLASS_ID, moduleId: `${MODULE_ID}-0`, studentId: 'student-0000' };
  const answer = await progressService.get({ userId: 'student-0000', roles: ['Students'] }, key);
  expect(answer.completedSections).toEqual(['section-1']);
  expect(roundTrips).toBe(1);
  // The class item, the student's membership, the module and the progress item: one BatchGetItem.
  expect(ddb.calls()).toHaveLength(1);
  const [batch] = ddb.commandCalls(BatchGetCommand);
  expect(batch!.args[0].input.RequestItems!.table.Keys!.map((each) => each.sk)).toEqual(['CLASS', `CLASS#${CLASS_ID}`, 'MODULE', `PROGRESS#${MODULE_ID}-0#student-0000`]);
});

it.each([1, 5000])('marks a section complete (%i students) in 2 calls: one BatchGetItem of what it checks and reads, one TransactWriteItems; a repeat in 1', async (size) => {
  givenClassOf(size, { checked: false });
  answer(TransactWriteCommand, () => ({}));
  const student = { userId: 'student-0000', roles: ['Students' as const] };
  const input = { studentId: 'student-0000', classId: CLASS_ID, moduleId: `${MODULE_ID}-0` };
  const answered = await progressService.markComplete(student, { ...input, sectionId: 'section-2' });
  expect(answered.completedSections).toEqual(['section-1', 'section-2']);
  expect(roundTrips).toBe(2);
  expect(ddb.calls()).toHaveLength(2);
  const [batch] = ddb.commandCalls(BatchGetCommand);
  expect(batch!.args[0].input.RequestItems!.table.Keys!.map((each) => each.sk)).toEqual(['CLASS', `CLASS#${CLASS_ID}`, 'MODULE', 'STUDENT#student-0000', `PROGRESS#${MODULE_ID}-0#student-0000`, 'CHECKS', `OVERRIDES#${MODULE_ID}-0#student-0000`]);
  // The record, the student's counter shard, their active day and report row, in one transaction, on the condition that the
  // student is still enrolled: the same items, of the same size, whatever the class size.
  expect(ddb.commandCalls(TransactWriteCommand)[0]!.args[0].input.TransactItems!.map((item) => (item.Update ?? item.ConditionCheck)!.Key!.sk)).toEqual([
    `PROGRESS#${MODULE_ID}-0#student-0000`,
    `COMPLETIONS#${MODULE_ID}-0#${counterShardOf('student-0000')}`,
    expect.stringMatching(/^ACTIVE#\d{4}-\d{2}-\d{2}#student-0000$/),
    expect.stringMatching(/^REPORT_ROW#\d#student-0000$/),
    'STUDENT#student-0000',
  ]);

  ddb.resetHistory();
  roundTrips = 0;
  await progressService.markComplete(student, { ...input, sectionId: 'section-1' });
  expect(roundTrips).toBe(1);
  expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(0);
});

it.each([1, 100])("reads a student's progress and scores in every module of a class (%i students) in 2 round trips", async (size) => {
  givenClassOf(size);
  const answer = await progressService.studentClassProgress({ userId: 'student-0000', roles: ['Students'] }, CLASS_ID, 'student-0000');
  expect(answer.modules).toHaveLength(20);
  expect(answer.modules[0].scores).toMatchObject({ checks: 10, passed: 10, meanBestPercent: 80 });
  expect(answer.modules[0].scores?.bySection['section-1']).toEqual({ bestPercent: 80, attempts: 2, passed: true });
  expect(answer.modules[0].dueAt).toBe(DUE_AT);
  expect(roundTrips).toBe(2);
});

it.each([1, 5000])('nudges a student (%i students) in 2 calls: one BatchGetItem of the class, their membership and the module, one conditional PutItem', async (size) => {
  givenClassOf(size);
  answer(PutCommand, () => ({}));
  const { created } = await notifications.nudge(callers.teacher, CLASS_ID, `${MODULE_ID}-0`, 'student-0000');
  expect(created).toBe(true);
  expect(roundTrips).toBe(2);
  expect(ddb.calls()).toHaveLength(2);
  const [batch] = ddb.commandCalls(BatchGetCommand);
  expect(batch!.args[0].input.RequestItems!.table.Keys!.map((each) => each.sk)).toEqual(['CLASS', `CLASS#${CLASS_ID}`, 'MODULE']);
});
