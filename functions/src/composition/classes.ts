// Wires the class administration use cases to their adapters; each class administration handler calls it once.
import { makeClassAdminService } from '../domain/class-admin';
import { randomIds, systemClock } from '../platform/system';
import { tableStores } from '../platform/table-stores';
import { userDirectory } from '../platform/user-directory';

export function buildClassAdminService() {
  const { classes, progress, audit } = tableStores();
  return makeClassAdminService({ classes, progress, directory: userDirectory(), audit, clock: systemClock, ids: randomIds });
}
