// The class report's download: the whole class in one answer, whatever its size, from the report rows kept as students
// work instead of from every progress item. Writers count a change per (student, module) on the student's row in the
// transaction of the write; a cell is current while its module's count is the one it was computed at and its stamp
// (the module's sections and checks) still matches. Only the other cells are computed, from their progress and
// overrides read by key, and kept again on the condition that no write came meanwhile
// (docs/decisions/school-scale/report-rows-kept-as-students-work.md).
import { createHash } from 'node:crypto';
import type { ClassDownload, DownloadCell } from '@shared/contract/reports';
import type { CheckSummary } from '@shared/contract/checks';
import { latestOf } from '@shared/report-insight';
import type { Caller } from '../kernel/caller';
import { requireClass } from '../classes/classes';
import type { ModuleRecord } from '../modules/port';
import { pathOfStudent } from '../paths/paths';
import type { PathOverrideRecord } from '../paths/port';
import { byTitle, moduleProgress } from '../progress/progress';
import type { ReportedProgress } from '../progress/port';
import { currentChecks, scoreSummary } from '../progress/scores';
import type { ReportFigures, ReportRowRecord, ReportRowStore, StoredReportCell } from './port';
import { lastActivity, type ReportServicePorts } from './reports';

/** Rows kept at once: each is one small transaction. */
const SAVES_IN_FLIGHT = 25;

type DownloadPorts = Pick<ReportServicePorts, 'classes' | 'modules' | 'progress' | 'overrides' | 'checks' | 'budget'> & { reportRows: ReportRowStore };

interface ModuleBasis {
  module: ModuleRecord;
  checks: CheckSummary[];
  /** What the module's cells are computed against: a cell of another stamp is computed again. */
  stamp: string;
}

export type ClassDownloadService = ReturnType<typeof makeClassDownload>;

export function makeClassDownload({ classes, modules, progress, overrides, checks, budget, reportRows }: DownloadPorts) {
  /**
   * The class, then at once its modules, their checks, the roster and the kept rows (a query per row shard); then, only
   * for cells not current, their progress and overrides by key, and the rows kept again. Computes at most the budget's
   * cells, whole students at a time; with more to compute it keeps what it computed and answers how many students are left.
   */
  return async function classDownload(caller: Caller, classId: string): Promise<ClassDownload> {
    const schoolClass = await requireClass(classes, caller, classId, 'reader');
    const [assigned, summaries, roster, rows] = await Promise.all([
      modules.getModules(schoolClass.assignedModuleIds),
      checks.listCheckSummaries(schoolClass.assignedModuleIds),
      classes.listAllStudents(classId),
      reportRows.listReportRows(classId),
    ]);
    const bases = byTitle(assigned).map((module): ModuleBasis => {
      const moduleChecks = currentChecks(module, summaries);
      return { module, checks: moduleChecks, stamp: stampOf(module, moduleChecks) };
    });
    const rowOf = new Map(rows.map((row) => [row.studentId, row]));
    const staleOf = (studentId: string) => bases.filter((basis) => !isCurrent(rowOf.get(studentId), basis));

    const pending = roster.map(({ studentId }) => ({ studentId, stale: staleOf(studentId) })).filter(({ stale }) => stale.length > 0);
    const batch = withinBudget(pending, budget.downloadCells);
    const computed = await computeCells(classId, batch, rowOf);
    await keepRows(classId, computed);
    if (batch.length < pending.length) return { ready: false, studentCount: roster.length, pendingStudents: pending.length - batch.length };

    return {
      ready: true,
      modules: bases.map(({ module }) => ({ moduleId: module.moduleId, moduleTitle: module.title })),
      rows: roster
        .map(({ studentId, name, email }) => {
          const cells = bases.map(({ module }) => computed.get(studentId)?.[module.moduleId] ?? rowOf.get(studentId)!.cells[module.moduleId]!);
          return {
            studentId,
            studentName: name,
            ...(email ? { studentEmail: email } : {}),
            lastActivityAt: latestOf(cells.map((cell) => cell.lastActivityAt)),
            cells: cells.map(downloadCell),
          };
        })
        .sort((a, b) => a.studentName.localeCompare(b.studentName)),
    };
  };

  /** The figures of each pending student's stale cells, from their progress and overrides read by key (a module's students at once). */
  async function computeCells(classId: string, batch: Pending[], rowOf: Map<string, ReportRowRecord>): Promise<Map<string, Record<string, StoredReportCell>>> {
    const studentsOf = new Map<ModuleBasis, string[]>();
    for (const { studentId, stale } of batch) for (const basis of stale) studentsOf.set(basis, [...(studentsOf.get(basis) ?? []), studentId]);
    const reads = await Promise.all(
      [...studentsOf].map(async ([basis, studentIds]) => {
        const { moduleId } = basis.module;
        const plan = { moduleId, sectionIds: basis.module.sections.map((section) => section._id), checkedSectionIds: basis.checks.map((check) => check.sectionId) };
        const [records, overrideRecords] = await Promise.all([
          progress.listProgressOfStudents(classId, [plan], studentIds),
          overrides.listOverridesOfStudents(classId, [moduleId], studentIds),
        ]);
        return { basis, studentIds, records, overrideRecords };
      }),
    );
    const computed = new Map<string, Record<string, StoredReportCell>>();
    for (const { basis, studentIds, records, overrideRecords } of reads) {
      const recordOf = new Map(records.map((record) => [record.studentId, record]));
      const overridesOf = new Map(overrideRecords.map((record) => [record.studentId, record]));
      for (const studentId of studentIds) {
        const cells = computed.get(studentId) ?? {};
        const figures = figuresOf(basis, recordOf.get(studentId), overridesOf.get(studentId));
        cells[basis.module.moduleId] = { ...figures, seen: rowOf.get(studentId)?.changes[basis.module.moduleId] ?? 0, stamp: basis.stamp };
        computed.set(studentId, cells);
      }
    }
    return computed;
  }

  /** Keeps the computed cells, a few rows at a time; a row written meanwhile is not kept (the next download computes it). */
  async function keepRows(classId: string, computed: Map<string, Record<string, StoredReportCell>>): Promise<void> {
    const entries = [...computed];
    for (let start = 0; start < entries.length; start += SAVES_IN_FLIGHT) {
      await Promise.all(entries.slice(start, start + SAVES_IN_FLIGHT).map(([studentId, cells]) => reportRows.saveReportCells(classId, studentId, cells)));
    }
  }
}

interface Pending {
  studentId: string;
  stale: ModuleBasis[];
}

/** Whole students, in roster order, while their cells fit the budget (at least one, so every answer moves on). */
function withinBudget(pending: Pending[], cells: number): Pending[] {
  let used = 0;
  const batch: Pending[] = [];
  for (const student of pending) {
    if (batch.length > 0 && used + student.stale.length > cells) break;
    used += student.stale.length;
    batch.push(student);
  }
  return batch;
}

const isCurrent = (row: ReportRowRecord | undefined, { module, stamp }: ModuleBasis) => {
  const cell = row?.cells[module.moduleId];
  return cell !== undefined && cell.stamp === stamp && cell.seen === (row!.changes[module.moduleId] ?? 0);
};

/** A short hash of everything about the module a cell depends on besides the student: its sections and its checks. */
function stampOf(module: ModuleRecord, moduleChecks: CheckSummary[]): string {
  return createHash('sha256').update(JSON.stringify([module.sections, moduleChecks])).digest('base64url').slice(0, 12);
}

/** A student's figures in a module, as the class report's cell computes them (reports.ts). */
function figuresOf({ module, checks: moduleChecks }: ModuleBasis, record: ReportedProgress | undefined, own: PathOverrideRecord | undefined): ReportFigures {
  const { percentage, completed, total } = moduleProgress(module, pathOfStudent(module, moduleChecks, record, undefined, own));
  const scores = scoreSummary(moduleChecks, record?.checks);
  return { percentage, completed, total, ...(scores && { scores }), lastActivityAt: lastActivity([record]) };
}

const downloadCell = ({ percentage, completed, total, scores }: ReportFigures): DownloadCell =>
  scores ? [percentage, completed, total, scores.checks, scores.passed, scores.meanBestPercent] : [percentage, completed, total];
