// `npm run bench` (second part): the write units one first completion of a section costs in a class of 30 and in one
// of 5,000 students (issue 40: they must be equal), computed from the writes the request actually makes. Every write
// command the request sends is caught on the document client (the API runs in this process); each item it names is
// read just before and just after it, and billed as DynamoDB bills it: 1 WCU per started KB of the larger of the item
// before and after, twice in a transaction (a transaction's condition check too). Index writes are left out (the
// progress item's entry on the teacher's activity index is the same size in both classes). The school is the one
// `bench/run.ts` seeds into `.local/bench/`. Prints; asserts nothing.
import '@local/quiet-aws-sdk-notices';
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
import type { Key, TableContext } from '../functions/src/table/table';
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
  ].find(([prefix]) => sk.startsWith(prefix!))?.[1] ?? sk;

async function main() {
  const stack = await startLocalStack({ dataDir: BENCH_DIR, seed: false, log: () => undefined, callerRateLimit: TEST_CALLER_RATE_LIMIT });
  const context: TableContext = localTableContext(stack.config);
  try {
    const school = await benchSchool(stack.config, context, (line) => console.log(line));
    const classes = [CLASS_SIZES[0], CLASS_SIZES.at(-1)!].map((size) => school.classes.find((each) => each.size === size)!);
    console.log('\nWrite units per first completion of a section (issue 40; DynamoDB billing: 1 WCU per started KB of the larger of each item before and after, ×2 in a transaction)');
    const totals: number[] = [];
    for (const benchClass of classes) {
      const writes = await billedCompletion(stack.config, school, benchClass);
      const units = writes.reduce((sum, write) => sum + write.units, 0);
      totals.push(units);
      const breakdown = writes.map((write) => `${kindOf(write.sk)} ${write.units}`).join(', ');
      console.log(`  class of ${benchClass.size.toLocaleString('en').padEnd(5)} ${String(units).padStart(3)} WCU  (${breakdown})`);
    }
    const [small, large] = totals;
    console.log(
      `  target: equal for both classes (${small === large ? 'met' : 'NOT met'}); the earlier version's day item alone cost about ${EARLIER_DAY_ITEM_UNITS(CLASS_SIZES.at(-1)!)} WCU per completion in a class of ${CLASS_SIZES.at(-1)!.toLocaleString('en')} (${EARLIER_DAY_ITEM_UNITS(CLASS_SIZES[0])} in one of ${CLASS_SIZES[0]}) once its students were all active that day.`,
    );
  } finally {
    context.client.destroy();
    await stack.stop();
  }
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
  const mark = async (completed: boolean) => {
    const response = await fetch(`${config.apiUrl}/api/progress/mark-complete`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ ...body, completed }),
    });
    if (!response.ok) throw new Error(`mark-complete answered ${response.status}: ${await response.text()}`);
  };
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
