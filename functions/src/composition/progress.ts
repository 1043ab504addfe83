// Builds the progress use cases (marking sections, a student's progress, the class reports with their scores) over
// the table; each progress handler calls it once, at cold start.
import { makeProgressService } from '../progress/progress';
import { systemClock } from './system';
import { attemptStore, checkStore, classStore, moduleStore, pathOverrideStore, peopleIndex, progressStore } from './table-stores';

export const buildProgressService = () =>
  makeProgressService({
    classes: classStore(),
    modules: moduleStore(),
    progress: progressStore(),
    overrides: pathOverrideStore(),
    checks: checkStore(),
    attempts: attemptStore(),
    people: peopleIndex(),
    clock: systemClock,
  });
