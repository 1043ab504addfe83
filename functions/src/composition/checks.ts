// Builds the check use cases (saving a check, taking it, its analysis and a student's attempts) over the table; each
// check handler calls it once, at cold start.
import { makeCheckService } from '../checks/checks';
import { buildScoreReporter } from './lti-score-reports';
import { systemClock } from './system';
import { attemptStore, checkStore, classStore, moduleStore, pathOverrideStore, progressStore } from './table-stores';

export const buildCheckService = () =>
  makeCheckService({
    classes: classStore(),
    modules: moduleStore(),
    checks: checkStore(),
    attempts: attemptStore(),
    progress: progressStore(),
    overrides: pathOverrideStore(),
    scoreReporter: buildScoreReporter(),
    clock: systemClock,
  });
