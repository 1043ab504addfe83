// `npm run bench` (second part): the write units one first completion of a section, and one attempt at a check that
// raises the student's best, cost in a class of 30 and in one of 5,000 students (issue 40: they must be equal),
// computed from the writes the request actually makes. Every write
// command the request sends is caught on the document client (the API runs in this process); each item it names is
// read just before and just after it, and billed as DynamoDB bills it: 1 WCU per started KB of the larger of the item
// before and after, twice in a transaction (a transaction's condition check too). Index writes are left out (the
// progress item's entry on the teacher's activity index is the same size in both classes). The school is the one
// `bench/run.ts` seeds into `.local/bench/`. Prints; asserts nothing.
import '@local/quiet-aws-sdk-notices';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import {
  BatchWriteCommand,
  DeleteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { startLocalStack, TEST_CALLER_RATE_LIMIT } from '@local/stack';
import { localTableContext } from '@local/table-stores';
import { signIn } from '@local/users';
import { keys, type Key, type TableContext } from '../functions/src/table/table';
import { scoreTotalsUpdate, standingsOnItem } from '../functions/src/progress/adapters/score-attributes';
import { benchSchool, CLASS_SIZES, type BenchClass, type BenchSchool } from './school-seed';
import { itemBytes } from './item-size';

const BENCH_DIR = path.resolve(__dirname, '../.local/bench');
/** The earlier version's day item in a class of 5,000: every student active that day in one string set, rewritten in each completion's transaction. */
const EARLIER_DAY_ITEM_UNITS = (students: number) => 2 * Math.ceil((students * 37 + 80) / 1024);

interface BilledWrite {
  sk: string;
  units: number;
}

/** The writes being billed while `recording` (one request at a time), and the unpatched send that reads the items. */
let recording: BilledWrite[] | undefined;
const send = DynamoDBDocumentClient.prototype.send;

type Named = { TableName?: string; Key?: Key; Item?: Record<string, unknown> };

/** The items a write command names, and whether it is a transaction (billed twice). */
function namedItems(command: unknown): { items: Named[]; transaction: boolean } | undefined {
  if (command instanceof TransactWriteCommand) {
    const items = (command.input.TransactItems ?? []).map((item) => (item.Put ?? item.Update ?? item.Delete ?? item.ConditionCheck) as Named);
    return { items, transaction: true };
  }
  if (command instanceof UpdateCommand || command instanceof DeleteCommand || command instanceof PutCommand) return { items: [command.input as Named], transaction: false };
  if (command instanceof BatchWriteCommand) {
    const items = Object.entries(command.input.RequestItems ?? {}).flatMap(([TableName, requests]) =>
      requests.map((request) => ({ TableName, ...(request.PutRequest ? { Item: request.PutRequest.Item } : { Key: request.DeleteRequest!.Key as Key }) })),
    );
    return { items, transaction: false };
  }
  return undefined;
}

DynamoDBDocumentClient.prototype.send = async function billedSend(this: DynamoDBDocumentClient, ...args: Parameters<typeof send>) {
  const original = (input: unknown) => (send as (...input: unknown[]) => Promise<unknown>).apply(this, [input]);
  const writes = recording && namedItems(args[0]);
  if (!writes) return (send as (...input: unknown[]) => unknown).apply(this, args);
  const keyOf = ({ Key, Item }: Named): Key => Key ?? { pk: String(Item!.pk), sk: String(Item!.sk) };
  const read = () =>
    Promise.all(writes.items.map(async (named) => ((await original(new GetCommand({ TableName: named.TableName, Key: keyOf(named), ConsistentRead: true }))) as { Item?: Record<string, unknown> }).Item));
  const before = await read();
  const answer = await original(args[0]);
  const after = await read();
  writes.items.forEach((named, index) => {
    const bytes = Math.max(itemBytes(before[index]), itemBytes(after[index]));
    recording?.push({ sk: keyOf(named).sk, units: Math.max(1, Math.ceil(bytes / 1024)) * (writes.transaction ? 2 : 1) });
  });
  return answer;
} as typeof send;

/** What a write's item is, from its sort key, for the breakdown. */
const kindOf = (sk: string) =>
  [
    ['PROGRESS#', 'progress'],
    ['COMPLETIONS#', 'counter shard'],
    ['ACTIVE#', 'active student'],
    ['STUDENT#', 'enrolment check'],
    ['FINISHED#', 'finish notice'],
    ['WINDOW#', 'rate counter'],
    ['ATTEMPT#', 'attempt'],
    ['USED#', 'used attempts'],
    ['SCORE_TOTALS#', 'score totals shard'],
    ['STATS#', 'statistics'],
    ['REPORT_ROW#', 'report row'],
    ['CHECK', 'check'],
  ].find(([prefix]) => sk.startsWith(prefix!))?.[1] ?? sk;

async function main() {
  const stack = await startLocalStack({ dataDir: BENCH_DIR, seed: false, log: () => undefined, callerRateLimit: TEST_CALLER_RATE_LIMIT });
  const context: TableContext = localTableContext(stack.config);
  try {
    const school = await benchSchool(stack.config, context, (line) => console.log(line));
    const classes = [CLASS_SIZES[0], CLASS_SIZES.at(-1)!].map((size) => school.classes.find((each) => each.size === size)!);
    console.log('\nWrite units per first completion of a section (issue 40; DynamoDB billing: 1 WCU per started KB of the larger of each item before and after, ×2 in a transaction)');
    const [small, large] = await printBilled(classes, (benchClass) => billedCompletion(stack.config, school, benchClass));
    console.log(
      `  target: equal for both classes (${small === large ? 'met' : 'NOT met'}); the earlier version's day item alone cost about ${EARLIER_DAY_ITEM_UNITS(CLASS_SIZES.at(-1)!)} WCU per completion in a class of ${CLASS_SIZES.at(-1)!.toLocaleString('en')} (${EARLIER_DAY_ITEM_UNITS(CLASS_SIZES[0])} in one of ${CLASS_SIZES[0]}) once its students were all active that day.`,
    );
    console.log('\nWrite units per attempt at a check that raises the student\'s best (the score totals in 8 shards by student, as the counters)');
    const check = await ensureBenchCheck(stack.config, school);
    const [attemptSmall, attemptLarge] = await printBilled(classes, (benchClass) => billedAttempt(stack.config, context, check, benchClass));
    console.log(
      `  target: equal for both classes (${attemptSmall === attemptLarge ? 'met' : 'NOT met'}); the totals were always this small (they grow with checks, not students): the shards spread a class's attempts over 8 items instead of 1.`,
    );
  } finally {
    context.client.destroy();
    await stack.stop();
  }
}

/** Bills `request` in each class, prints its write units and their breakdown, and answers the units per class. */
async function printBilled(classes: BenchClass[], request: (benchClass: BenchClass) => Promise<BilledWrite[]>): Promise<number[]> {
  const totals: number[] = [];
  for (const benchClass of classes) {
    const writes = await request(benchClass);
    const units = writes.reduce((sum, write) => sum + write.units, 0);
    totals.push(units);
    const breakdown = writes.map((write) => `${kindOf(write.sk)} ${write.units}`).join(', ');
    console.log(`  class of ${benchClass.size.toLocaleString('en').padEnd(5)} ${String(units).padStart(3)} WCU  (${breakdown})`);
  }
  return totals;
}

/** Sends one API request as a signed-in user; answers the response's body, failing on an error status. */
async function call(config: Parameters<typeof signIn>[0], token: string, method: string, path: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${config.apiUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body !== undefined && { 'content-type': 'application/json' }) },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
  return response.status === 204 ? undefined : response.json();
}

interface BenchCheck {
  moduleId: string;
  sectionId: string;
}

/**
 * A check on the last section of the fourth module (no real student has started that module in the seed), put by the
 * teacher through the API the first time: one question, any number of attempts.
 */
async function ensureBenchCheck(config: Parameters<typeof signIn>[0], school: BenchSchool): Promise<BenchCheck> {
  const moduleId = school.moduleIds[3]!;
  const sectionId = school.sectionIds(moduleId).at(-1)!;
  const token = await signIn(config, school.teacher.email, school.teacher.password);
  const path = `/api/modules/${moduleId}/sections/${sectionId}/check`;
  const existing = await fetch(`${config.apiUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
  if (existing.status === 404) {
    await call(config, token, 'PUT', path, {
      passMark: 70,
      maxAttempts: null,
      questions: [{ id: 'q1', kind: 'truefalse', prompt: 'Plants make their food by photosynthesis.', answer: true }],
    });
  } else if (!existing.ok) throw new Error(`GET ${path} answered ${existing.status}: ${await existing.text()}`);
  return { moduleId, sectionId };
}

/**
 * The writes of one attempt by the class's first real student that raises their best (a first, failing attempt: no
 * completion). Their standing on the check, and its share of their score totals shard, are taken back first, unbilled,
 * so every run bills the same kind of attempt.
 */
async function billedAttempt(config: Parameters<typeof signIn>[0], context: TableContext, { moduleId, sectionId }: BenchCheck, benchClass: BenchClass): Promise<BilledWrite[]> {
  const [student] = benchClass.students;
  const { classId } = benchClass;
  const progressKey = keys.progress(classId, moduleId, student!.userId);
  const { Item } = await context.client.send(new GetCommand({ TableName: context.tableName, Key: progressKey, ConsistentRead: true }));
  const best = Item && standingsOnItem(Item)[sectionId]?.bestPercent;
  if (best !== undefined) {
    await context.client.send(new UpdateCommand({ TableName: context.tableName, Key: progressKey, UpdateExpression: 'REMOVE checkStandings, lastAttemptAt' }));
    await context.client.send(new UpdateCommand(scoreTotalsUpdate(context.tableName, classId, student!.userId, [{ moduleId, sectionId, sum: -best, count: -1 }])));
  }
  const token = await signIn(config, student!.email, student!.password);
  recording = [];
  await call(config, token, 'POST', `/api/modules/${moduleId}/sections/${sectionId}/check/attempts`, { attemptId: randomUUID(), classId, answers: { q1: false } });
  const writes = recording;
  recording = undefined;
  return writes;
}

/**
 * The writes of one first completion by the class's first real student: the first section of the third module (all
 * its sections done in the seed) is undone, unbilled, then completed again, billed. The same student index, module and
 * section in each class, so the items differ only in the class they are in.
 */
async function billedCompletion(config: Parameters<typeof signIn>[0], school: BenchSchool, benchClass: BenchClass): Promise<BilledWrite[]> {
  const [student] = benchClass.students;
  const token = await signIn(config, student!.email, student!.password);
  const moduleId = school.moduleIds[2]!;
  const body = { studentId: student!.userId, classId: benchClass.classId, moduleId, sectionId: school.sectionIds(moduleId)[0]! };
  const mark = (completed: boolean) => call(config, token, 'POST', '/api/progress/mark-complete', { ...body, completed });
  await mark(false);
  recording = [];
  await mark(true);
  const writes = recording;
  recording = undefined;
  return writes;
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
