// Builds the teachers' reports (the class report with its scores, completion, a module's drill-down, a student's
// reading) over the table, with the transport's budget of rows per answer; each report handler calls it once, at cold start.
import { reportBudget } from '../platform/report-budget';
import { makeReportService } from '../reports/reports';
import { systemClock } from './system';
import { attemptStore, checkStore, classStore, moduleStore, pathOverrideStore, peopleIndex, progressStore } from './table-stores';

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
