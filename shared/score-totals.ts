// The dashboard's Avg. Score, apart from the checks' schemas so a page can compute it without loading zod.
import type { ScoreTotals } from './contract/reports';

/**
 * The teacher dashboard's Avg. Score: the mean of each student's best percent over every check of the teacher's
 * classes, from each class's totals (absent before the first attempt); null ("—") when no student has attempted any
 * check. Whole percent.
 */
export function averageBestPercent(totals: (ScoreTotals | undefined)[]): number | null {
  const sum = totals.reduce((total, each) => total + (each?.bestPercentSum ?? 0), 0);
  const count = totals.reduce((total, each) => total + (each?.scoredCount ?? 0), 0);
  return count === 0 ? null : Math.round(sum / count);
}
