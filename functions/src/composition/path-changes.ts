// Builds the path change preview over the table; its handler calls it once, at cold start.
import { makePathChangeService } from '../paths/path-changes';
import { checkStore, classStore, moduleStore, pathOverrideStore, progressStore } from './table-stores';

export const buildPathChangeService = () =>
  makePathChangeService({
    modules: moduleStore(),
    classes: classStore(),
    progress: progressStore(),
    overrides: pathOverrideStore(),
    checks: checkStore(),
  });
