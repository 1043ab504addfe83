// How many rows of the class report one answer carries, from the JSON size of a row: an unpaged answer stays under
// PAGE_LIMITS.unpagedReportBytesMax (a Lambda's response is at most 6 MB) and a page under PAGE_LIMITS.reportPageBytesMax.
// The reports' use cases (reports/reports.ts) receive it as their budget; bytes are the transport's business.
import { PAGE_LIMITS, TEXT_LIMITS } from '@shared/constants';
import { PEOPLE_LIMITS } from '@shared/people';
import type { ModuleRecord } from '../modules/port';
import type { ReportBudget, ReportRowShape } from '../reports/port';

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
const rowBytes = ({ modules: orderedModules, summaries, prerequisites = {} }: ReportRowShape) =>
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

export const reportBudget: ReportBudget = {
  unpagedRows: (shape) => Math.floor(PAGE_LIMITS.unpagedReportBytesMax / rowBytes(shape)),
  pageRows: (shape) => Math.floor(PAGE_LIMITS.reportPageBytesMax / rowBytes(shape)),
  // A cell computed is one progress item read, and each student's cells one write: 10,000 (500 students of 20 modules)
  // fit the route's 10 seconds with room to spare.
  downloadCells: 10_000,
};
