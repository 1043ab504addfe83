// How a module's scores read wherever they are shown (report cells, syllabus, dashboard, CSV).
import type { ModuleScores, ModuleScoreSummary } from '@shared/contract/checks';

/** "78% (2/3 checks passed)"; "— (0/3 checks passed)" before any attempt. */
export function moduleScoreText(scores: ModuleScoreSummary): string {
  const mean = scores.meanBestPercent === null ? '—' : `${scores.meanBestPercent}%`;
  return `${mean} (${scores.passed}/${scores.checks} ${scores.checks === 1 ? 'check' : 'checks'} passed)`;
}

/** The student's own mean best percent over the modules given (each module's checks weighted by how many it has attempted). */
export function ownAverageScore(modules: { scores?: ModuleScores }[]): { percent: number; checks: number; passed: number } | null {
  const standings = modules.flatMap((module) => Object.values(module.scores?.bySection ?? {}));
  const attempted = standings.filter((standing) => standing.bestPercent !== null);
  if (attempted.length === 0) return null;
  const percent = Math.round(attempted.reduce((total, standing) => total + standing.bestPercent!, 0) / attempted.length);
  return { percent, checks: standings.length, passed: standings.filter((standing) => standing.passed).length };
}
