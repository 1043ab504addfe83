// Builds the read-only class administration use cases over the class and roster stores alone: their routes read no other store
// and call no directory (the caller's two-factor check aside), so their bundles carry neither.
import { makeClassAdminQueries } from '../rosters/class-admin';
import { classStore, rosterStore } from './table-stores';

export const buildClassAdminQueries = () => makeClassAdminQueries({ classes: classStore(), rosters: rosterStore() });
