// `npm run bench` (first part): the hot paths at school scale through the local stack (real HTTP, real token checks,
// the handlers' own code, the DynamoDB twin), each printed next to a raw-DynamoDB baseline measured in the same run:
// the same items read or written straight with the SDK, no HTTP, no authorization (for a student's module read and
// mark-complete, the very calls their handler made, round trip by round trip, the caller's rate-limit write and
// access-record read included: issue 42 sets its target against them). Each route is also timed as its
// Lambda runs it (the handler called in this process with API Gateway's event, no HTTP or token check): the issue's
// ratios to raw reads are about what our code adds, which only that figure isolates. Classes of 30, 200, 1,000 and
// 5,000 students × 20 modules × 10 sections (bench/school-seed.ts, seeded once into .local/bench/ and reused). Also
// the DynamoDB calls and round trips each request makes (counted on the document client), the largest item in the table, and the
// issue's targets beside the figures. Prints; asserts nothing. Local twins are slower than AWS and this machine is
// shared: compare ratios and runs, not absolute numbers.
import '@local/quiet-aws-sdk-notices';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { DynamoDBDocumentClient, GetCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { startLocalStack, TEST_CALLER_RATE_LIMIT } from '@local/stack';
import { localTableContext } from '@local/table-stores';
import { signIn } from '@local/users';
import { keys, makeTableAccess, queries, type Key, type TableContext } from '../functions/src/table/table';
import { routeDeployment } from '../infra/route-deployment';
import { ORIGIN_VERIFY_HEADER } from '../shared/edge';
import { routes, type RouteName } from '../shared/contract';
import { apiEvent, type TokenSpec } from '../test/unit-helpers/events';
import { benchSchool, BENCH_REAL_STUDENTS, CLASS_SIZES, MODULES, SECTIONS, type BenchClass, type BenchSchool } from './school-seed';

const BENCH_DIR = path.resolve(__dirname, '../.local/bench');
const RUNS = { floor: 100, single: 30, marks: 100, reportPage: 10, fullReport: 3 };
const PAGE = 100;

// ---- Counting the DynamoDB calls a request makes: the handlers run in this process, on document clients. ----
let dynamoCalls = 0;
/** Calls in flight now, and how many times a call started with none in flight: the round trips, one operation at a time. */
let inFlightCalls = 0;
let roundTrips = 0;
/** While set, each call's command and its round trip are written down (recordedRounds). */
let recording: { command: DocumentCommand; round: number }[] | undefined;
type DocumentCommand = Parameters<DynamoDBDocumentClient['send']>[0];
const send = DynamoDBDocumentClient.prototype.send;
DynamoDBDocumentClient.prototype.send = function countedSend(this: DynamoDBDocumentClient, ...args: Parameters<typeof send>) {
  dynamoCalls += 1;
  if (inFlightCalls++ === 0) roundTrips += 1;
  recording?.push({ command: args[0], round: roundTrips });
  const sent = (send as (...input: unknown[]) => Promise<unknown>).apply(this, args);
  return sent.finally(() => (inFlightCalls -= 1));
} as typeof send;

/** The median latency (ms) of `count` operations with `inFlight` at a time. */
async function median(count: number, inFlight: number, operation: (index: number) => Promise<unknown>): Promise<number> {
  const latencies: number[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (next < count) {
        const index = next++;
        const begin = performance.now();
        await operation(index);
        latencies.push(performance.now() - begin);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return latencies[Math.floor(latencies.length / 2)]!;
}

/** DynamoDB calls made by one run of `operation` (nothing else runs meanwhile). */
async function callsOf(operation: () => Promise<unknown>): Promise<number> {
  const before = dynamoCalls;
  await operation();
  return dynamoCalls - before;
}

/** DynamoDB round trips of one run of `operation` (nothing else runs meanwhile): calls in flight together are one. */
async function roundTripsOf(operation: () => Promise<unknown>): Promise<number> {
  const before = roundTrips;
  await operation();
  return roundTrips - before;
}

/** The calls one run of `operation` makes (nothing else runs meanwhile), grouped by round trip, in order. */
async function recordedRounds(operation: () => Promise<unknown>): Promise<DocumentCommand[][]> {
  const calls: NonNullable<typeof recording> = [];
  recording = calls;
  try {
    await operation();
  } finally {
    recording = undefined;
  }
  const rounds = new Map<number, DocumentCommand[]>();
  for (const { command, round } of calls) rounds.set(round, [...(rounds.get(round) ?? []), command]);
  return [...rounds.values()];
}

/**
 * The raw baseline of a route: per index, the DynamoDB calls its handler made for that index (recorded one run at a
 * time), sent again straight with the SDK, each round trip's calls together and the round trips one after another:
 * the same items, read and written the same way, with none of our code around them. A replayed write whose condition
 * now fails (a first completion written again) costs DynamoDB the same evaluation, so its refusal is ignored.
 */
async function replayOf(client: DynamoDBDocumentClient, count: number, handler: (index: number) => Promise<unknown>) {
  const plans: DocumentCommand[][][] = [];
  for (let index = 0; index < count; index++) plans.push(await recordedRounds(() => handler(index)));
  const again = (command: DocumentCommand) => new (command.constructor as new (input: unknown) => DocumentCommand)(command.input);
  return async (index: number) => {
    for (const round of plans[index % plans.length]!) {
      await Promise.all(round.map((command) => client.send(again(command)).catch((error: Error) => {
        if (error.name !== 'ConditionalCheckFailedException' && error.name !== 'TransactionCanceledException') throw error;
      })));
    }
  };
}

interface Figure {
  label: string;
  /** Through HTTP: the local server, its token check, the handler. */
  app: number;
  /** The handler alone, as a warm Lambda runs it. */
  handler?: number;
  /** The baseline: the same items read (and written) straight with the SDK, in the same round trips where the route's target asks it. */
  raw: number;
  calls: number | string;
  /** The handler's DynamoDB round trips, where the issue sets a target on them. */
  rounds?: string;
  /**
   * The handler and its raw calls one request at a time, in alternating rounds (a Lambda serves one request at a time;
   * handlers in parallel in this process would share BatchGetItems, which their raw calls do not): issue 42's ratio.
   */
  alone?: [handler: number, raw: number];
}

type LambdaHandler = (event: ReturnType<typeof apiEvent>) => Promise<{ statusCode?: number; body?: string }>;

/** Calls a route's handler in this process with the event API Gateway would hand its Lambda (the same code). */
async function inLambda(name: RouteName, token: TokenSpec, pathParameters: Record<string, string>, options: { query?: Record<string, string>; body?: unknown } = {}) {
  const file = path.resolve(__dirname, '../functions/src', `${routeDeployment[name].handler}.ts`);
  const { handler } = (await import(file)) as { handler: LambdaHandler };
  const event = { ...apiEvent(routes[name], { token, pathParameters, body: options.body }), queryStringParameters: options.query };
  // What CloudFront adds in front of every request (the local stack sets the secret in this process's environment).
  event.headers[ORIGIN_VERIFY_HEADER] = process.env.ORIGIN_VERIFY_SECRET ?? '';
  const result = await handler(event);
  if ((result.statusCode ?? 200) >= 300) throw new Error(`${name} answered ${result.statusCode}: ${result.body}`);
  return result;
}

/**
 * What any API request costs here before its use case reads anything: HTTP, the token check, the caller's rate-limit
 * write and access-record read, the handler. Measured with a student asking for another
 * student's classes (refused with 403 before any read): printed so the app/raw ratios can be read without it.
 */
let requestFloor = 0;

async function main() {
  const stack = await startLocalStack({ dataDir: BENCH_DIR, seed: false, log: (line) => console.log(line), callerRateLimit: TEST_CALLER_RATE_LIMIT });
  const context = localTableContext(stack.config);
  try {
    console.log(`School-scale benchmark (node ${process.version}), local stack in ${path.relative(process.cwd(), BENCH_DIR)}/`);
    const school = await benchSchool(stack.config, context, (line) => console.log(line));
    console.log(
      `Students who sign in are real users (${BENCH_REAL_STUDENTS} per class); the rest are synthetic ids written straight to the table, bypassing Cognito (no route is called as them).`,
    );
    const token = (email: string, password: string) => signIn(stack.config, email, password);
    const teacherToken = await token(school.teacher.email, school.teacher.password);
    const call = async (accessToken: string, method: string, url: string, body?: unknown) => {
      const response = await fetch(`${stack.config.apiUrl}${url}`, {
        method,
        headers: { authorization: `Bearer ${accessToken}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      const text = await response.text();
      if (!response.ok) throw new Error(`${method} ${url} answered ${response.status}: ${text}`);
      return JSON.parse(text) as Record<string, unknown>;
    };
    const raw = rawReads(context, school);

    const firstStudent = school.classes[0]!.students[0]!;
    const floorToken = await token(firstStudent.email, firstStudent.password);
    const refused = () =>
      fetch(`${stack.config.apiUrl}/api/classes/student/${school.teacher.userId}`, { headers: { authorization: `Bearer ${floorToken}` } }).then((answer) => answer.text());
    // The floor's first part: the local server and fetch alone, a request without a token refused before any handler.
    // Both timed in alternating rounds, so a busy moment of the machine (the stack's start-up work) weighs on both alike.
    const unauthenticated = () => fetch(`${stack.config.apiUrl}/api/classes/student/${school.teacher.userId}`).then((answer) => answer.text());
    await median(10, 1, refused);
    const [floor, serverAlone] = await alternating(RUNS.floor, 1, refused, unauthenticated);
    requestFloor = floor;
    console.log(`Request floor (an authenticated request refused before any read): ${requestFloor.toFixed(1)} ms median (target ≤ 2 ms), ${await callsOf(refused)} DynamoDB calls.`);
    console.log(`  of which the local server and the client alone (no token: 401 before any handler): ${serverAlone.toFixed(1)} ms median.`);

    const results = new Map<number, Figure[]>();
    const actionsBySize = new Map<number, StudentActions>();
    for (const benchClass of school.classes) {
      const studentTokens = await Promise.all(benchClass.students.map((student) => token(student.email, student.password)));
      const { figures, actions } = await measureClass(benchClass, school, studentTokens, teacherToken, call, raw);
      results.set(benchClass.size, figures);
      actionsBySize.set(benchClass.size, actions);
      printClass(benchClass.size, figures);
    }
    printTargets(results);
    await printSizeComparison(actionsBySize.get(CLASS_SIZES[0])!, actionsBySize.get(CLASS_SIZES.at(-1)!)!);
    console.log(`\nLargest item in the table: ${(await largestItem(context)).toFixed(1)} KB (target: none over 100 KB).`);
  } finally {
    context.client.destroy();
    await stack.stop();
  }
}

type Call = (token: string, method: string, url: string, body?: unknown) => Promise<Record<string, unknown>>;

async function measureClass(
  benchClass: BenchClass,
  school: BenchSchool,
  studentTokens: string[],
  teacherToken: string,
  call: Call,
  raw: ReturnType<typeof rawReads>,
): Promise<{ figures: Figure[]; actions: StudentActions }> {
  const { classId, students, size } = benchClass;
  const moduleAt = (index: number) => school.moduleIds[index % MODULES]!;
  // Every section but the last: write-units.ts puts a check on one module's last section, which cannot be marked.
  const sectionAt = (index: number) => school.sectionIds(moduleAt(index))[Math.floor(index / MODULES) % (SECTIONS - 1)]!;
  const student = (index: number) => ({ id: students[index % students.length]!.userId, token: studentTokens[index % students.length]! });
  const reportPage = (cursor?: string) =>
    call(teacherToken, 'GET', `/api/progress/class/${classId}?limit=${PAGE}${cursor ? `&cursor=${cursor}` : ''}`);
  const fullReport = async () => {
    let cursor: string | undefined;
    let pages = 0;
    do {
      cursor = (await reportPage(cursor)).next as string | undefined;
      pages += 1;
    } while (cursor);
    return pages;
  };

  const getModule = (index: number) => call(student(index).token, 'GET', `/api/modules/${moduleAt(index)}?classId=${classId}`);
  const asStudent = (index: number): TokenSpec => ({ sub: student(index).id, groups: ['Students'] });
  const asTeacher: TokenSpec = { sub: school.teacher.userId, groups: ['Teachers'] };
  const handlerGetModule = (index: number) => inLambda('getModule', asStudent(index), { id: moduleAt(index) }, { query: { classId } });
  const mark = (index: number) =>
    call(student(index).token, 'POST', '/api/progress/mark-complete', {
      studentId: student(index).id,
      classId,
      moduleId: moduleAt(index),
      sectionId: sectionAt(index),
    });
  const getProgress = (index: number) => call(student(index).token, 'GET', `/api/progress/${student(index).id}/${moduleAt(index)}/${classId}`);
  const handlerMark = (index: number) =>
    inLambda('markComplete', asStudent(index), {}, { body: { studentId: student(index).id, classId, moduleId: moduleAt(index), sectionId: sectionAt(index) } });
  const handlerGetProgress = (index: number) =>
    inLambda('getProgress', asStudent(index), { studentId: student(index).id, moduleId: moduleAt(index), classId });
  const handlerReportPage = () => inLambda('getClassReport', asTeacher, { classId }, { query: { limit: String(PAGE) } });

  // Warm the handlers and the twin's caches for this class.
  await median(10, 1, (index) => Promise.all([getModule(index), getProgress(index), reportPage()]));
  await median(10, 1, (index) => Promise.all([handlerGetModule(index), handlerGetProgress(index), handlerReportPage()]));

  // A first completion: the section is undone first (it is complete after the runs above), then marked again.
  const handlerUndo = (index: number) =>
    inLambda('markComplete', asStudent(index), {}, { body: { studentId: student(index).id, classId, moduleId: moduleAt(index), sectionId: sectionAt(index), completed: false } });
  const firstCompletionRounds = async (index: number) => {
    await handlerUndo(index);
    return roundTripsOf(() => handlerMark(index));
  };

  const [replayGetModule, replayMark] = [await replayOf(raw.client, RUNS.single, handlerGetModule), await replayOf(raw.client, RUNS.marks, handlerMark)];
  const figures: Figure[] = [];
  figures.push({
    label: 'student GET module (?classId=)',
    app: await median(RUNS.single, 1, getModule),
    handler: await median(RUNS.single, 1, handlerGetModule),
    raw: await median(RUNS.single, 1, replayGetModule),
    calls: await callsOf(() => getModule(0)),
    rounds: String(await roundTripsOf(() => handlerGetModule(0))),
    alone: await alternating(RUNS.single, 1, handlerGetModule, replayGetModule),
  });
  figures.push({
    label: `mark-complete (${BENCH_REAL_STUDENTS} students in parallel)`,
    app: await median(RUNS.marks, BENCH_REAL_STUDENTS, mark),
    handler: await median(RUNS.marks, BENCH_REAL_STUDENTS, handlerMark),
    raw: await median(RUNS.marks, BENCH_REAL_STUDENTS, replayMark),
    calls: await callsOf(() => mark(0)),
    rounds: `${await firstCompletionRounds(0)} first, ${await roundTripsOf(() => handlerMark(0))} repeated`,
    alone: await alternating(RUNS.single, 1, handlerMark, replayMark),
  });
  figures.push({
    label: 'get-progress',
    app: await median(RUNS.single, 1, getProgress),
    handler: await median(RUNS.single, 1, handlerGetProgress),
    raw: await median(RUNS.single, 1, (index) => raw.getItem(keys.progress(classId, moduleAt(index), student(index).id))),
    calls: await callsOf(() => getProgress(0)),
  });
  const pageStudents = Math.min(PAGE, size);
  figures.push({
    label: `report page (${pageStudents} students)`,
    app: await median(RUNS.reportPage, 1, () => reportPage()),
    handler: await median(RUNS.reportPage, 1, handlerReportPage),
    raw: await median(RUNS.reportPage, 1, () => raw.reportPage(classId)),
    calls: await callsOf(() => reportPage()),
  });
  let pages = 0;
  const fullCalls = await callsOf(async () => {
    pages = await fullReport();
  });
  const fullRaw = await median(RUNS.fullReport, 1, () => raw.fullReport(classId));
  figures.push({
    label: `full report (${pages} page${pages === 1 ? '' : 's'})`,
    app: await median(RUNS.fullReport, 1, fullReport),
    raw: fullRaw,
    calls: `${fullCalls} (${(fullCalls / pages).toFixed(0)}/page)`,
  });
  // The whole report in one answer, from the rows kept as students work: asked again while the API still computes
  // rows. The first download computes the rows the seed left out (a school seeded in this run; a reused one had them
  // prepared by the stack's start-up migration); then only the rows of students who worked since (each of
  // BENCH_REAL_STUDENTS undoes a section); then none.
  const download = async () => {
    let asks = 0;
    do asks += 1;
    while (!(await call(teacherToken, 'GET', `/api/progress/class/${classId}/download`)).ready);
    return asks;
  };
  let asks = 0;
  const first = await median(1, 1, async () => (asks = await download()));
  await Promise.all(Array.from({ length: BENCH_REAL_STUDENTS }, (_, index) => handlerUndo(index)));
  const afterWork = await median(1, 1, download);
  const downloadCalls = await callsOf(download);
  figures.push({ label: `download, first (${asks} answer${asks === 1 ? '' : 's'})`, app: first, raw: fullRaw, calls: '–' });
  figures.push({ label: `download, after ${BENCH_REAL_STUDENTS} students worked`, app: afterWork, raw: fullRaw, calls: '–' });
  figures.push({ label: 'download, rows kept', app: await median(RUNS.fullReport, 1, download), raw: fullRaw, calls: downloadCalls });
  return {
    figures,
    actions: [
      { label: 'student GET module (?classId=)', inFlight: 1, http: getModule, handler: handlerGetModule },
      { label: `mark-complete (${BENCH_REAL_STUDENTS} students in parallel)`, inFlight: BENCH_REAL_STUDENTS, http: mark, handler: handlerMark },
      { label: 'get-progress', inFlight: 1, http: getProgress, handler: handlerGetProgress },
    ],
  };
}

/** A student action of one class, through HTTP and as its handler, for the class-size comparison. */
type StudentActions = { label: string; inFlight: number; http: (index: number) => Promise<unknown>; handler: (index: number) => Promise<unknown> }[];

/**
 * Medians of two operations timed in alternating rounds of `inFlight` at a time, so that both see the same load: the
 * classes measured one after the other above can see a busier or quieter machine, which moves their ratio.
 */
async function alternating(rounds: number, inFlight: number, first: (index: number) => Promise<unknown>, second: (index: number) => Promise<unknown>) {
  const latencies: [number[], number[]] = [[], []];
  let index = 0;
  const round = (operation: (index: number) => Promise<unknown>, into: number[]) =>
    Promise.all(
      Array.from({ length: inFlight }, async () => {
        const at = index++;
        const begin = performance.now();
        await operation(at);
        into.push(performance.now() - begin);
      }),
    );
  for (let count = 0; count < rounds; count++) {
    await round(first, latencies[0]);
    await round(second, latencies[1]);
  }
  const medianOf = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!;
  return latencies.map(medianOf) as [number, number];
}

async function printSizeComparison(small: StudentActions, large: StudentActions) {
  console.log(`\nStudent actions, ${CLASS_SIZES.at(-1)!.toLocaleString('en')}-student class against ${CLASS_SIZES[0]}-student class, timed in alternating rounds (target ≤ 1.2×)`);
  for (const [index, action] of small.entries()) {
    const other = large[index]!;
    const rounds = action.inFlight === 1 ? RUNS.single : RUNS.marks / action.inFlight;
    const [smallHandler, largeHandler] = await alternating(rounds, action.inFlight, action.handler, other.handler);
    const [smallHttp, largeHttp] = await alternating(rounds, action.inFlight, action.http, other.http);
    console.log(
      `  ${action.label.padEnd(44)} ${(largeHandler / smallHandler).toFixed(2)}× as the handler (${largeHandler.toFixed(1)} / ${smallHandler.toFixed(1)} ms), ${(largeHttp / smallHttp).toFixed(2)}× through HTTP (${largeHttp.toFixed(1)} / ${smallHttp.toFixed(1)} ms)`,
    );
  }
}

/** The baselines: the same items read or written straight with the SDK. */
function rawReads(context: TableContext, school: BenchSchool) {
  const { client, tableName } = context;
  const table = makeTableAccess(context);
  const getItem = (Key: Key) => client.send(new GetCommand({ TableName: tableName, Key, ConsistentRead: true }));
  /** The reads of one report page: the class item; the modules and one roster page; every progress item of the page. */
  const reportPage = async (classId: string, after?: string) => {
    await getItem(keys.classMeta(classId));
    const [, roster] = await Promise.all([
      table.batchGet(school.moduleIds.map(keys.module)),
      table.queryPage<{ studentId: string }>(queries.rosterOfClass(classId), { limit: PAGE, after }),
    ]);
    await table.batchGetInParallel(roster.items.flatMap((each) => school.moduleIds.map((module) => keys.progress(classId, module, each.studentId))));
    return roster.lastSortKey;
  };
  return {
    client,
    getItem,
    reportPage,
    fullReport: async (classId: string) => {
      let after: string | undefined;
      do after = await reportPage(classId, after);
      while (after);
    },
  };
}

/** The largest item's size as DynamoDB counts it, near enough: its JSON with sets as lists. */
async function largestItem({ client, tableName }: TableContext): Promise<number> {
  let largest = 0;
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await client.send(new ScanCommand({ TableName: tableName, ExclusiveStartKey }));
    for (const item of page.Items ?? []) {
      const bytes = Buffer.byteLength(JSON.stringify(item, (_key, value) => (value instanceof Set ? [...value] : value)));
      largest = Math.max(largest, bytes);
    }
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return largest / 1024;
}

function printClass(size: number, figures: Figure[]) {
  const ms = (value: number | undefined) => (value === undefined ? '–' : `${value.toFixed(1)} ms`).padStart(11);
  const times = (value: number | undefined, raw: number) => (value === undefined ? '–' : `${(value / raw).toFixed(2)}×`).padStart(12);
  console.log(`\nClass of ${size.toLocaleString('en')} students × ${MODULES} modules × ${SECTIONS} sections (medians)`);
  console.log(`${'operation'.padEnd(44)}${'HTTP'.padStart(11)}${'handler'.padStart(11)}${'raw'.padStart(11)}${'HTTP/raw'.padStart(12)}${'handler/raw'.padStart(12)}   DynamoDB calls`);
  for (const { label, app, handler, raw, calls } of figures) {
    console.log(`${label.padEnd(44)}${ms(app)}${ms(handler)}${ms(raw)}${times(app, raw)}${times(handler, raw)}   ${calls}`);
  }
}

function printTargets(results: Map<number, Figure[]>) {
  const small = results.get(CLASS_SIZES[0])!;
  const large = results.get(CLASS_SIZES.at(-1)!)!;
  console.log('\nTargets (issue 13)');
  for (const index of [0, 1, 2]) {
    const http = large[index]!.app / small[index]!.app;
    const handler = large[index]!.handler! / small[index]!.handler!;
    console.log(
      `  ${large[index]!.label.padEnd(44)} 5,000-student class / 30-student class = ${handler.toFixed(2)}× as the handler, ${http.toFixed(2)}× through HTTP, measured minutes apart (the alternating figures below are the target's)`,
    );
  }
  for (const size of CLASS_SIZES) {
    const [, , , page] = results.get(size)!;
    console.log(`  class of ${String(size).padEnd(5)} report page / its raw reads = ${(page!.handler! / page!.raw).toFixed(2)}× as the handler (target ≤ 1.3×), ${(page!.app / page!.raw).toFixed(2)}× through HTTP`);
  }
  for (const size of CLASS_SIZES) {
    const downloads = results.get(size)!.filter((figure) => figure.label.startsWith('download'));
    const seconds = (figure: Figure) => `${(figure.app / 1000).toFixed(2)} s`;
    console.log(
      `  class of ${String(size).padEnd(5)} whole report downloaded: ${downloads.map((figure) => `${figure.label.slice('download, '.length)} ${seconds(figure)}`).join('; ')} (target ≤ 2 s; reading every progress item raw: ${(downloads[0]!.raw / 1000).toFixed(2)} s)`,
    );
  }
  console.log(`  Every HTTP figure includes the request floor above (${requestFloor.toFixed(1)} ms): the local server, the token check (API Gateway's JWT authorizer in the cloud, outside the Lambda).`);
  console.log(
    "\nTargets (issue 42): a student's module read and mark-complete against the raw calls of the same items in the same round trips (the handler's own DynamoDB calls, recorded and sent again straight with the SDK), one request at a time in alternating rounds",
  );
  console.log(`  request floor ${requestFloor.toFixed(1)} ms (target ≤ 2 ms)`);
  for (const size of CLASS_SIZES) {
    const [getModule, mark] = results.get(size)!;
    const ratio = ({ alone }: Figure) => `${(alone![0] / alone![1]).toFixed(2)}× as the handler (${alone![0].toFixed(1)} / ${alone![1].toFixed(1)} ms; target ≤ 1.5×)`;
    console.log(`  class of ${String(size).padEnd(5)} student GET module ${ratio(getModule!)}; mark-complete ${ratio(mark!)}`);
    console.log(`  ${' '.repeat(15)} round trips: student GET module ${getModule!.rounds} (target ≤ 2), mark-complete ${mark!.rounds} (target ≤ 2)`);
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
