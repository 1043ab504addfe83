// The bench's school: classes of 30, 200, 1,000 and 5,000 students, each with the same 20 modules of 10 sections and
// a spread of progress (a third of the (student, module) pairs not started, a third partly done, a third complete).
// Written straight to the table with BatchWriteItem in the app's item shapes (keys from repositories/table.ts), so
// 5,000 students take seconds. Only the few students who sign in (BENCH_REAL_STUDENTS per class) are Cognito users;
// every other student is a synthetic id that no route is called as (the teacher's report reads them all). Seeded
// once into `.local/bench/` and reused by later runs.
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { ensureUser, type CreatedUser } from '@local/users';
import type { StackConfig } from '@local/stack-config';
import { counterShardOf } from '../functions/src/progress/adapters/completion-writes';
import { keys, makeTableAccess, type TableContext } from '../functions/src/table/table';

export const CLASS_SIZES = [30, 200, 1000, 5000] as const;
export const MODULES = 20;
export const SECTIONS = 10;
/** Students per class who are real (Cognito) users: the student routes are called as them, in parallel. */
export const BENCH_REAL_STUDENTS = 10;
const PASSWORD = 'Bench-pass-1';
/** Items per BatchWrite chain, and chains in flight. */
const CHUNK = 250;
const IN_FLIGHT = 8;
const SEEDED_AT = '2026-11-01T00:00:00.000Z';

export interface BenchClass {
  classId: string;
  size: number;
  /** The real students (signed in for the student routes). */
  students: { userId: string; email: string; password: string }[];
}

export interface BenchSchool {
  teacher: { userId: string; email: string; password: string };
  moduleIds: string[];
  sectionIds: (moduleId: string) => string[];
  classes: BenchClass[];
}

const moduleId = (index: number) => `bench-module-${String(index + 1).padStart(2, '0')}`;
const sectionId = (module: string, index: number) => `${module}-section-${String(index + 1).padStart(2, '0')}`;
const classIdOf = (size: number) => `bench-class-${size}`;
const syntheticId = (size: number, index: number) => `bench-${size}-student-${String(index).padStart(5, '0')}`;

/** Sections done by student `index` in module `m`: none, some (1–9) or all, spread evenly. */
function sectionsDone(index: number, m: number): number {
  const state = (index + m) % 3;
  if (state === 0) return 0;
  if (state === 2) return SECTIONS;
  return 1 + ((index * 7 + m) % (SECTIONS - 1));
}

export async function benchSchool(config: StackConfig, context: TableContext, log: (line: string) => void): Promise<BenchSchool> {
  const teacherUser = await ensureUser(config, { email: 'bench-teacher@example.com', password: PASSWORD, role: 'Teachers', name: 'Bench Teacher' });
  const teacher = { userId: teacherUser.userId, email: teacherUser.email, password: PASSWORD };
  const moduleIds = Array.from({ length: MODULES }, (_, index) => moduleId(index));
  const classes: BenchClass[] = [];
  for (const size of CLASS_SIZES) {
    const students: CreatedUser[] = [];
    for (let index = 0; index < BENCH_REAL_STUDENTS; index += 1) {
      const email = `bench-${size}-student-${index}@example.com`;
      students.push(await ensureUser(config, { email, password: PASSWORD, role: 'Students', name: `Bench Student ${size}-${index}` }));
    }
    classes.push({ classId: classIdOf(size), size, students: students.map(({ userId, email }) => ({ userId, email, password: PASSWORD })) });
  }
  const school: BenchSchool = { teacher, moduleIds, sectionIds: (module) => Array.from({ length: SECTIONS }, (_, index) => sectionId(module, index)), classes };

  const { Item } = await context.client.send(new GetCommand({ TableName: context.tableName, Key: keys.classMeta(classIdOf(5000)) }));
  if (Item?.studentCount === 5000) {
    log('Reusing the seeded school in .local/bench/ (delete that folder to seed again).');
    return school;
  }
  const started = Date.now();
  const items = schoolItems(school);
  const table = makeTableAccess(context);
  const chunks = Array.from({ length: Math.ceil(items.length / CHUNK) }, (_, index) => items.slice(index * CHUNK, (index + 1) * CHUNK));
  let next = 0;
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (next < chunks.length) await table.batchPut(chunks[next++]);
    }),
  );
  log(`Seeded ${items.length.toLocaleString('en')} items (BatchWriteItem, ${IN_FLIGHT} in flight) in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  return school;
}

/** Every item of the school, in the shapes the repositories write. */
function schoolItems({ teacher, moduleIds, sectionIds, classes }: BenchSchool): Record<string, unknown>[] {
  const items: Record<string, unknown>[] = [];
  for (const [index, id] of moduleIds.entries()) {
    items.push({
      ...keys.module(id),
      ...keys.moduleOwnerIndex(teacher.userId, id),
      entity: 'Module',
      moduleId: id,
      ownerId: teacher.userId,
      title: `Unit ${index + 1}`,
      description: `Unit ${index + 1} of the course.`,
      sections: sectionIds(id).map((section, order) => ({
        _id: section,
        title: `Part ${order + 1}`,
        order: order + 1,
        contentType: 'PDF',
        contentUrl: `protected/${teacher.userId}/${section}.pdf`,
        originalFileName: `${section}.pdf`,
        size: 1024,
      })),
      createdAt: SEEDED_AT,
      updatedAt: SEEDED_AT,
    });
  }
  for (const { classId, size, students } of classes) {
    const studentIds = [...students.map((student) => student.userId), ...Array.from({ length: size - students.length }, (_, index) => syntheticId(size, index))];
    /** (module, counter shard) → completions and started students. */
    const counts = new Map<string, { module: string; shard: string; completions: number; started: number }>();
    items.push({ ...keys.classCatalogue(classId), entity: 'ClassEntry', classId });
    items.push({
      ...keys.classMeta(classId),
      ...keys.classTeacherIndex(teacher.userId, classId),
      entity: 'Class',
      classId,
      className: `Bench class of ${size}`,
      teacherId: teacher.userId,
      teacherName: 'Bench Teacher',
      studentCount: size,
      assignedModuleIds: new Set(moduleIds),
    });
    for (const [index, studentId] of studentIds.entries()) {
      items.push({ ...keys.enrolment(classId, studentId), entity: 'Enrolment', classId, studentId, name: `Student ${String(index).padStart(5, '0')} of ${size}`, email: `student${String(index).padStart(5, '0')}.of${size}@bench.example`, enrolledAt: SEEDED_AT });
      items.push({ ...keys.membership(studentId, classId), entity: 'Membership', studentId, classId });
      for (const [m, module] of moduleIds.entries()) {
        const done = sectionsDone(index, m);
        if (done === 0) continue;
        const shard = counterShardOf(studentId);
        const count = counts.get(`${module}#${shard}`) ?? { module, shard, completions: 0, started: 0 };
        counts.set(`${module}#${shard}`, { ...count, completions: count.completions + done, started: count.started + 1 });
        items.push({
          ...keys.progress(classId, module, studentId),
          entity: 'Progress',
          classId,
          moduleId: module,
          studentId,
          completedSections: new Set(sectionIds(module).slice(0, done)),
          updatedAt: SEEDED_AT,
        });
      }
    }
    for (const { module, shard, completions, started } of counts.values()) {
      items.push({ ...keys.completionCounter(classId, module, shard), entity: 'CompletionCounter', classId, moduleId: module, completions, startedStudents: started });
    }
  }
  return items;
}
