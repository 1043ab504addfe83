// Use cases for progress: students mark sections of their class's modules complete; teachers read the class report.
import type { ClassCompletion, ClassReportPage, ClassReportRow, ModuleReport, StudentReading } from '@shared/contract/reports';
import type { ModuleProgress, Progress, StudentClassProgress, StudentModuleProgress, MarkCompleteInput, RecordReadingInput, SectionReading } from '@shared/contract/progress';
import { PAGE_LIMITS, TEXT_LIMITS } from '@shared/constants';
import { encodeCursor } from '@shared/contract/blocks';
import { PEOPLE_LIMITS } from '@shared/people';
import { engagementDays, latestOf } from '@shared/report-insight';
import { isStudent, type Caller } from './caller';
import { dueDateOf, isTeacherOf, requireClass } from './classes';
import type { CheckSummary } from '@shared/contract/checks';
import { DEFAULT_SECTION_ROLE } from '@shared/paths';
import { conflict, forbidden, invalid, notFound } from './errors';
import type {
  AttemptStore,
  CheckStandings,
  CheckStore,
  ClassRecord,
  ClassStore,
  Clock,
  CompletionCounter,
  Enrolment,
  ModuleRecord,
  ModuleStore,
  PathOverrideRecord,
  PathOverrideStore,
  PeopleIndex,
  ProgressKey,
  ProgressRecord,
  ProgressStore,
  ProgressWithStandings,
  ReadingReport,
  ReportedProgress,
  ScoreRecord,
} from './ports';
import { completionOnPath, hasBranches, pathOfStudent, requireAccessible, sectionOnPath, type StudentPath } from './paths';
import { makePrerequisiteGate, shutPath, unmetPrerequisite } from './prerequisites';
import { currentChecks, moduleScores, scoreSummary, scoreTotals, standings } from './scores';

export interface ProgressServicePorts {
  classes: ClassStore;
  modules: ModuleStore;
  progress: ProgressStore;
  /** The students' path overrides, keyed like their progress items and read beside them. */
  overrides: PathOverrideStore;
  /** The modules' checks and the students' scores on them, read beside the progress they go with. */
  checks: CheckStore;
  attempts: AttemptStore;
  /** Whether a student is disabled (the report marks them), from the people index, read beside their progress. */
  people: Pick<PeopleIndex, 'disabledAmong'>;
  clock: Clock;
}

export type ProgressService = ReturnType<typeof makeProgressService>;

export function makeProgressService({ classes, modules, progress, overrides, checks, attempts, people, clock }: ProgressServicePorts) {
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
    if (input.studentId !== caller.userId) throw forbidden('You can only mark your own progress.');
    const key = { classId: input.classId, moduleId: input.moduleId, studentId: caller.userId };
    const [schoolClass, candidate, enrolment, seen, summaries, overrideRecord] = await Promise.all([
      requireClass(classes, caller, input.classId, 'student'),
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
      requireClass(classes, caller, input.classId, 'student'),
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
   * A student's reading of every section of the class's modules, for the class's teacher or an admin (the student
   * drill-down): the class and the student's membership, then their progress items by key (one BatchGet) beside the
   * modules. Modules by title, sections in module order; a section never opened counts 0.
   */
  async function readingOfStudent(caller: Caller, classId: string, studentId: string): Promise<StudentReading> {
    const [schoolClass, enrolled] = await Promise.all([requireClass(classes, caller, classId, 'reader'), classes.isEnrolled(classId, studentId)]);
    if (!enrolled) throw notFound(STUDENT_NOT_ENROLLED);
    const [assigned, records] = await Promise.all([
      modules.getModules(schoolClass.assignedModuleIds),
      progress.listProgressOfStudent(classId, schoolClass.assignedModuleIds, studentId),
    ]);
    const readingOf = new Map(records.map((record) => [record.moduleId, record.reading ?? {}]));
    return {
      classId,
      studentId,
      modules: byTitle(assigned).map((module) => ({
        moduleId: module.moduleId,
        moduleTitle: module.title,
        sections: [...module.sections]
          .sort((a, b) => a.order - b.order)
          .map((section) => {
            const { opened = 0, minutes = 0 } = readingOf.get(module.moduleId)?.[section._id] ?? {};
            return { sectionId: section._id, sectionTitle: section.title, opened, minutes };
          }),
      })),
    };
  }

  /**
   * Undoes a student's own completion of a section marked by mistake; a section whose check they passed stays
   * complete. Counters follow atomically; undoing a section not complete changes nothing.
   */
  async function undoComplete(caller: Caller, input: MarkCompleteInput): Promise<Progress> {
    if (input.studentId !== caller.userId) throw forbidden('You can only mark your own progress.');
    const key = { classId: input.classId, moduleId: input.moduleId, studentId: caller.userId };
    const [schoolClass, candidate, seen] = await Promise.all([
      requireClass(classes, caller, input.classId, 'student'),
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

  /**
   * The spec's answer: one row per student (by name), one entry per assigned module, for classes whose answer fits
   * (PAGE_LIMITS.unpagedReportBytesMax); larger classes are asked for in pages. Reads: the class item, then the
   * assigned modules, then the roster and the class's progress items at once.
   */
  async function classReport(caller: Caller, classId: string): Promise<ClassReportRow[]> {
    const schoolClass = await requireClass(classes, caller, classId, 'reader');
    const [assigned, summaries] = await Promise.all([
      modules.getModules(schoolClass.assignedModuleIds),
      checks.listCheckSummaries(schoolClass.assignedModuleIds),
    ]);
    const orderedModules = byTitle(assigned);
    if (orderedModules.length === 0 || schoolClass.studentCount === 0) return [];
    if (schoolClass.studentCount * rowBytes(orderedModules, summaries, schoolClass.prerequisites) > PAGE_LIMITS.unpagedReportBytesMax) {
      throw invalid(
        `This class's report is too large for one answer (${schoolClass.studentCount} students); ask for it in pages with limit and cursor.`,
      );
    }
    const [roster, records, scores, overrideRecords] = await Promise.all([
      classes.listAllStudents(classId),
      progress.listProgressOfClass(classId),
      attempts.listScoresOfClass(classId),
      overrides.listOverridesOfClass(classId),
    ]);
    const disabled = await people.disabledAmong(roster.map((student) => student.studentId));
    return toRows(schoolClass, roster, orderedModules, withStandings(records, scores), summaries, overrideRecords, disabled).sort((a, b) => a.studentName.localeCompare(b.studentName));
  }

  /**
   * One page of the report: at most `limit` (≤ 100) students in roster order, fewer when their rows would pass
   * PAGE_LIMITS.reportPageBytesMax. Three round trips whatever the class size: the class item; the modules and one
   * roster page at once; then every (student, module) progress item of the page by key, in parallel BatchGets.
   */
  async function classReportPage(caller: Caller, classId: string, page: { limit?: number; after?: string }): Promise<ClassReportPage> {
    const schoolClass = await requireClass(classes, caller, classId, 'reader');
    const limit = page.limit ?? PAGE_LIMITS.studentsMax;
    const [assigned, roster, summaries] = await Promise.all([
      modules.getModules(schoolClass.assignedModuleIds),
      classes.listStudents(classId, { limit, after: page.after }),
      checks.listCheckSummaries(schoolClass.assignedModuleIds),
    ]);
    const orderedModules = byTitle(assigned);
    const fitting = Math.max(1, Math.floor(PAGE_LIMITS.reportPageBytesMax / rowBytes(orderedModules, summaries, schoolClass.prerequisites)));
    const students = roster.students.slice(0, fitting);
    const next = students.length < roster.students.length ? students.at(-1)!.studentId : roster.next;
    const studentIds = students.map((student) => student.studentId);
    const plans = orderedModules.map((module) => ({
      moduleId: module.moduleId,
      sectionIds: module.sections.map((section) => section._id),
      checkedSectionIds: currentChecks(module, summaries).map((check) => check.sectionId),
    }));
    const [records, overrideRecords, disabled] =
      orderedModules.length === 0
        ? [[], [], new Set<string>()]
        : await Promise.all([
            progress.listProgressOfStudents(classId, plans, studentIds),
            overrides.listOverridesOfStudents(classId, orderedModules.map((module) => module.moduleId), studentIds),
            people.disabledAmong(studentIds),
          ]);
    return {
      rows: toRows(schoolClass, students, orderedModules, records, summaries, overrideRecords, disabled),
      studentCount: schoolClass.studentCount,
      ...(next ? { next: encodeCursor(next) } : {}),
    };
  }

  /**
   * Completion per module from the class's counters, and the students active in the last 7 days from its day items:
   * the class item, then at once its modules, its counters (one small item per module) and its 7 day items (one
   * BatchGet): 2 round trips whatever the number of students. A dashboard reads this per class, never the report.
   */
  async function classCompletion(caller: Caller, classId: string): Promise<ClassCompletion> {
    const schoolClass = await requireClass(classes, caller, classId, 'reader');
    const [assigned, counters, activeStudentIds, summaries, totals] = await Promise.all([
      modules.getModules(schoolClass.assignedModuleIds),
      progress.listCompletionCounters(classId),
      progress.listActiveStudents(classId, engagementDays(clock.now())),
      checks.listCheckSummaries(schoolClass.assignedModuleIds),
      attempts.getScoreTotals(classId),
    ]);
    const counterOf = new Map(counters.map((counter) => [counter.moduleId, counter]));
    const { studentCount } = schoolClass;
    const percent = (done: number, of: number) => (of === 0 ? 0 : Math.min(100, Math.round((done / of) * 100)));
    const rows = byTitle(assigned).map((module) => {
      // Every student's required sections: the core ones (review and extension are required of some students only,
      // optional of none); a student's own path is the report's, which reads their progress items.
      const required = module.sections.filter((section) => (section.role ?? DEFAULT_SECTION_ROLE) === DEFAULT_SECTION_ROLE).map((section) => section._id);
      const sections = required.length;
      const counter = counterOf.get(module.moduleId);
      const completions = counter ? completionsOfSections(counter, required) : 0;
      return { moduleId: module.moduleId, moduleTitle: module.title, sections, completions, percentage: percent(completions, studentCount * sections) };
    });
    const done = rows.reduce((sum, row) => sum + row.completions, 0);
    const possible = rows.reduce((sum, row) => sum + row.sections, 0) * studentCount;
    const scores = scoreTotals(assigned, summaries, totals);
    return {
      classId,
      studentCount,
      averagePercentage: percent(done, possible),
      modules: rows,
      activeStudentIds: activeStudentIds.sort(),
      ...(scores && { scores }),
    };
  }

  /** A teacher asks about one of their students; a student was checked as the caller already. */
  async function requireEnrolled(classId: string, studentId: string, caller: Caller) {
    if (studentId === caller.userId && isStudent(caller)) return;
    if (!(await classes.isEnrolled(classId, studentId))) throw notFound(STUDENT_NOT_ENROLLED);
  }

  /**
   * The module drill-down: every student of the class × the module's sections, with completion times. Reads the class
   * item, then at once the module, the whole roster (one Query per roster page, in a row) and the module's progress
   * items in the class (one query): 2 round trips for a class whose roster fits one page.
   */
  async function moduleReport(caller: Caller, classId: string, moduleId: string): Promise<ModuleReport> {
    const schoolClass = await requireClass(classes, caller, classId, 'reader');
    const [module, roster, records, summaries, scores, overrideRecords] = await Promise.all([
      requireAssignedModule(schoolClass, moduleId),
      classes.listAllStudents(classId),
      progress.listProgressOfClass(classId, moduleId),
      checks.listCheckSummaries([moduleId]),
      attempts.listScoresOfClass(classId, moduleId),
      overrides.listOverridesOfClass(classId, moduleId),
    ]);
    const byStudent = new Map(records.map((record) => [record.studentId, record]));
    const overridesOf = new Map(overrideRecords.map((record) => [record.studentId, record]));
    const scoresOf = new Map(scores.map((record) => [record.studentId, record]));
    const moduleChecks = currentChecks(module, summaries);
    const branches = hasBranches(module);
    return {
      moduleId,
      moduleTitle: module.title,
      sections: [...module.sections].sort((a, b) => a.order - b.order).map(({ _id, title }) => ({ _id, title })),
      ...(moduleChecks.length > 0 && { checks: moduleChecks.map(({ sectionId, passMark }) => ({ sectionId, passMark })) }),
      rows: roster
        .map(({ studentId, name, email }) => ({
          studentId,
          studentName: name,
          ...(email ? { studentEmail: email } : {}),
          completedAt: completionTimes(byStudent.get(studentId), module),
          ...(moduleChecks.length > 0 && { scores: standings(moduleChecks, scoresOf.get(studentId)) }),
          ...onPath(pathOfStudent(module, moduleChecks, byStudent.get(studentId), scoresOf.get(studentId)?.bySection, overridesOf.get(studentId)), branches),
        }))
        .sort((a, b) => a.studentName.localeCompare(b.studentName)),
    };
  }

  /** A drill-down row's path facts: the sections closed to the student (locked, skipped, excused) and the branch. */
  function onPath(path: StudentPath, branches: boolean): Pick<ModuleReport['rows'][number], 'closed' | 'branch'> {
    const closed = Object.fromEntries(
      path.sections.flatMap(({ sectionId, state }) => (state === 'locked' || state === 'skipped' || state === 'excused' ? [[sectionId, state] as const] : [])),
    );
    return { ...(Object.keys(closed).length > 0 && { closed }), ...(branches && { branch: path.branch }) };
  }

  async function requireAssignedModule(schoolClass: ClassRecord, moduleId: string): Promise<ModuleRecord> {
    const module = schoolClass.assignedModuleIds.includes(moduleId) ? await modules.getModule(moduleId) : undefined;
    if (!module) throw notFound(NOT_ASSIGNED);
    return module;
  }

  return { get, studentClassProgress, markComplete, undoComplete, recordReading, readingOfStudent, classReport, classReportPage, classCompletion, moduleReport };
}

export const NOT_ASSIGNED = 'This module is not assigned to this class.';
export const STUDENT_NOT_ENROLLED = 'This student is not enrolled in this class.';
const SECTION_NOT_FOUND = 'This section is not part of the module; reload the module and try again.';

const byTitle = (list: ModuleRecord[]) => [...list].sort((a, b) => a.title.localeCompare(b.title));

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

/**
 * First completions of the module's current sections: a removed section, or one whose completion was reset (a new
 * id), no longer counts. A counter whose total is more than its sections' counts holds completions from before it
 * counted per section; its total answers until `npm run migrate` splits it.
 */
function completionsOfSections(counter: CompletionCounter, sectionIds: string[]): number {
  const counted = Object.values(counter.bySection).reduce((sum, count) => sum + count, 0);
  if (counter.completions > counted) return counter.completions;
  return sectionIds.reduce((sum, sectionId) => sum + (counter.bySection[sectionId] ?? 0), 0);
}

/** Progress records with the standings on their checks, read apart (a student may have scores and no completion). */
function withStandings(records: ProgressRecord[], scores: ScoreRecord[]): ReportedProgress[] {
  const id = ({ studentId, moduleId }: { studentId: string; moduleId: string }) => `${studentId}|${moduleId}`;
  const scoresOf = new Map(scores.map((record) => [id(record), record]));
  const attemptedAt = (record: ScoreRecord | undefined) => (record?.lastAttemptAt !== undefined ? { lastAttemptAt: record.lastAttemptAt } : {});
  const withChecks = records.map((record) => ({ ...attemptedAt(scoresOf.get(id(record))), ...record, checks: scoresOf.get(id(record))?.bySection ?? {} }));
  const recorded = new Set(records.map(id));
  const scoredOnly = scores
    .filter((record) => !recorded.has(id(record)))
    .map((record) => ({ classId: record.classId, moduleId: record.moduleId, studentId: record.studentId, completedSections: [], checks: record.bySection, ...attemptedAt(record) }));
  return [...withChecks, ...scoredOnly];
}

function toRows(
  schoolClass: ClassRecord,
  roster: Enrolment[],
  orderedModules: ModuleRecord[],
  records: ReportedProgress[],
  summaries: Map<string, CheckSummary[]>,
  overrideRecords: PathOverrideRecord[],
  disabled: Set<string>,
): ClassReportRow[] {
  if (orderedModules.length === 0) return [];
  const byStudentAndModule = new Map(records.map((record) => [`${record.studentId}|${record.moduleId}`, record]));
  const overridesOf = new Map(overrideRecords.map((record) => [`${record.studentId}|${record.moduleId}`, record]));
  const checksOf = orderedModules.map((module) => currentChecks(module, summaries));
  const moduleById = new Map(orderedModules.map((module) => [module.moduleId, module]));
  return roster.map(({ studentId, name, email }) => {
    const studentRecords = orderedModules.map((module) => byStudentAndModule.get(`${studentId}|${module.moduleId}`));
    const studentIn = (moduleId: string) => {
      const record = byStudentAndModule.get(`${studentId}|${moduleId}`);
      return { progress: record, standings: record?.checks ?? {}, overrides: overridesOf.get(`${studentId}|${moduleId}`) };
    };
    return {
      studentId,
      studentName: name,
      ...(email ? { studentEmail: email } : {}),
      ...(disabled.has(studentId) ? { disabled: true } : {}),
      lastActivityAt: lastActivity(studentRecords),
      modules: orderedModules.map((module, index) => {
        const path = pathOfStudent(module, checksOf[index], studentRecords[index], undefined, overridesOf.get(`${studentId}|${module.moduleId}`));
        const waiting = unmetPrerequisite(schoolClass, module.moduleId, moduleById, summaries, studentIn)?.module;
        const cell = {
          ...moduleProgress(module, path),
          completedAt: completionTimes(studentRecords[index], module),
          ...(waiting && { waitsFor: { moduleId: waiting.moduleId, moduleTitle: waiting.title } }),
          ...(isStruggling(path, studentRecords[index]?.checks, checksOf[index]) && { struggling: true as const }),
        };
        const scores = scoreSummary(checksOf[index], studentRecords[index]?.checks);
        return scores ? { ...cell, scores } : cell;
      }),
    };
  });
}

/**
 * An upper bound of one report row's JSON bytes: the longest id, name and e-mail allowed, the last activity time, and
 * each module's entry with a completion time for every one of its sections and the prerequisite it may wait for.
 */
const ROW_OVERHEAD_BYTES = 64 + 48 + TEXT_LIMITS.idMaxLength + 5 * PEOPLE_LIMITS.emailMaxLength;
const TIME_ENTRY_BYTES = 32;
/** `"scores":{"checks":…,"passed":…,"meanBestPercent":…}` with the largest numbers, and `"struggling":true`. */
const SCORE_SUMMARY_BYTES = 64 + 18;
/** `"waitsFor":{"moduleId":…,"moduleTitle":…}` naming the prerequisite module. */
const waitsForBytes = (prerequisite: ModuleRecord | undefined) =>
  prerequisite ? 48 + utf8Bytes(JSON.stringify(prerequisite.moduleId)) + utf8Bytes(JSON.stringify(prerequisite.title)) : 0;
const rowBytes = (orderedModules: ModuleRecord[], summaries: Map<string, CheckSummary[]>, prerequisites: Record<string, string> = {}) =>
  ROW_OVERHEAD_BYTES +
  orderedModules.reduce(
    (sum, module) =>
      sum +
      96 +
      (summaries.has(module.moduleId) ? SCORE_SUMMARY_BYTES : 0) +
      waitsForBytes(orderedModules.find((candidate) => candidate.moduleId === prerequisites[module.moduleId])) +
      utf8Bytes(JSON.stringify(module.moduleId)) +
      utf8Bytes(JSON.stringify(module.title)) +
      module.sections.reduce((times, section) => times + TIME_ENTRY_BYTES + utf8Bytes(JSON.stringify(section._id)), 0),
    0,
  );
const utf8Bytes = (text: string) => new TextEncoder().encode(text).length;

/** Only sections still in the module count: removing a section in an edit removes it from everyone's progress. */
const currentSections = (record: ProgressRecord | undefined, module: ModuleRecord) => {
  const done = new Set(record?.completedSections ?? []);
  return module.sections.filter((section) => done.has(section._id)).map((section) => section._id);
};

/** When each current completed section was first completed; null for one completed before times were recorded. */
function completionTimes(record: ProgressRecord | undefined, module: ModuleRecord): Record<string, string | null> {
  return Object.fromEntries(currentSections(record, module).map((sectionId) => [sectionId, record?.completedAt?.[sectionId] ?? null]));
}

/**
 * A student's latest completion or attempt at a check over their progress items. An item written before completion
 * times were kept stands for its own updatedAt (when its last section was marked), so old progress still shows when
 * the student last worked.
 */
function lastActivity(records: (ProgressRecord | undefined)[]): string | null {
  return latestOf(
    records.map((record) => {
      if (!record) return null;
      const attempted = record.lastAttemptAt ?? null;
      if (record.completedSections.length === 0) return attempted;
      const times = [...Object.values(record.completedAt ?? {}), attempted];
      return Object.keys(record.completedAt ?? {}).length === record.completedSections.length ? latestOf(times) : latestOf([...times, record.updatedAt]);
    }),
  );
}

/** Attempted a check of the module without passing it, with the module not done: the report's "struggling". */
function isStruggling(path: StudentPath, standings: CheckStandings | undefined, moduleChecks: CheckSummary[]): boolean {
  if (path.requiredCount > 0 && path.completedRequiredCount === path.requiredCount) return false;
  return moduleChecks.some(({ sectionId }) => standings?.[sectionId] !== undefined && !standings[sectionId].passed && sectionOnPath(path, sectionId)?.state !== 'excused');
}

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
function moduleProgress(module: ModuleRecord, path: StudentPath): ModuleProgress {
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
