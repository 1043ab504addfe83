// Builds the check use cases (saving a check, taking it, its analysis and a student's attempts) over the table; each
// check handler calls it once, at cold start. Only the attempt route reports scores to LMSs (its deployment says
// `scoreReports`, and only its function has the queue): the others get a reporter that refuses.
import { makeCheckService } from '../checks/checks';
import type { ScoreReporter } from '../lti/port';
import { buildScoreReporter } from './lti-score-reports';
import { systemClock } from './system';
import { attemptStore, checkStore, classStore, moduleStore, pathOverrideStore, progressStore } from './table-stores';

const noScoreReports: ScoreReporter = {
  bestScoreChanged: () => Promise.reject(new Error('This function is not deployed to report scores (its route has no scoreReports).')),
};

export const buildCheckService = ({ reportsScores = false }: { reportsScores?: boolean } = {}) =>
  makeCheckService({
    classes: classStore(),
    modules: moduleStore(),
    checks: checkStore(),
    attempts: attemptStore(),
    progress: progressStore(),
    overrides: pathOverrideStore(),
    scoreReporter: reportsScores ? buildScoreReporter() : noScoreReports,
    clock: systemClock,
  });
