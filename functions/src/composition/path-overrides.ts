// Builds the per-student path override use cases over the table; each override handler calls it once, at cold start.
import { makePathOverrideService } from '../paths/path-overrides';
import { systemClock } from './system';
import { auditLog, checkStore, classStore, moduleStore, pathOverrideStore } from './table-stores';

export const buildPathOverrideService = () =>
  makePathOverrideService({ classes: classStore(), modules: moduleStore(), checks: checkStore(), overrides: pathOverrideStore(), audit: auditLog(), clock: systemClock });
