// `npm run bench` (fourth part): scored checks on a fresh local stack. Prints, next to the issue's targets:
// - submit-attempt p50 beside mark-complete p50 (target ≤ 1.5×), one request at a time through HTTP, timed in
//   alternating runs (as are the reports): first
//   completions of sections without a check, and failing attempts at a check (unlimited attempts);
// - the class report with scores (200 students × 20 modules × 10 checks, every student with a best score on every
//   check) beside the same class's report without checks (target ≤ 1.3×): every page, as the web reads it.
// Asserts nothing.
import '../local/quiet-aws-sdk-notices';
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { keys, makeTableAccess } from '../functions/src/table/table';
import { encodeStandings } from '../functions/src/progress/adapters/score-attributes';
import { localTableContext, localTableStores } from '@local/table-stores';
import { createLargeClass } from '../test/e2e/support/large-class';
import { CLASS_ID, startWorld, type World } from '../test/integration/support/world';

const RUNS = { writes: 60, reports: 10 };
const CHECKS_PER_MODULE = 10;

/** Medians of two operations timed in alternating runs, so both see the same load on this shared machine. */
async function alternatingP50(runs: number, first: (index: number) => Promise<unknown>, second: (index: number) => Promise<unknown>): Promise<[number, number]> {
  const latencies: [number[], number[]] = [[], []];
  for (let run = 0; run < runs; run += 1) {
    for (const [which, operation] of [first, second].entries()) {
      const begin = performance.now();
      await operation(run);
      latencies[which].push(performance.now() - begin);
    }
  }
  const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!;
  return [median(latencies[0]), median(latencies[1])];
}

const ratio = (label: string, value: number, base: number, baseLabel: string, target: number) =>
  console.log(
    `${label.padEnd(48)} p50 ${value.toFixed(1).padStart(7)} ms  vs ${baseLabel} ${base.toFixed(1).padStart(7)} ms  = ${(value / base).toFixed(2)}× (target ≤ ${target}×)`,
  );

const CHECK = {
  passMark: 70,
  maxAttempts: null,
  questions: [
    { id: 'q1', kind: 'single', prompt: 'Where does respiration happen?', options: [{ id: 'a', text: 'Nucleus' }, { id: 'b', text: 'Mitochondria' }], answer: ['b'] },
    { id: 'q2', kind: 'truefalse', prompt: 'Animal cells have a wall.', answer: false },
    { id: 'q3', kind: 'text', prompt: 'Where is DNA kept?', answer: ['nucleus'] },
  ],
};

async function attemptAgainstMark(world: World) {
  const file = await world.upload(world.teacher, 'bench.pdf', 'application/pdf', new TextEncoder().encode('%PDF-1.4\n%%EOF\n'));
  const unchecked = await world.createModule(world.teacher, Array.from({ length: RUNS.writes + 10 }, (_, index) => ({ title: `Section ${index + 1}`, contentUrl: file })), 'Marks');
  const checked = await world.createModule(world.teacher, [{ title: 'Checked', contentUrl: file }], 'Attempts');
  for (const { _id } of [unchecked, checked]) await world.ok('assignModule', { as: world.teacher, params: { classId: CLASS_ID }, body: { moduleId: _id } });
  const path = { id: checked._id, sectionId: checked.sections[0]._id };
  await world.ok('putCheck', { as: world.teacher, params: path, body: CHECK });
  const mark = (index: number) =>
    world.ok('markComplete', { as: world.student, body: { studentId: world.student.userId, classId: CLASS_ID, moduleId: unchecked._id, sectionId: unchecked.sections[index]._id } });
  const submit = () => world.ok('submitAttempt', { as: world.student, params: path, body: { attemptId: randomUUID(), classId: CLASS_ID, answers: { q1: ['a'], q2: true, q3: 'cell' } } }, 201);
  // Warm both handlers (the first sections; the rest are first completions too).
  for (let index = 0; index < 5; index += 1) await Promise.all([mark(RUNS.writes + index), submit()]);
  const [marks, attempts] = await alternatingP50(RUNS.writes, mark, submit);
  ratio('submit-attempt (a failing attempt)', attempts, marks, 'mark-complete', 1.5);
}

async function scoresReportAgainstCompletionReport(world: World) {
  const stores = localTableStores(world.config);
  const context = localTableContext(world.config);
  const table = makeTableAccess(context);
  try {
    const options = { teacherId: world.teacher.userId, teacherName: world.teacher.name, students: 200, modules: 20, sectionsPerModule: CHECKS_PER_MODULE };
    const plain = await createLargeClass(stores, { ...options, className: 'Completion only' });
    const scored = await createLargeClass(stores, { ...options, className: 'With checks' });
    // Every section of the scored class's modules gets a check, and every student a best score on each.
    const schoolClass = (await stores.classes.getClass(scored.classId))!;
    const modules = await stores.modules.getModules(schoolClass.assignedModuleIds);
    const now = new Date().toISOString();
    for (const module of modules) {
      await Promise.all(
        module.sections.map((section) =>
          stores.checks.saveCheck({ ...CHECK, showCorrectness: false, showAnswers: false, questions: CHECK.questions.map((question) => ({ ...question, points: 1 })) as never, moduleId: module.moduleId, sectionId: section._id, version: 1, attemptCount: 0, updatedAt: now }, undefined),
        ),
      );
    }
    // The scores are attributes of the progress items (kept as they are where the student completed sections).
    const roster = await stores.classes.listAllStudents(scored.classId);
    const progressKeys = roster.flatMap(({ studentId }) => modules.map((module) => keys.progress(scored.classId, module.moduleId, studentId)));
    const progressItems = new Map((await table.batchGet<Record<string, unknown>>(progressKeys)).map((item) => [item.sk, item]));
    await table.batchPut(
      roster.flatMap(({ studentId }) =>
        modules.map((module) => ({
          ...keys.progress(scored.classId, module.moduleId, studentId),
          entity: 'Progress',
          classId: scored.classId,
          moduleId: module.moduleId,
          studentId,
          ...progressItems.get(keys.progress(scored.classId, module.moduleId, studentId).sk),
          checkStandings: encodeStandings(
            Object.fromEntries(
              module.sections.map((section, index) => [section._id, { bestPercent: (index * 13 + studentId.length * 7) % 101, attempts: 1 + (index % 3), passed: index % 2 === 0 }]),
            ),
          ),
        })),
      ),
    );

    const fullReport = async (classId: string) => {
      let cursor: string | undefined;
      let pages = 0;
      do {
        const response = await fetch(`${world.config.apiUrl}/api/progress/class/${classId}?limit=100${cursor ? `&cursor=${cursor}` : ''}`, {
          headers: { authorization: `Bearer ${world.teacher.accessToken}` },
        });
        cursor = ((await response.json()) as { next?: string }).next;
        pages += 1;
      } while (cursor);
      return pages;
    };
    const pages = [await fullReport(plain.classId), await fullReport(scored.classId)];
    const [completion, scores] = await alternatingP50(RUNS.reports, () => fullReport(plain.classId), () => fullReport(scored.classId));
    ratio(`Scores report (200 × 20 × ${CHECKS_PER_MODULE} checks, ${pages[1]} pages)`, scores, completion, `completion report (${pages[0]} pages)`, 1.3);
  } finally {
    stores.destroy();
    context.client.destroy();
  }
}

async function main() {
  const world = await startWorld();
  try {
    console.log('Scored checks on a fresh local stack (one request at a time, through HTTP)');
    await attemptAgainstMark(world);
    await scoresReportAgainstCompletionReport(world);
  } finally {
    await world.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
