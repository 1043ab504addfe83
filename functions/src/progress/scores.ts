// Scores as the reports and progress reads show them: a student's standing on each of a module's current checks, and
// a class's Avg. Score totals over the checks of its assigned modules. Pure: the reads happen in the use cases.
import type { CheckStanding, CheckSummary, ModuleScores } from '@shared/contract/checks';
import type { ScoreTotals } from '@shared/contract/reports';
import type { ScoreRecord, ScoreTotalsRecord } from '../checks/port';
import type { ModuleRecord } from '../modules/port';
import type { CheckStandings } from './port';

/** The module's checks on sections it still has, in section order: a removed section's check no longer counts. */
export function currentChecks(module: ModuleRecord, summaries: Map<string, CheckSummary[]>): CheckSummary[] {
  const bySection = new Map((summaries.get(module.moduleId) ?? []).map((summary) => [summary.sectionId, summary]));
  return [...module.sections]
    .sort((a, b) => a.order - b.order)
    .flatMap((section) => {
      const summary = bySection.get(section._id);
      return summary ? [summary] : [];
    });
}

/** A student's standing on each check (none yet: no best, 0 attempts, not passed). */
export function standings(checks: CheckSummary[], attempted: CheckStandings | undefined): Record<string, CheckStanding> {
  return Object.fromEntries(
    checks.map(({ sectionId }) => {
      const standing = attempted?.[sectionId];
      return [sectionId, standing ? { ...standing } : { bestPercent: null, attempts: 0, passed: false }];
    }),
  );
}

/**
 * n of m checks passed and the mean best percent (of the checks attempted), from the standings on the checks
 * attempted; undefined for a module without checks.
 */
export function scoreSummary(
  checks: CheckSummary[],
  attempted: Record<string, { bestPercent: number; passed: boolean }> | undefined,
): Omit<ModuleScores, 'bySection'> | undefined {
  if (checks.length === 0) return undefined;
  const standingsOfChecks = checks.flatMap(({ sectionId }) => (attempted?.[sectionId] ? [attempted[sectionId]] : []));
  const bests = standingsOfChecks.map((standing) => standing.bestPercent);
  return {
    checks: checks.length,
    passed: standingsOfChecks.filter((standing) => standing.passed).length,
    meanBestPercent: bests.length === 0 ? null : Math.round(bests.reduce((sum, best) => sum + best, 0) / bests.length),
  };
}

/** The summary with the standing on each check: a student's own progress and the module drill-down. */
export function moduleScores(checks: CheckSummary[], record: ScoreRecord | undefined): ModuleScores | undefined {
  const summary = scoreSummary(checks, record?.bySection);
  return summary && { ...summary, bySection: standings(checks, record?.bySection) };
}

/** The class's sum and count of best percents over the current checks of these modules; undefined before any attempt. */
export function scoreTotals(modules: ModuleRecord[], summaries: Map<string, CheckSummary[]>, totals: ScoreTotalsRecord): ScoreTotals | undefined {
  let bestPercentSum = 0;
  let scoredCount = 0;
  for (const module of modules) {
    for (const { sectionId } of currentChecks(module, summaries)) {
      const total = totals[module.moduleId]?.[sectionId];
      bestPercentSum += total?.sum ?? 0;
      scoredCount += total?.count ?? 0;
    }
  }
  return scoredCount === 0 ? undefined : { bestPercentSum, scoredCount };
}
