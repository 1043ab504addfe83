// Wires the progress use cases (marking sections, reports with their scores) to their adapters; each progress
// handler calls it once, at cold start.
import { makeProgressService } from '../domain/progress';
import { systemClock } from '../platform/system';
import { attemptStore, checkStore, classStore, moduleStore, progressStore } from '../platform/table-stores';

export function buildProgressService() {
  return makeProgressService({
    classes: classStore(),
    modules: moduleStore(),
    progress: progressStore(),
    checks: checkStore(),
    attempts: attemptStore(),
    clock: systemClock,
  });
}
