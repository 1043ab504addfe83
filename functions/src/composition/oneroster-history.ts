// The OneRoster runs' history alone: its route reads one partition of the table and bundles nothing else.
import { makeOneRosterHistory } from '../rosters/oneroster-import';
import { oneRosterStore } from './table-stores';

export const buildOneRosterHistory = () => makeOneRosterHistory({ links: oneRosterStore() });
