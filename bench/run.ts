// `npm run bench`: timings of the hot paths through the local stack (real HTTP, real token checks, the DynamoDB and
// S3 twins). Prints figures; asserts nothing. Local twins are slower than AWS: compare runs, not absolute numbers.
import { performance } from 'node:perf_hooks';
import { localTableStores } from '../infra/local/table-stores';
import { CLASS_ID, startWorld, type World } from '../test/integration/support/world';

interface Figures {
  label: string;
  count: number;
  seconds: number;
  latencies: number[];
}

async function measure(label: string, count: number, inFlight: number, operation: (index: number) => Promise<unknown>) {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < count) {
      const index = next++;
      const begin = performance.now();
      await operation(index);
      latencies.push(performance.now() - begin);
    }
  };
  await Promise.all(Array.from({ length: inFlight }, worker));
  return { label, count, seconds: (performance.now() - started) / 1000, latencies };
}

function print({ label, count, seconds, latencies }: Figures) {
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (quantile: number) => sorted[Math.min(sorted.length - 1, Math.floor(quantile * sorted.length))].toFixed(1);
  console.log(
    `${label.padEnd(54)} ${String(count).padStart(5)} ops  ${(count / seconds).toFixed(0).padStart(5)} ops/s  p50 ${at(0.5).padStart(6)} ms  p95 ${at(0.95).padStart(6)} ms`,
  );
}

async function classWithStudents(world: World, classId: string, students: number, moduleId: string, sectionIds: string[]) {
  const { classes, progress, destroy } = localTableStores(world.config);
  await classes.insertClass({ classId, className: classId, teacherId: world.teacher.userId, teacherName: world.teacher.name });
  for (let index = 0; index < students; index += 1) {
    const studentId = `bench-student-${index}`;
    await classes.enrollStudent(classId, studentId, `student${index}@example.com`);
    await progress.addCompletedSection({ classId, moduleId, studentId }, sectionIds[index % sectionIds.length], new Date().toISOString());
  }
  destroy();
  await world.ok('assignModule', { as: world.teacher, params: { classId }, body: { moduleId } });
}

async function main() {
  const world = await startWorld();
  try {
    const module = await world.createModuleWithSections(world.teacher, 20, 'Benchmark module');
    const sectionIds = module.sections.map((section) => section._id);
    await world.ok('assignModule', { as: world.teacher, params: { classId: CLASS_ID }, body: { moduleId: module._id } });
    const markComplete = (index: number) =>
      world.ok('markComplete', {
        as: world.student,
        body: { studentId: world.student.userId, moduleId: module._id, classId: CLASS_ID, sectionId: sectionIds[index % 20] },
      });

    console.log(`Local stack benchmark (node ${process.version}); warming up...`);
    await measure('warm-up', 20, 1, markComplete);
    print(await measure('POST /api/progress/mark-complete, sequential', 200, 1, markComplete));
    print(await measure('POST /api/progress/mark-complete, 20 in flight', 400, 20, markComplete));
    print(
      await measure('GET /api/modules/{id} (20 signed links), sequential', 200, 1, () =>
        world.ok('getModule', { as: world.student, params: { id: module._id } }),
      ),
    );
    for (const students of [10, 100, 500]) {
      const classId = `bench-class-${students}`;
      await classWithStudents(world, classId, students, module._id, sectionIds);
      print(
        await measure(`GET /api/progress/class/{id}, ${students} students`, 50, 1, () =>
          world.ok('getClassReport', { as: world.teacher, params: { classId } }),
        ),
      );
    }
  } finally {
    await world.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
