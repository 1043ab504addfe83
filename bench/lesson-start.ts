// `npm run bench:lesson-start`: a lesson start on a fresh local stack whose API throttles as prod's stage does (the
// buckets infra/capacity.ts derives from infra/stages/prod.json, enforced by local/api-throttle.ts), loopback only.
// Each simulated student makes the capacity model's requests at a lesson start (its reads, then its writes), arriving
// at a random moment of the model's lesson start. Phases: a class of 30; a class of 30 submitting at once (the model's
// check burst, as reading reports: the same route class); 1,000 students over the model's lesson start; then, to show
// the limit bites, three times the student-write burst at once. Prints, per phase, the requests, their 429s and p50/p95
// latency beside the model's figures (0 × 429 expected at or below the model; "other": 4xx/5xx or no answer). Bounded: at most MAX_IN_FLIGHT requests
// at a time and PHASE_DEADLINE_MS per phase. The simulated students share 30 accounts (one class), so the per-person
// limit is out of the picture (it is set out of reach): what is measured is the API's throttles. Asserts nothing.
import '@local/quiet-aws-sdk-notices';
import { performance } from 'node:perf_hooks';
import { modelDemand, throttlesFor } from '../infra/capacity';
import { loadStageSettings } from '../infra/stage-settings';
import type { RouteName } from '../shared/contract';
import type { StackConfig } from '../local/stack-config';
import { CLASS_ID, person, startWorld, type Person, type World } from '../test/integration/support/world';

const MAX_IN_FLIGHT = 200;
const PHASE_DEADLINE_MS = 90_000;
const CLASS_SIZE = 30;
const LESSON_CLASS_ID = `${CLASS_ID}-lesson`;

const model = loadStageSettings('prod').capacity;
const throttles = throttlesFor(model);

interface Outcome {
  status: number;
  ms: number;
}

/** One student's lesson start: the model's reads, then its writes (the reader's open, a page, a completion). */
function lessonStart(student: Person, moduleId: string, sectionId: string): [RouteName, Parameters<World['call']>[1]][] {
  const own = { classId: LESSON_CLASS_ID, studentId: student.userId };
  const reads: [RouteName, Parameters<World['call']>[1]][] = [
    ['listStudentClasses', { as: student, params: { userId: student.userId } }],
    ['getStudentClassProgress', { as: student, params: own }],
    ['getNotifications', { as: student }],
    ['getModule', { as: student, params: { id: moduleId } }],
    ['getProgress', { as: student, params: { ...own, moduleId } }],
    ['listStudentAttempts', { as: student, params: own }],
    ['getModule', { as: student, params: { id: moduleId } }],
    ['getStudentClassProgress', { as: student, params: own }],
  ];
  const writes: [RouteName, Parameters<World['call']>[1]][] = [
    ['recordReading', { as: student, params: { id: moduleId, sectionId }, body: { classId: LESSON_CLASS_ID, opened: true } }],
    ['recordReading', { as: student, params: { id: moduleId, sectionId }, body: { classId: LESSON_CLASS_ID, page: 2 } }],
    ['markComplete', { as: student, body: { ...own, moduleId, sectionId, completed: true } }],
  ];
  return [...reads.slice(0, model.readsPerStudentAtLessonStart), ...writes.slice(0, model.writesPerStudentAtLessonStart)];
}

/** Runs `students` lesson starts arriving uniformly over `windowMs` (0: all at once), one request after another each. */
async function run(
  label: string,
  { students, windowMs, modelRate, maxInFlight = MAX_IN_FLIGHT }: { students: number; windowMs: number; modelRate: string; maxInFlight?: number },
  requestsOf: (index: number) => [RouteName, Parameters<World['call']>[1]][],
  world: World,
): Promise<void> {
  const outcomes: Outcome[] = [];
  const started = performance.now();
  const deadline = started + PHASE_DEADLINE_MS;
  let inFlight = 0;
  const waiting: (() => void)[] = [];
  const slot = async () => {
    while (inFlight >= maxInFlight) await new Promise<void>((resolve) => waiting.push(resolve));
    inFlight += 1;
  };
  const release = () => {
    inFlight -= 1;
    waiting.shift()?.();
  };
  await Promise.all(
    Array.from({ length: students }, async (_, index) => {
      await new Promise((resolve) => setTimeout(resolve, windowMs === 0 ? 0 : Math.random() * windowMs));
      for (const [route, options] of requestsOf(index)) {
        if (performance.now() > deadline) return;
        await slot();
        const sent = performance.now();
        try {
          const answer = await world.call(route, options);
          outcomes.push({ status: answer.status, ms: performance.now() - sent });
        } catch {
          // No answer (the busy machine's connection timed out): counted apart from the answers.
          outcomes.push({ status: 0, ms: performance.now() - sent });
        } finally {
          release();
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const admitted = outcomes.filter((outcome) => outcome.status !== 429 && outcome.status !== 0).map((outcome) => outcome.ms).sort((a, b) => a - b);
  const quantile = (q: number) => (admitted.length ? admitted[Math.min(admitted.length - 1, Math.floor(q * admitted.length))]!.toFixed(0) : '-');
  const others = outcomes.filter((outcome) => outcome.status === 0 || (outcome.status >= 400 && outcome.status !== 429)).length;
  // A phase whose requests all go at once has no rate to speak of: it is measured against the burst.
  console.log(
    [
      label.padEnd(58),
      `${outcomes.length}`.padStart(7),
      `${(outcomes.length / seconds).toFixed(0)}/s`.padStart(8),
      modelRate.padStart(10),
      `${outcomes.filter((outcome) => outcome.status === 429).length}`.padStart(6),
      `${others}`.padStart(6),
      `${quantile(0.5)}`.padStart(6),
      `${quantile(0.95)}`.padStart(6),
      performance.now() > deadline ? '  (stopped at the deadline)' : '',
    ].join(''),
  );
}

// The handlers' SDK clients warn when their sockets are all in use: expected at this load, and not this bench's figures.
const warn = console.warn;
console.warn = (...args: unknown[]) => {
  if (!String(args[0]).includes('socket usage at capacity')) warn(...args);
};

async function main() {
  const demand = modelDemand(model);
  console.log(`Capacity model (infra/stages/prod.json, docs/capacity.md): ${model.students} students in a ${model.lessonStartSeconds} s lesson start, ` +
    `${model.readsPerStudentAtLessonStart} reads + ${model.writesPerStudentAtLessonStart} writes each; a class of ${model.classSize} × ${model.classesSubmittingTogether} classes submitting at once; headroom × ${model.headroom}.`);
  console.log(`Model demand: reads ${demand.read.perSecond.toFixed(0)}/s (busiest second ${demand.read.atOnce.toFixed(0)}), student writes ${demand.studentWrite.perSecond.toFixed(0)}/s (at once ${demand.studentWrite.atOnce.toFixed(0)}).`);
  console.log(`Throttles enforced (prod): stage ${throttles.stage.rateLimit}/s burst ${throttles.stage.burstLimit}; read ${throttles.routes.read.rateLimit}/s burst ${throttles.routes.read.burstLimit}; ` +
    `student write ${throttles.routes.studentWrite.rateLimit}/s burst ${throttles.routes.studentWrite.burstLimit} (per route).`);
  const world = await startWorld({ callerRateLimit: 1_000_000, throttles });
  try {
    const students = [world.student];
    for (let index = 1; index < CLASS_SIZE; index += 1) students.push(await person(world.config as StackConfig, `lesson-${index}@example.com`, 'Students', `Lesson Student ${index}`));
    await world.createClass(LESSON_CLASS_ID, world.teacher, students);
    const module = await world.createModuleWithSections(world.teacher, 2, 'Lesson start');
    await world.ok('assignModule', { as: world.teacher, params: { classId: LESSON_CLASS_ID }, body: { moduleId: module._id } });
    const sectionId = module.sections[0]!._id;
    const startOf = (index: number) => lessonStart(students[index % CLASS_SIZE]!, module._id, sectionId);
    const windowMs = model.lessonStartSeconds * 1000;

    const perStudent = model.readsPerStudentAtLessonStart + model.writesPerStudentAtLessonStart;
    const lessonRate = (students: number) => `${((students * perStudent) / model.lessonStartSeconds).toFixed(0)}/s`;
    const oneWrite = (index: number) => startOf(index).slice(-3, -2);
    const burst = `burst ${throttles.routes.studentWrite.burstLimit}`;
    console.log(`\n${'phase'.padEnd(58)}${'reqs'.padStart(7)}${'sent'.padStart(8)}${'model'.padStart(10)}${'429'.padStart(6)}${'other'.padStart(6)}${'p50ms'.padStart(6)}${'p95ms'.padStart(6)}`);
    await run(`a class of ${CLASS_SIZE}, lesson start over ${model.lessonStartSeconds} s (expect 0 × 429)`, { students: CLASS_SIZE, windowMs, modelRate: lessonRate(CLASS_SIZE) }, startOf, world);
    const atOnce = model.classSize * model.classesSubmittingTogether;
    await run(`${model.classesSubmittingTogether} classes of ${model.classSize} writing at once (expect 0 × 429)`, { students: atOnce, windowMs: 0, modelRate: burst, maxInFlight: atOnce }, oneWrite, world);
    await run(`${model.students} students, lesson start over ${model.lessonStartSeconds} s (expect 0 × 429)`, { students: model.students, windowMs, modelRate: lessonRate(model.students) }, startOf, world);
    const beyond = 3 * throttles.routes.studentWrite.burstLimit;
    await run(`beyond the model: ${beyond} writes at once (429s if sent faster)`, { students: beyond, windowMs: 0, modelRate: burst, maxInFlight: beyond }, oneWrite, world);
    console.log(
      '\nAt or below the model: 0 × 429 expected. "sent" is the rate this machine reached: where it is below "model", the local stack (not the throttle) was the bottleneck and the cloud\'s rate is checked by infra/test/capacity.test.ts instead.',
    );
  } finally {
    await world.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
