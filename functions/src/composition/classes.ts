// Wires the class administration use cases to their adapters; each class administration handler calls it once.
import { makeClassAdminService } from '../domain/class-admin';
import { randomIds, systemClock } from '../platform/system';
import { auditLog, classStore, progressStore } from '../platform/table-stores';
import { userDirectory } from '../platform/user-directory';

export function buildClassAdminService() {
  return makeClassAdminService({
    classes: classStore(),
    progress: progressStore(),
    directory: userDirectory(),
    audit: auditLog(),
    clock: systemClock,
    ids: randomIds,
  });
}
