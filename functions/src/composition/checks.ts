// Wires the check use cases to their adapters; each check handler calls it once, at cold start.
import { makeCheckService } from '../domain/checks';
import { systemClock } from '../platform/system';
import { attemptStore, checkStore, classStore, moduleStore, progressStore } from '../platform/table-stores';

export function buildCheckService() {
  return makeCheckService({
    classes: classStore(),
    modules: moduleStore(),
    checks: checkStore(),
    attempts: attemptStore(),
    progress: progressStore(),
    clock: systemClock,
  });
}
