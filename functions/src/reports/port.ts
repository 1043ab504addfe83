// What the teachers' reports need beyond the class, module, progress and check stores: how many rows one answer may
// carry, which the transport knows (the JSON size of an answer: platform/report-budget.ts).
import type { CheckSummary, ModuleScoreSummary } from '@shared/contract/checks';
import type { ModuleRecord } from '../modules/port';

/** What one row of the class report describes: the class's modules in report order, their checks and prerequisites. */
export interface ReportRowShape {
  modules: ModuleRecord[];
  summaries: Map<string, CheckSummary[]>;
  prerequisites?: Record<string, string>;
}

export interface ReportBudget {
  /** The most rows an answer without paging may carry; a larger class is asked for in pages. */
  unpagedRows(shape: ReportRowShape): number;
  /** The most rows one page may carry (a page carries at least one whatever this says). */
  pageRows(shape: ReportRowShape): number;
  /** How many (student, module) cells one download may compute from progress before it answers that it is not ready. */
  downloadCells: number;
}

/** A student's figures in one module, as the class report's download shows them, computed from their progress. */
export interface ReportFigures {
  percentage: number;
  completed: number;
  total: number;
  /** Absent when the module has no check. */
  scores?: ModuleScoreSummary;
  /** Their latest completion or attempt in the module (null: none). */
  lastActivityAt: string | null;
}

/**
 * A cell as kept: the figures, the module's change count they were computed at (`seen`), and the stamp of the
 * module's sections and checks they were computed against. It is current while both still hold.
 */
export interface StoredReportCell extends ReportFigures {
  seen: number;
  stamp: string;
}

/** A student's row of kept cells in a class, with each module's count of changes to their progress and overrides. */
export interface ReportRowRecord {
  studentId: string;
  changes: Record<string, number>;
  cells: Record<string, StoredReportCell>;
}

export interface ReportRowStore {
  /** Every kept row of the class (a few queries at once, whatever the class size). */
  listReportRows(classId: string): Promise<ReportRowRecord[]>;
  /**
   * Keeps cells computed for a student, all or none: only if each module's change count is still the cell's `seen`
   * (a write since then leaves the row to be computed again) and only while the student is enrolled. Answers whether
   * they were kept.
   */
  saveReportCells(classId: string, studentId: string, cells: Record<string, StoredReportCell>): Promise<boolean>;
}
