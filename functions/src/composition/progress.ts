// Builds a student's own progress use cases (marking sections, their reading, their progress in a module or a class)
// over the table; each progress handler calls it once, at cold start.
import { makeProgressService } from '../progress/progress';
import { systemClock } from './system';
import { attemptStore, checkStore, classStore, moduleStore, pathOverrideStore, progressStore } from './table-stores';

export const buildProgressService = () =>
  makeProgressService({
    classes: classStore(),
    modules: moduleStore(),
    progress: progressStore(),
    overrides: pathOverrideStore(),
    checks: checkStore(),
    attempts: attemptStore(),
    clock: systemClock,
  });
