// Builds a teacher's module list over the module store alone, so its route bundles neither S3 nor the other stores the
// module service needs.
import { makeModuleLibrary } from '../modules/modules';
import { moduleStore } from './table-stores';

export const buildModuleLibrary = () => makeModuleLibrary({ modules: moduleStore() });
