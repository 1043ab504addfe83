// Builds the progress use cases (marking sections, a student's progress, the class reports with their scores) over
// the table; each progress handler calls it once, at cold start.
import { makeProgressService } from '../domain/progress';
import { systemClock } from './system';
import { attemptStore, checkStore, classStore, moduleStore, progressStore } from './table-stores';

export const buildProgressService = () =>
  makeProgressService({
    classes: classStore(),
    modules: moduleStore(),
    progress: progressStore(),
    checks: checkStore(),
    attempts: attemptStore(),
    clock: systemClock,
  });
