// What the teachers' reports need beyond the class, module, progress and check stores: how many rows one answer may
// carry, which the transport knows (the JSON size of an answer: platform/report-budget.ts).
import type { CheckSummary } from '@shared/contract/checks';
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
}
