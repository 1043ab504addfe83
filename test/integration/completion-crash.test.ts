// A crash in the middle of a burst of completions or of passing attempts leaves the class's counters equal to its
// progress items, and every stored attempt with its score and the completion it earned, with no migration run: a local
// stack runs in a child process on a data directory, 20 students mark 10 sections each (or pass a check) at once, the
// process is killed (SIGKILL) while requests are in flight, and the data is opened again with only the DynamoDB twin
// (npm start would recount on start; this reads what the crash left).
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { startDatabase, type DatabaseTwin } from '@local/database';
import { localTableStores } from '@local/table-stores';
import type { StackConfig } from '@local/stack-config';
import { SINGLE_UPLOAD_HEADERS } from '../../shared/constants';
import { utcDay } from '../../shared/report-insight';
import { createUser, signInTokens } from './harness';
import { MEDIA, pdfBytes } from './support/world';

jest.setTimeout(180_000);

const STUDENTS = 20;
const SECTIONS = 10;
/** The process is killed when this many of the 200 marks have been answered. */
const KILL_AFTER_ANSWERS = 50;
/** ...and when this many of the 20 passing attempts have been answered. */
const KILL_AFTER_ATTEMPTS = 5;
const PASSWORD = 'Crash-test-pass-1';
const CLASS_ID = 'crash-class';

let dataDir: string;
let child: ChildProcess | undefined;
let database: DatabaseTwin | undefined;

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'crash-stack-'));
});
afterEach(async () => {
  child?.kill('SIGKILL');
  child = undefined;
  await database?.close();
  database = undefined;
  await rm(dataDir, { recursive: true, force: true });
});

/** Starts the stack process (node with tsx, no wrapper process that a SIGKILL would orphan) and waits for its config. */
async function startStackProcess(): Promise<StackConfig> {
  const script = path.join(__dirname, 'support', 'stack-process.ts');
  child = spawn(process.execPath, ['--import', 'tsx', script, dataDir], { stdio: ['ignore', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout! });
  return new Promise((resolve, reject) => {
    child!.once('exit', (code) => reject(new Error(`The stack process exited (${code}) before it was ready.`)));
    lines.on('line', (line) => {
      if (line.startsWith('READY ')) resolve(JSON.parse(line.slice('READY '.length)) as StackConfig);
    });
  });
}

/** A stack process with a teacher, a class of STUDENTS students and a module of `sections` sections assigned to it. */
async function crashWorld(sections: number) {
  const config = await startStackProcess();
  const api = async (token: string, method: string, url: string, body?: unknown) => {
    const response = await fetch(`${config.apiUrl}${url}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${url} answered ${response.status}: ${await response.text()}`);
    return response.status === 204 ? undefined : ((await response.json()) as Record<string, unknown>);
  };

  // One at a time: the identity twin keeps a pool in one file.
  const signedIn = async (email: string, role: 'Teachers' | 'Students', name: string) => {
    const { userId } = await createUser(config, { email, password: PASSWORD, role, name });
    return { userId, name, email, token: (await signInTokens(config, email, PASSWORD)).accessToken };
  };
  const teacher = await signedIn('crash-teacher@example.com', 'Teachers', 'Tess Teacher');
  const students = [];
  for (let index = 0; index < STUDENTS; index++) students.push(await signedIn(`crash-student-${index}@example.com`, 'Students', `Student ${index}`));

  const stores = localTableStores(config);
  try {
    await stores.rosters.insertClass({ classId: CLASS_ID, className: 'Crash class', teacherId: teacher.userId, teacherName: teacher.name });
    for (const { userId, name, email } of students) await stores.rosters.enrollStudent(CLASS_ID, { studentId: userId, name, email });
  } finally {
    stores.destroy();
  }
  const bytes = pdfBytes('crash');
  const ticket = await api(teacher.token, 'POST', '/api/uploads', { fileName: 'crash.pdf', contentType: MEDIA.pdf, size: bytes.length });
  const put = await fetch(String(ticket!.uploadUrl), { method: 'PUT', headers: { 'content-type': MEDIA.pdf, ...SINGLE_UPLOAD_HEADERS }, body: bytes });
  expect(put.status).toBe(200);
  const sectionList = Array.from({ length: sections }, (_, index) => ({ title: `Section ${index + 1}`, contentUrl: ticket!.contentUrl }));
  const module = (await api(teacher.token, 'POST', '/api/modules', { title: 'Crash course', description: 'About it', sections: sectionList })) as {
    _id: string;
    sections: { _id: string }[];
  };
  await api(teacher.token, 'PUT', `/api/classes/${CLASS_ID}/assign-module`, { moduleId: module._id });
  return { config, api, teacher, students, module };
}

/** Sends every request at once and kills the process once `killAfter` have been answered; answers how many failed. */
async function burstKilledAfter(requests: (() => Promise<unknown>)[], killAfter: number): Promise<number> {
  let answered = 0;
  let failed = 0;
  const exited = new Promise((resolve) => child!.once('exit', resolve));
  await Promise.all(
    requests.map((request) =>
      request().then(
        () => {
          answered += 1;
          if (answered === killAfter) child!.kill('SIGKILL');
        },
        () => {
          failed += 1;
        },
      ),
    ),
  );
  await exited;
  child = undefined;
  return failed;
}

/** The data as the crash left it, read with the DynamoDB twin alone (no start-up recount). */
async function tablesAfterCrash(config: StackConfig) {
  database = await startDatabase({ directory: path.join(dataDir, 'dynamodb'), host: '127.0.0.1', port: 0 });
  return localTableStores({ region: config.region, credentials: config.credentials, dynamodb: { endpoint: database.endpoint, table: config.dynamodb.table } });
}

it('keeps every counter equal to the progress items when the process is killed mid-burst', async () => {
  const { config, api, students, module } = await crashWorld(SECTIONS);
  // The burst: every student marks every section at once; the process dies when 50 answers are in.
  const failed = await burstKilledAfter(
    students.flatMap((student) =>
      module.sections.map(({ _id: sectionId }) => () =>
        api(student.token, 'POST', '/api/progress/mark-complete', { studentId: student.userId, classId: CLASS_ID, moduleId: module._id, sectionId }),
      ),
    ),
    KILL_AFTER_ANSWERS,
  );
  // Requests were still in flight when it died.
  expect(failed).toBeGreaterThan(0);

  const after = await tablesAfterCrash(config);
  try {
    const items = (await after.progress.listProgressOfClass(CLASS_ID, module._id)).filter((item) => item.completedSections.length > 0);
    const completions = items.flatMap((item) => item.completedSections);
    expect(completions.length).toBeGreaterThanOrEqual(KILL_AFTER_ANSWERS);

    const [counter] = await after.progress.listCompletionCounters(CLASS_ID);
    const bySection = Object.fromEntries(
      module.sections.map(({ _id }) => [_id, completions.filter((sectionId) => sectionId === _id).length] as const).filter(([, count]) => count > 0),
    );
    expect(counter).toEqual({ moduleId: module._id, completions: completions.length, bySection, startedStudents: items.length });

    // Every student with a completion is among that day's active students.
    const days = [...new Set(items.flatMap((item) => Object.values(item.completedAt ?? {}).map(utcDay)))];
    expect((await after.progress.listActiveStudents(CLASS_ID, days)).sort()).toEqual(items.map((item) => item.studentId).sort());
  } finally {
    after.destroy();
  }
});

it('keeps every stored attempt with its score and the completion it earned when the process is killed mid-burst of passing attempts', async () => {
  const { config, api, teacher, students, module } = await crashWorld(1);
  const sectionId = module.sections[0]!._id;
  const checkPath = `/api/modules/${module._id}/sections/${sectionId}/check`;
  await api(teacher.token, 'PUT', checkPath, {
    passMark: 50,
    maxAttempts: null,
    showCorrectness: false,
    showAnswers: false,
    questions: [{ id: 'q1', kind: 'truefalse', prompt: 'Cells have a membrane.', answer: true }],
  });

  // The burst: every student passes the check at once; the process dies when 5 answers are in.
  const failed = await burstKilledAfter(
    students.map((student) => () => api(student.token, 'POST', `${checkPath}/attempts`, { attemptId: randomUUID(), classId: CLASS_ID, answers: { q1: true } })),
    KILL_AFTER_ATTEMPTS,
  );
  expect(failed).toBeGreaterThan(0);

  const after = await tablesAfterCrash(config);
  try {
    const stored = (await Promise.all(students.map((student) => after.attempts.listAttempts(CLASS_ID, module._id, sectionId, student.userId)))).flat();
    expect(stored.length).toBeGreaterThanOrEqual(KILL_AFTER_ATTEMPTS);
    const attempted = stored.map((attempt) => attempt.studentId).sort();

    // Every stored attempt has its score and its completion; nobody else has either.
    const scores = await after.attempts.listScoresOfClass(CLASS_ID, module._id);
    expect(scores.map((score) => [score.studentId, score.bySection[sectionId]]).sort()).toEqual(
      attempted.map((studentId) => [studentId, { bestPercent: 100, attempts: 1, passed: true }]),
    );
    const completed = (await after.progress.listProgressOfClass(CLASS_ID, module._id)).filter((item) => item.completedSections.includes(sectionId));
    expect(completed.map((item) => item.studentId).sort()).toEqual(attempted);
    expect(await after.progress.listCompletionCounters(CLASS_ID)).toEqual([
      { moduleId: module._id, completions: stored.length, bySection: { [sectionId]: stored.length }, startedStudents: stored.length },
    ]);
    expect(await after.attempts.getScoreTotals(CLASS_ID)).toEqual({ [module._id]: { [sectionId]: { sum: 100 * stored.length, count: stored.length } } });
    // The module had one section: each of them finished it.
    const finishes = await Promise.all(attempted.map((studentId) => after.notices.finishedModules(studentId)));
    expect(finishes.map((list) => list.length)).toEqual(attempted.map(() => 1));
  } finally {
    after.destroy();
  }
});
