// A class at the scale the performance work is judged at (200 students × 20 modules), written through the
// repositories (the functions' own data access) with many writes in flight, so a fresh stack has it in seconds.
// Used by the browser tests (layout shift on the report) and by `npm run bench:web`.
import { randomUUID } from 'node:crypto';
import type { ClassStore } from '@functions/src/classes/port';
import type { ModuleStore } from '@functions/src/modules/port';
import type { ProgressStore } from '@functions/src/progress/port';
import type { RosterStore } from '@functions/src/rosters/port';

export interface LargeClassStores {
  classes: ClassStore;
  rosters: RosterStore;
  modules: ModuleStore;
  progress: ProgressStore;
}

export interface LargeClassOptions {
  teacherId: string;
  teacherName: string;
  students?: number;
  modules?: number;
  className?: string;
  /** Writes in flight at once. */
  concurrency?: number;
  /**
   * Every module gets this many sections, and each student has done 0 to all of each (a spread), completed over the
   * last 30 days (the insight bench). Without it: 2–6 sections, 0–2 done, all now.
   */
  sectionsPerModule?: number;
}

export interface LargeClass {
  classId: string;
  className: string;
  studentNames: string[];
  moduleTitles: string[];
}

/** Runs `work` for every item with at most `limit` in flight. */
async function inParallel<T>(items: readonly T[], limit: number, work: (item: T, index: number) => Promise<unknown>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      await work(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/**
 * A class of the teacher with `students` students and `modules` assigned modules of 2–6 sections each, where each
 * student has completed none, one or two sections of each module (a spread of percentages, some 0%, some 100%).
 */
export async function createLargeClass(
  { classes, rosters, modules, progress }: LargeClassStores,
  options: LargeClassOptions,
): Promise<LargeClass> {
  const studentCount = options.students ?? 200;
  const moduleCount = options.modules ?? 20;
  const concurrency = options.concurrency ?? 24;
  const tag = randomUUID().slice(0, 8);
  const classId = `large-class-${tag}`;
  const className = options.className ?? `Year 11 Combined Science (${studentCount} students)`;
  const now = new Date().toISOString();

  const created = await rosters.insertClass({ classId, className, teacherId: options.teacherId, teacherName: options.teacherName });
  if (!created) throw new Error(`Class ${classId} exists already.`);

  const moduleRecords = Array.from({ length: moduleCount }, (_, index) => {
    const moduleId = `large-module-${tag}-${index + 1}`;
    const sectionCount = options.sectionsPerModule ?? 2 + (index % 5);
    return {
      moduleId,
      ownerId: options.teacherId,
      title: `Unit ${index + 1}: ${TOPICS[index % TOPICS.length]}`,
      description: `Unit ${index + 1} of the combined science course.`,
      sections: Array.from({ length: sectionCount }, (_, order) => ({
        _id: `${moduleId}-section-${order + 1}`,
        title: `Part ${order + 1}`,
        order: order + 1,
        contentType: 'PDF' as const,
        contentUrl: `protected/${options.teacherId}/${moduleId}-part-${order + 1}.pdf`,
        originalFileName: `part-${order + 1}.pdf`,
      })),
      createdAt: now,
      updatedAt: now,
    };
  });
  await inParallel(moduleRecords, concurrency, async (record) => {
    await modules.insertModule(record);
    await classes.addAssignedModule(classId, options.teacherId, record.moduleId);
  });

  const studentNames = Array.from({ length: studentCount }, (_, index) => `student${String(index + 1).padStart(3, '0')}.${tag}@example.com`);
  // Ids sort as the names do (zero-padded), so the report's roster order is the names' order too.
  const studentId = (index: number) => `large-student-${tag}-${String(index + 1).padStart(5, '0')}`;
  await inParallel(studentNames, concurrency, (name, index) => rosters.enrollStudent(classId, { studentId: studentId(index), name, email: name }));

  const completions: { moduleId: string; studentId: string; sectionId: string; at: string }[] = [];
  const spread = options.sectionsPerModule !== undefined;
  studentNames.forEach((_, studentIndex) => {
    moduleRecords.forEach((record, moduleIndex) => {
      const done = spread ? (studentIndex * 7 + moduleIndex * 3) % (record.sections.length + 1) : (studentIndex + moduleIndex) % 3;
      record.sections.slice(0, done).forEach((section, sectionIndex) => {
        const daysAgo = spread ? (studentIndex + moduleIndex * 2 + sectionIndex) % 30 : 0;
        const at = new Date(Date.parse(now) - daysAgo * 24 * 60 * 60 * 1000).toISOString();
        completions.push({ moduleId: record.moduleId, studentId: studentId(studentIndex), sectionId: section._id, at });
      });
    });
  });
  await inParallel(completions, concurrency, ({ moduleId, studentId, sectionId, at }) =>
    progress.addCompletedSection({ classId, moduleId, studentId }, sectionId, at),
  );

  return { classId, className, studentNames, moduleTitles: moduleRecords.map((record) => record.title) };
}

const TOPICS = ['Cells', 'Atoms', 'Forces', 'Energy', 'Waves', 'Ecology', 'Bonding', 'Electricity', 'Genetics', 'Rates'];
