// Where the school's information system drops its nightly OneRoster package in the upload bucket: a package stored
// under this prefix is applied on arrival (the storage event's function, functions/src/rosters/handlers/sync-one-roster.ts).
// Outside `protected/`, so no upload route can write there and text extraction never sees it.
import { storedFilesPrefix } from './storage';

export const ONEROSTER_SYNC_PREFIX = storedFilesPrefix('oneRosterPackage');
