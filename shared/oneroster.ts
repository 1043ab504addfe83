// Where the school's information system drops its nightly OneRoster package in the upload bucket: a package stored
// under the sync prefix is applied on arrival (the storage event's function, functions/src/rosters/handlers/sync-one-roster.ts),
// then deleted. The prefix is a stage setting (`oneRosterSyncPrefix`, infra/stages/<stage>.json; locally the
// ONEROSTER_SYNC_PREFIX environment variable), this one by default. Outside `protected/`, so no upload route can write
// there and text extraction never sees it.
import { FUNCTION_FILES_PREFIX, storedFilesPrefix } from './storage';

export const DEFAULT_ONEROSTER_SYNC_PREFIX = storedFilesPrefix('oneRosterPackage');

/** Why this cannot be the sync's prefix, or undefined when it can: folders of the bucket, outside the functions' files. */
export function syncPrefixProblem(prefix: string): string | undefined {
  if (!/^([a-z0-9][a-z0-9._-]*\/)+$/.test(prefix)) return 'use folder names of lower-case letters, digits, ".", "_" or "-", each ending with "/" (e.g. oneroster-sync/)';
  if (prefix.startsWith(FUNCTION_FILES_PREFIX)) return `must lie outside ${FUNCTION_FILES_PREFIX}, where the upload routes write`;
  return undefined;
}
