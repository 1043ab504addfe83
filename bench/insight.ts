// `npm run bench` (second part): teacher insight at the issue's scale, a class of 200 students × 20 modules × 10
// sections with progress spread over 30 days, on the local stack. Prints the report's p50/p95 (whole, and the page of
// 100 students the web reads), the dashboard's per-class completion and engagement read, the module drill-down's p50,
// the CSV export's generation time, the bells' p50, and the DynamoDB calls of each next to the targets.
// Asserts nothing.
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { performance } from 'node:perf_hooks';
import { makeClassRepository } from '../functions/src/classes/adapters/class-repository';
import { makeModuleRepository } from '../functions/src/modules/adapters/module-repository';
import { makeAttemptRepository } from '../functions/src/checks/adapters/attempt-repository';
import { makeCheckRepository } from '../functions/src/checks/adapters/check-repository';
import { makeNoticeRepository } from '../functions/src/notifications/adapters/notice-repository';
import { makePathOverrideRepository } from '../functions/src/paths/adapters/path-override-repository';
import { makePeopleIndexRepository } from '../functions/src/people/adapters/people-index-repository';
import { makeProgressRepository } from '../functions/src/progress/adapters/progress-repository';
import { makeNotificationService } from '../functions/src/notifications/notifications';
import { reportBudget } from '../functions/src/platform/report-budget';
import { makeReportService } from '../functions/src/reports/reports';
import { systemClock } from '../functions/src/composition/system';
import { localTableStores } from '@local/table-stores';
import { LOCAL_CREDENTIALS } from '@local/stack-config';
import { createLargeClass } from '../test/e2e/support/large-class';
import { startWorld } from '../test/integration/support/world';
import { matrixCsv, moduleDrillDownCsv } from '../web/src/features/progress/utils/report-csv';

const RUNS = 30;

async function timings(runs: number, operation: () => Promise<unknown> | unknown): Promise<number[]> {
  const latencies: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const begin = performance.now();
    await operation();
    latencies.push(performance.now() - begin);
  }
  return latencies.sort((a, b) => a - b);
}

/**
 * A GET as the browser makes it: the answer's bytes received and decoded, not checked against the contract's schema
 * (the integration tests' world.ok does that, which costs the bench process ~100 ms on a 3 MB report).
 */
async function get(path: string, token: string): Promise<number> {
  const response = await fetch(`${apiUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`GET ${path}: ${response.status}`);
  return (await response.text()).length;
}
let apiUrl = '';

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!.toFixed(1);

function line(label: string, sorted: number[], target: string, calls: number | string) {
  console.log(
    `${label.padEnd(56)} p50 ${quantile(sorted, 0.5).padStart(7)} ms  p95 ${quantile(sorted, 0.95).padStart(7)} ms  ` +
      `target ${target.padEnd(9)} DynamoDB calls ${calls}`,
  );
}

async function main() {
  const world = await startWorld();
  apiUrl = world.config.apiUrl;
  const stores = localTableStores(world.config);
  // The same use cases over a client that counts its requests: the DynamoDB calls each read makes (calls sent at
  // once share a round trip; report-round-trips.test.ts asserts the round trips).
  let requests = 0;
  const client = DynamoDBDocumentClient.from(
    new DynamoDBClient({ endpoint: world.config.dynamodb.endpoint, region: world.config.region, credentials: LOCAL_CREDENTIALS }),
  );
  client.middlewareStack.add((next) => (args) => ((requests += 1), next(args)), { step: 'initialize', name: 'countRequests' });
  const context = { client, tableName: world.config.dynamodb.table };
  const counted = {
    classes: makeClassRepository(context),
    modules: makeModuleRepository(context),
    progress: makeProgressRepository(context),
    overrides: makePathOverrideRepository(context),
  };
  const reports = makeReportService({ ...counted, checks: makeCheckRepository(context), attempts: makeAttemptRepository(context), people: makePeopleIndexRepository(context), budget: reportBudget, clock: systemClock });
  const notifications = makeNotificationService({ classes: counted.classes, modules: counted.modules, notices: makeNoticeRepository(context), clock: systemClock });
  const callsOf = async (operation: () => Promise<unknown>) => {
    requests = 0;
    await operation();
    return requests;
  };

  try {
    console.log('Teacher insight benchmark: seeding 200 students × 20 modules × 10 sections (this takes a few minutes)...');
    const seeded = performance.now();
    const large = await createLargeClass(stores, {
      teacherId: world.teacher.userId,
      teacherName: world.teacher.name,
      sectionsPerModule: 10,
      className: 'Insight bench (200 students)',
    });
    console.log(`Seeded in ${((performance.now() - seeded) / 1000).toFixed(0)} s.`);
    const teacher = { userId: world.teacher.userId, roles: ['Teachers' as const] };
    const classId = large.classId;
    const klass = await world.ok('getClass', { as: world.teacher, params: { classId } });
    const firstModule = (klass.assignedModuleIds as { _id: string; title: string }[])[0]!;

    const token = world.teacher.accessToken;
    const report = await world.ok('getClassReport', { as: world.teacher, params: { classId } });
    const kilobytes = async (path: string) => `${Math.round((await get(path, token)) / 1024)} KB`;
    line(
      `GET /api/progress/class/{id} (report, ${await kilobytes(`/api/progress/class/${classId}`)})`,
      await timings(RUNS, () => get(`/api/progress/class/${classId}`, token)),
      '≤ 300 ms',
      await callsOf(() => reports.classReport(teacher, classId)),
    );
    // Where the report's time goes: the use case alone (DynamoDB reads and rows, no HTTP, no JSON).
    line('  the same, use case only (no HTTP)', await timings(RUNS, () => reports.classReport(teacher, classId)), '—', '');
    line('  of which the progress Query (4,000 items)', await timings(RUNS, () => counted.progress.listProgressOfClass(classId)), '—', '');
    // What the web reads: pages of 100 students, the second asked for as the teacher scrolls (or for the summary).
    line(
      `GET .../class/{id}?limit=100 (page, ${await kilobytes(`/api/progress/class/${classId}?limit=100`)})`,
      await timings(RUNS, () => get(`/api/progress/class/${classId}?limit=100`, token)),
      '≤ 300 ms',
      await callsOf(() => reports.classReportPage(teacher, classId, { limit: 100 })),
    );
    line(
      'GET .../class/{id}/completion (dashboard)',
      await timings(RUNS, () => get(`/api/progress/class/${classId}/completion`, token)),
      '—',
      await callsOf(() => reports.classCompletion(teacher, classId)),
    );
    const drillDown = await world.ok('getModuleReport', { as: world.teacher, params: { classId, moduleId: firstModule._id } });
    line(
      'GET .../class/{id}/module/{id} (drill-down)',
      await timings(RUNS, () => get(`/api/progress/class/${classId}/module/${firstModule._id}`, token)),
      '≤ 150 ms',
      await callsOf(() => reports.moduleReport(teacher, classId, firstModule._id)),
    );
    const columns = (klass.assignedModuleIds as { _id: string; title: string }[]).map((module) => ({ moduleId: module._id, title: module.title }));
    line('CSV of the report (200 × 20), generated', await timings(RUNS, () => matrixCsv(report, columns)), '≤ 1 s', 0);
    line('CSV of a drill-down (200 × 10), generated', await timings(RUNS, () => moduleDrillDownCsv(drillDown)), '≤ 1 s', 0);
    line(
      'GET /api/notifications (teacher bell)',
      await timings(RUNS, () => get('/api/notifications', token)),
      '—',
      await callsOf(() => notifications.bell(teacher)),
    );
    const student = { userId: world.student.userId, roles: ['Students' as const] };
    line(
      'GET /api/notifications (student bell)',
      await timings(RUNS, () => get('/api/notifications', world.student.accessToken)),
      '—',
      await callsOf(() => notifications.bell(student)),
    );
  } finally {
    stores.destroy();
    client.destroy();
    await world.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
