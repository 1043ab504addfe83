// Builds the path preview and path check over the table; their handlers call it once, at cold start.
import { makePathExplainService } from '../paths/path-explain';
import { checkStore, classStore, moduleStore } from './table-stores';

export const buildPathExplainService = () => makePathExplainService({ modules: moduleStore(), checks: checkStore(), classes: classStore() });
