// Use cases for a student's own progress: they mark sections of their class's modules complete (or undo it), the reader
// reports their reading, and they (or their teacher) read their progress in a module or a class. The teachers' reports
// over the same items are reports/reports.ts.
import type { ModuleProgress, Progress, StudentClassProgress, StudentModuleProgress, MarkCompleteInput, RecordReadingInput, SectionReading } from '@shared/contract/progress';
import { isStudent, type Caller } from '../kernel/caller';
import { dueDateOf, isTeacherOf, requireClass, requireWritableClass } from '../classes/classes';
import type { CheckSummary } from '@shared/contract/checks';
import { conflict, forbidden, invalid, notFound } from '../kernel/errors';
import type { AttemptStore, CheckStore, ScoreRecord } from '../checks/port';
import type { ClassStore } from '../classes/port';
import type { Clock } from '../kernel/ports';
import type { ModuleRecord, ModuleStore } from '../modules/port';
import type { PathOverrideStore } from '../paths/port';
import type { ProgressKey, ProgressRecord, ProgressStore, ProgressWithStandings, ReadingReport } from './port';
import type { StudentPath } from '@shared/path-rules';
import { completionOnPath, hasBranches, pathOfStudent, requireAccessible } from '../paths/paths';
import { makePrerequisiteGate, shutPath, unmetPrerequisite } from '../paths/prerequisites';
import { currentChecks, moduleScores } from './scores';

export interface ProgressServicePorts {
  classes: ClassStore;
  modules: ModuleStore;
  progress: ProgressStore;
  /** The students' path overrides, keyed like their progress items and read beside them. */
  overrides: PathOverrideStore;
  /** The modules' checks and the students' scores on them, read beside the progress they go with. */
  checks: CheckStore;
  attempts: AttemptStore;
  clock: Clock;
}

export type ProgressService = ReturnType<typeof makeProgressService>;

export function makeProgressService({ classes, modules, progress, overrides, checks, attempts, clock }: ProgressServicePorts) {
  const gatedPath = makePrerequisiteGate({ modules, checks, progress, overrides });
  /**
   * One student's progress in one module, for that student or the class's teacher. The class with the caller's
   * enrolment, the student's enrolment, the module and the progress item are read at once (one call); nothing is
   * answered before every check has passed.
   */
  async function get(caller: Caller, key: ProgressKey): Promise<Progress> {
    const [schoolClass, studentEnrolled, candidate, record] = await Promise.all([
      requireClass(classes, caller, key.classId, 'teacherOrStudent'),
      key.studentId === caller.userId && isStudent(caller) ? true : classes.isEnrolled(key.classId, key.studentId),
      modules.getModule(key.moduleId),
      progress.getProgress(key),
    ]);
    if (!isTeacherOf(caller, schoolClass) && key.studentId !== caller.userId) {
      throw forbidden('You can only see your own progress.');
    }
    if (!studentEnrolled) throw notFound(STUDENT_NOT_ENROLLED);
    const module = schoolClass.assignedModuleIds.includes(key.moduleId) ? candidate : undefined;
    if (!module) throw notFound(NOT_ASSIGNED);
    // Nothing recorded yet is an answer, not an error: the old API's 404 made every first visit log a failed request.
    if (!record) return { ...key, completedSections: [] };
    return toProgress(record, module);
  }

  /**
   * A student's progress in every module of a class, in syllabus order (by title, as the class detail lists them),
   * with the first section still to do: the dashboard's completion and Continue, and the syllabus states, in one call.
   * Reads: the class, its modules (one BatchGet) and the student's progress items (one BatchGet).
   */
  async function studentClassProgress(caller: Caller, classId: string, studentId: string): Promise<StudentClassProgress> {
    const schoolClass = await requireClass(classes, caller, classId, 'teacherOrStudent');
    if (!isTeacherOf(caller, schoolClass) && studentId !== caller.userId) {
      throw forbidden('You can only see your own progress.');
    }
    await requireEnrolled(classId, studentId, caller);
    const [assigned, records, summaries, scores, overrideRecords] = await Promise.all([
      modules.getModules(schoolClass.assignedModuleIds),
      progress.listProgressOfStudent(classId, schoolClass.assignedModuleIds, studentId),
      checks.listCheckSummaries(schoolClass.assignedModuleIds),
      attempts.listScoresOfStudents(classId, schoolClass.assignedModuleIds, [studentId]),
      overrides.listOverridesOfStudent(classId, schoolClass.assignedModuleIds, studentId),
    ]);
    const byModule = new Map(records.map((record) => [record.moduleId, record]));
    const scoresByModule = new Map(scores.map((record) => [record.moduleId, record]));
    const overridesByModule = new Map(overrideRecords.map((record) => [record.moduleId, record]));
    const moduleById = new Map(assigned.map((module) => [module.moduleId, module]));
    const studentIn = (moduleId: string) => ({
      progress: byModule.get(moduleId),
      standings: scoresByModule.get(moduleId)?.bySection ?? {},
      overrides: overridesByModule.get(moduleId),
    });
    return {
      classId,
      studentId,
      modules: [...assigned]
        .sort((a, b) => a.title.localeCompare(b.title))
        .map((module) => {
          const moduleChecks = currentChecks(module, summaries);
          const scored = scoresByModule.get(module.moduleId);
          const open = pathOfStudent(module, moduleChecks, byModule.get(module.moduleId), scored?.bySection, overridesByModule.get(module.moduleId));
          const lockedReason = unmetPrerequisite(schoolClass, module.moduleId, moduleById, summaries, studentIn)?.reason;
          const path = lockedReason ? shutPath(open, lockedReason) : open;
          return withScores(
            {
              ...studentModuleProgress(module, byModule.get(module.moduleId), path),
              ...dueDateOf(schoolClass, module.moduleId),
              ...(lockedReason && { lockedReason }),
            },
            moduleChecks,
            scored,
          );
        }),
    };
  }

  /**
   * Marks one section complete for the calling student; repeating it changes nothing. The class item, the student's
   * membership, the module, their enrolment and their progress record are read at once (one round trip, whatever the
   * class size), then a first completion is one transaction (record, counter, day) conditioned on the record as read;
   * a repeat writes nothing.
   */
  async function markComplete(caller: Caller, input: MarkCompleteInput): Promise<Progress> {
    requireOwnProgressMark(caller, input);
    const key = { classId: input.classId, moduleId: input.moduleId, studentId: caller.userId };
    const [schoolClass, candidate, enrolment, seen, summaries, overrideRecord] = await Promise.all([
      requireWritableClass(classes, caller, input.classId, 'student'),
      modules.getModule(input.moduleId),
      // The bell words the completion with the student's roster name: one more GetItem in the same round trip.
      classes.getEnrolment(input.classId, caller.userId),
      progress.getProgress(key),
      checks.listCheckSummaries([input.moduleId]),
      overrides.getOverrides(key),
    ]);
    const module = schoolClass.assignedModuleIds.includes(input.moduleId) ? candidate : undefined;
    if (!module) throw notFound(NOT_ASSIGNED);
    if (!module.sections.some((section) => section._id === input.sectionId)) {
      throw invalid('This section is not part of the module; reload the module and try again.');
    }
    // The path is computed from what was read already: the progress item holds the check standings too.
    const moduleChecks = summaries.get(input.moduleId) ?? [];
    // A module waiting for another reads that one too (one more round trip, only then).
    const path = await gatedPath(schoolClass, input.moduleId, caller.userId, overrideRecord, pathOfStudent(module, moduleChecks, seen, undefined, overrideRecord));
    requireAccessible(path, input.sectionId, conflict);
    if (summaries.get(input.moduleId)?.some((summary) => summary.sectionId === input.sectionId)) {
      throw conflict('This section has a check: pass the check to complete the section.');
    }
    // Decided from the record the write is conditioned on: of two last sections completed at once, the second write
    // (which reads again) is the one that finishes the module.
    const activityOf = (before: ProgressWithStandings | undefined) => ({
      teacherId: schoolClass.teacherId,
      studentName: enrolment?.name ?? '',
      moduleTitle: module.title,
      className: schoolClass.className,
      ...completionOnPath(module, moduleChecks, before, input.sectionId, undefined, overrideRecord),
    });
    const record = await progress.addCompletedSection(key, input.sectionId, clock.now().toISOString(), activityOf, seen);
    return toProgress(record, module);
  }

  /**
   * The reader's report of a student reading a section: the same reads as a completion (class, module, their progress
   * and overrides, the check index: one round trip), the section must be open on their path (a locked one: 409), then
   * one atomic update of their progress item. Minutes count only as far as time really passed since the minutes last
   * counted in the module (kept on the item, moved on by a conditional write: of reports at once, one counts the time).
   * Answers the section's reading after it.
   */
  async function recordReading(caller: Caller, moduleId: string, sectionId: string, input: RecordReadingInput): Promise<SectionReading> {
    const key = { classId: input.classId, moduleId, studentId: caller.userId };
    const [schoolClass, candidate, seen, summaries, overrideRecord] = await Promise.all([
      requireWritableClass(classes, caller, input.classId, 'student'),
      modules.getModule(moduleId),
      progress.getProgress(key),
      checks.listCheckSummaries([moduleId]),
      overrides.getOverrides(key),
    ]);
    const module = schoolClass.assignedModuleIds.includes(moduleId) ? candidate : undefined;
    if (!module) throw notFound(NOT_ASSIGNED);
    // A path's id that names nothing is a 404, as for a check's section.
    if (!module.sections.some((section) => section._id === sectionId)) throw notFound(SECTION_NOT_FOUND);
    const path = await gatedPath(schoolClass, moduleId, caller.userId, overrideRecord, pathOfStudent(module, summaries.get(moduleId) ?? [], seen, undefined, overrideRecord));
    requireAccessible(path, sectionId, conflict);
    let record = seen;
    for (let tries = 0; tries < READING_TRIES; tries += 1) {
      const counted = minutesToCount(record?.readingCountedAt, clock.now(), input);
      const tally = await progress.recordReading(key, sectionId, { opened: input.opened === true, page: input.page, ...counted });
      if (tally !== 'stale') return { sectionId, ...tally };
      record = await progress.getProgress(key);
    }
    throw conflict('Other reading reports came at the same moment; send this one again.');
  }

  /**
   * Undoes a student's own completion of a section marked by mistake; a section whose check they passed stays
   * complete. Counters follow atomically; undoing a section not complete changes nothing.
   */
  async function undoComplete(caller: Caller, input: MarkCompleteInput): Promise<Progress> {
    requireOwnProgressMark(caller, input);
    const key = { classId: input.classId, moduleId: input.moduleId, studentId: caller.userId };
    const [schoolClass, candidate, seen] = await Promise.all([
      requireWritableClass(classes, caller, input.classId, 'student'),
      modules.getModule(input.moduleId),
      progress.getProgress(key),
    ]);
    const module = schoolClass.assignedModuleIds.includes(input.moduleId) ? candidate : undefined;
    if (!module) throw notFound(NOT_ASSIGNED);
    if (!module.sections.some((section) => section._id === input.sectionId)) {
      throw invalid('This section is not part of the module; reload the module and try again.');
    }
    if (seen?.checks[input.sectionId]?.passed) throw conflict("You passed this section's check, so it stays complete.");
    const record = await progress.removeCompletedSection(key, input.sectionId, clock.now().toISOString());
    return toProgress(record ?? { ...key, completedSections: [], updatedAt: clock.now().toISOString() }, module);
  }

  /** A teacher asks about one of their students; a student was checked as the caller already. */
  async function requireEnrolled(classId: string, studentId: string, caller: Caller) {
    if (studentId === caller.userId && isStudent(caller)) return;
    if (!(await classes.isEnrolled(classId, studentId))) throw notFound(STUDENT_NOT_ENROLLED);
  }

  return { get, studentClassProgress, markComplete, undoComplete, recordReading };
}

/** A student marks only their own progress: the token alone settles it (the handler asks before reading anything). */
export function requireOwnProgressMark(caller: Caller, input: Pick<MarkCompleteInput, 'studentId'>): void {
  if (input.studentId !== caller.userId) throw forbidden('You can only mark your own progress.');
}

export const NOT_ASSIGNED = 'This module is not assigned to this class.';
export const STUDENT_NOT_ENROLLED = 'This student is not enrolled in this class.';
const SECTION_NOT_FOUND = 'This section is not part of the module; reload the module and try again.';

export const byTitle = (list: ModuleRecord[]) => [...list].sort((a, b) => a.title.localeCompare(b.title));

const MINUTE_MS = 60_000;
/** The reader reports a minute at each beat; one that arrives a few seconds early (network delays) still counts. */
const BEAT_SLACK_MS = 5_000;
/** Reports of one reading that kept losing the race to move the counted time on, before one is refused. */
const READING_TRIES = 3;

/**
 * The minutes of a report that count: no more than the whole minutes passed since minutes last counted in the module
 * (none before a file was opened: the opening starts the count), and the counted time moved on to now when any count.
 */
function minutesToCount(countedAt: string | undefined, now: Date, input: RecordReadingInput): Pick<ReadingReport, 'minutes' | 'countedAt'> {
  const asked = input.minutes ?? 0;
  if (countedAt === undefined) return asked > 0 || input.opened ? { minutes: 0, countedAt: { to: now.toISOString() } } : { minutes: 0 };
  const passed = Math.floor((now.getTime() - Date.parse(countedAt) + BEAT_SLACK_MS) / MINUTE_MS);
  const minutes = Math.max(0, Math.min(asked, passed));
  return minutes > 0 ? { minutes, countedAt: { from: countedAt, to: now.toISOString() } } : { minutes: 0 };
}

/** Only sections still in the module count: removing a section in an edit removes it from everyone's progress. */
export const currentSections = (record: ProgressRecord | undefined, module: ModuleRecord) => {
  const done = new Set(record?.completedSections ?? []);
  return module.sections.filter((section) => done.has(section._id)).map((section) => section._id);
};

/** A progress entry with the module's scores, when the module has checks. */
function withScores<Entry extends object>(entry: Entry, moduleChecks: CheckSummary[], record: ScoreRecord | undefined): Entry {
  const scores = moduleScores(moduleChecks, record);
  return scores ? { ...entry, scores } : entry;
}

function toProgress(record: ProgressRecord, module: ModuleRecord): Progress {
  const { studentId, moduleId, classId, updatedAt } = record;
  return { studentId, moduleId, classId, completedSections: currentSections(record, module), updatedAt };
}

/** Completion counts the student's own required sections (their path): not what they tested out of or were excused from. */
export function moduleProgress(module: ModuleRecord, path: StudentPath): ModuleProgress {
  return {
    moduleId: module.moduleId,
    moduleTitle: module.title,
    percentage: path.percentage,
    completed: path.completedRequiredCount,
    total: path.requiredCount,
    ...(hasBranches(module) && { branch: path.branch }),
  };
}

function studentModuleProgress(module: ModuleRecord, record: ProgressRecord | undefined, path: StudentPath): StudentModuleProgress {
  return { ...moduleProgress(module, path), completedSections: currentSections(record, module), nextSectionId: path.nextSectionId };
}
