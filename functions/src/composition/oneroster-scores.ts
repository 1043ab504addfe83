// Builds scores out (a class's OneRoster gradebook) over the class report's stores, the OneRoster links, and the
// bucket it writes the zip to; its handler calls it once, at cold start.
import { makeExportStorage } from '../data-export/adapters/export-storage';
import { requiredEnv } from '../platform/env';
import { fileLinks } from './file-links';
import { makeS3Client } from '../platform/s3-client';
import { makeOneRosterScores } from '../rosters/oneroster-scores';
import { randomIds, systemClock } from './system';
import { attemptStore, checkStore, classStore, moduleStore, oneRosterStore } from './table-stores';

export const buildOneRosterScores = () =>
  makeOneRosterScores({
    classes: classStore(),
    modules: moduleStore(),
    checks: checkStore(),
    attempts: attemptStore(),
    links: oneRosterStore(),
    storage: makeExportStorage({ client: makeS3Client(), bucketName: requiredEnv('BUCKET_NAME'), links: fileLinks() }),
    clock: systemClock,
    ids: randomIds,
  });
