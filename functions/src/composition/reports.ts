// Builds the teachers' reports (the class report with its scores, completion, a module's drill-down, a student's
// reading) over the table, with the transport's budget of rows per answer; each report handler calls it once, at cold start.
import { reportBudget } from '../platform/report-budget';
import { makeClassDownload } from '../reports/class-download';
import { makeReportService } from '../reports/reports';
import type { TableContext } from '../table/table';
import { systemClock } from './system';
import { attemptStore, checkStore, classStore, moduleStore, pathOverrideStore, peopleIndex, progressStore, reportRowStore } from './table-stores';

export const buildReportService = () =>
  makeReportService({
    classes: classStore(),
    modules: moduleStore(),
    progress: progressStore(),
    overrides: pathOverrideStore(),
    checks: checkStore(),
    attempts: attemptStore(),
    people: peopleIndex(),
    budget: reportBudget,
    clock: systemClock,
  });

/**
 * The whole report's download, from the report rows (the class report's download handler calls it once, at cold
 * start; the migration on the table it migrates).
 */
export const buildClassDownload = (table?: TableContext) =>
  makeClassDownload({
    classes: classStore(table),
    modules: moduleStore(table),
    progress: progressStore(table),
    overrides: pathOverrideStore(table),
    checks: checkStore(table),
    budget: reportBudget,
    reportRows: reportRowStore(table),
  });
