// Use cases for the teachers' (and admins') reports over a class's progress: the class report (whole or in pages), its
// completion per module, one module's drill-down and one student's reading. A student's own progress is
// progress/progress.ts; how many rows one answer may carry is the transport's (the budget, platform/report-budget.ts).
import type { ClassCompletion, ClassReportPage, ClassReportRow, ModuleReport, StudentReading } from '@shared/contract/reports';
import type { CheckSummary } from '@shared/contract/checks';
import { PAGE_LIMITS } from '@shared/constants';
import { encodeCursor } from '@shared/contract/blocks';
import { DEFAULT_SECTION_ROLE } from '@shared/paths';
import { engagementDays, latestOf } from '@shared/report-insight';
import type { Caller } from '../kernel/caller';
import { invalid, notFound } from '../kernel/errors';
import type { Clock } from '../kernel/ports';
import { requireClass } from '../classes/classes';
import type { AttemptStore, CheckStore } from '../checks/port';
import type { ClassRecord, ClassStore, Enrolment } from '../classes/port';
import type { ModuleRecord, ModuleStore } from '../modules/port';
import type { StudentPath } from '@shared/path-rules';
import { hasBranches, pathOfStudent, sectionOnPath } from '../paths/paths';
import type { PathOverrideRecord, PathOverrideStore } from '../paths/port';
import { unmetPrerequisite } from '../paths/prerequisites';
import type { PeopleIndex } from '../people/port';
import { byTitle, currentSections, moduleProgress, NOT_ASSIGNED, STUDENT_NOT_ENROLLED } from '../progress/progress';
import type { CheckStandings, CompletionCounter, ProgressRecord, ProgressStore, ReportedProgress } from '../progress/port';
import { currentChecks, scoreSummary, scoreTotals, standings } from '../progress/scores';
import type { ReportBudget } from './port';

export interface ReportServicePorts {
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
  /** How many rows one answer may carry. */
  budget: ReportBudget;
  clock: Clock;
}

export type ReportService = ReturnType<typeof makeReportService>;

export function makeReportService({ classes, modules, progress, overrides, checks, attempts, people, budget, clock }: ReportServicePorts) {
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
   * The spec's answer: one row per student (by name), one entry per assigned module, for classes whose answer fits
   * (the budget's unpaged rows); larger classes are asked for in pages. Reads: the class item, then the
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
    if (schoolClass.studentCount > budget.unpagedRows({ modules: orderedModules, summaries, prerequisites: schoolClass.prerequisites })) {
      throw invalid(
        `This class's report is too large for one answer (${schoolClass.studentCount} students); ask for it in pages with limit and cursor.`,
      );
    }
    const [roster, records, overrideRecords] = await Promise.all([
      classes.listAllStudents(classId),
      progress.listProgressOfClass(classId),
      overrides.listOverridesOfClass(classId),
    ]);
    const disabled = await people.disabledAmong(roster.map((student) => student.studentId));
    return toRows(schoolClass, roster, orderedModules, records, summaries, overrideRecords, disabled).sort((a, b) => a.studentName.localeCompare(b.studentName));
  }

  /**
   * One page of the report: at most `limit` (≤ 100) students in roster order, fewer when their rows would pass
   * the budget of a page. Three round trips whatever the class size: the class item; the modules and one
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
    const fitting = Math.max(1, budget.pageRows({ modules: orderedModules, summaries, prerequisites: schoolClass.prerequisites }));
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
   * Completion per module from the class's counters, the students active in the last 7 days from their day items,
   * and the average score from the score totals: the class item, then at once its modules, its counter shards (one
   * Query), one Query per day and its score totals shards (one Query): 2 round trips whatever the number of students.
   * A dashboard reads this per class, never the report.
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

  /**
   * The module drill-down: every student of the class × the module's sections, with completion times. Reads the class
   * item, then at once the module, the whole roster (one Query per roster page, in a row) and the module's progress
   * items in the class (one query): 2 round trips for a class whose roster fits one page.
   */
  async function moduleReport(caller: Caller, classId: string, moduleId: string): Promise<ModuleReport> {
    const schoolClass = await requireClass(classes, caller, classId, 'reader');
    const [module, roster, records, summaries, overrideRecords] = await Promise.all([
      requireAssignedModule(schoolClass, moduleId),
      classes.listAllStudents(classId),
      progress.listProgressOfClass(classId, moduleId),
      checks.listCheckSummaries([moduleId]),
      overrides.listOverridesOfClass(classId, moduleId),
    ]);
    const byStudent = new Map(records.map((record) => [record.studentId, record]));
    const overridesOf = new Map(overrideRecords.map((record) => [record.studentId, record]));
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
          ...(moduleChecks.length > 0 && { scores: standings(moduleChecks, byStudent.get(studentId)?.checks) }),
          ...onPath(pathOfStudent(module, moduleChecks, byStudent.get(studentId), undefined, overridesOf.get(studentId)), branches),
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

  return { readingOfStudent, classReport, classReportPage, classCompletion, moduleReport };
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

/** When each current completed section was first completed; null for one completed before times were recorded. */
function completionTimes(record: ProgressRecord | undefined, module: ModuleRecord): Record<string, string | null> {
  return Object.fromEntries(currentSections(record, module).map((sectionId) => [sectionId, record?.completedAt?.[sectionId] ?? null]));
}

/**
 * A student's latest completion or attempt at a check over their progress items. An item written before completion
 * times were kept stands for its own updatedAt (when its last section was marked), so old progress still shows when
 * the student last worked.
 */
export function lastActivity(records: (ProgressRecord | undefined)[]): string | null {
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
