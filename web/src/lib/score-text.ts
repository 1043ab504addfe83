// How a module's scores read wherever they are shown (report cells, syllabus, dashboard, CSV).
import type { ModuleScores, ModuleScoreSummary, ScoreTotals } from '@shared/checks';

/** "78% (2/3 checks passed)"; "— (0/3 checks passed)" before any attempt. */
export function moduleScoreText(scores: ModuleScoreSummary): string {
  const mean = scores.meanBestPercent === null ? '—' : `${scores.meanBestPercent}%`;
  return `${mean} (${scores.passed}/${scores.checks} ${scores.checks === 1 ? 'check' : 'checks'} passed)`;
}

/**
 * The mean of each student's best percent per check, over the totals given; null when nothing was attempted. The same
 * rule as `averageBestPercent` in shared/checks.ts, which the dashboard cannot import without loading zod with it.
 */
export function averageScore(totals: (ScoreTotals | undefined)[]): number | null {
  const sum = totals.reduce((total, each) => total + (each?.bestPercentSum ?? 0), 0);
  const count = totals.reduce((total, each) => total + (each?.scoredCount ?? 0), 0);
  return count === 0 ? null : Math.round(sum / count);
}

/** The student's own mean best percent over the modules given (each module's checks weighted by how many it has attempted). */
export function ownAverageScore(modules: { scores?: ModuleScores }[]): { percent: number; checks: number; passed: number } | null {
  const standings = modules.flatMap((module) => Object.values(module.scores?.bySection ?? {}));
  const attempted = standings.filter((standing) => standing.bestPercent !== null);
  if (attempted.length === 0) return null;
  const percent = Math.round(attempted.reduce((total, standing) => total + standing.bestPercent!, 0) / attempted.length);
  return { percent, checks: standings.length, passed: standings.filter((standing) => standing.passed).length };
}
