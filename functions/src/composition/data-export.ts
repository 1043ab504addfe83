// Builds a person's export over the stores of everything it reads, the user pool, and the bucket it writes the zip to;
// each data-export handler calls it once, at cold start.
import { makeChangeRecorder } from '../audit/audit';
import { makeDataExport } from '../data-export/data-export';
import { makeExportStorage } from '../data-export/adapters/export-storage';
import { makeFileReader } from '../uploads/adapters/file-reader';
import { requiredEnv } from '../platform/env';
import { fileLinks } from './file-links';
import { makeS3Client } from '../platform/s3-client';
import { randomIds, systemClock } from './system';
import {
  attemptStore,
  auditLog,
  checkStore,
  classStore,
  moduleStore,
  noticeStore,
  pathOverrideStore,
  peopleIndex,
  personAccessStore,
  progressStore,
} from './table-stores';
import { userDirectory } from './user-directory';

export function buildDataExport() {
  const client = makeS3Client();
  const bucketName = requiredEnv('BUCKET_NAME');
  const directory = userDirectory();
  const audit = auditLog();
  return makeDataExport({
    directory,
    people: peopleIndex(),
    access: personAccessStore(),
    classes: classStore(),
    progress: progressStore(),
    attempts: attemptStore(),
    checks: checkStore(),
    overrides: pathOverrideStore(),
    notices: noticeStore(),
    audit,
    modules: moduleStore(),
    files: makeFileReader({ client, bucketName }),
    storage: makeExportStorage({ client, bucketName, links: fileLinks() }),
    clock: systemClock,
    ids: randomIds,
    record: makeChangeRecorder({ directory, audit, clock: systemClock }),
  });
}
