// Builds the OneRoster import over the table, the user pool and the upload bucket, with the people and class
// administration use cases it makes its changes through; its handlers (the route and the bucket's sync) call it once.
import { makeOneRosterImport } from '../rosters/oneroster-import';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { makeFileReader } from '../uploads/adapters/file-reader';
import { makeFileStorage } from '../uploads/adapters/file-storage';
import { requiredEnv, schoolSignInOn } from '../platform/env';
import { makeS3Client } from '../platform/s3-client';
import { buildClassAdminService } from './class-admin';
import { buildPeopleService } from './people';
import { randomIds, systemClock } from './system';
import { auditLog, classStore, oneRosterStore, peopleIndex, progressStore, rosterStore } from './table-stores';
import { userDirectory } from './user-directory';

export function buildOneRosterImport() {
  const client = makeS3Client();
  const bucketName = requiredEnv('BUCKET_NAME');
  const { deleteFiles } = makeFileStorage({ client, bucketName, presign: getSignedUrl });
  return makeOneRosterImport({
    files: { ...makeFileReader({ client, bucketName }), deleteFiles },
    links: oneRosterStore(),
    directory: userDirectory(),
    index: peopleIndex(),
    people: buildPeopleService(),
    classAdmin: buildClassAdminService(),
    rosters: rosterStore(),
    classes: classStore(),
    progress: progressStore(),
    audit: auditLog(),
    clock: systemClock,
    ids: randomIds,
    invitations: schoolSignInOn() ? 'none' : 'email',
  });
}
