// `npm run migrate`: brings a table written by earlier versions to today's data model and repairs the counts the app
// keeps (functions/src/migrations/table-migration.ts). Idempotent: run it any number of times, on the deployed table
// of a stage (STAGE, required: table, user pool and bucket from its settings and outputs; AWS credentials as for the AWS
// CLI) or the local one (LOCAL_STACK=.local/stack.json).
// The user pool is read for the students' e-mails that older enrolment items lack, and the people index (the table's
// searchable copy of the user pool) is rebuilt from it: the repair after people were changed outside the app. The
// upload bucket is read for the text of section files stored before text extraction
// (functions/src/migrations/text-backfill.ts).
import '../local/quiet-aws-sdk-notices';
import { readFileSync } from 'node:fs';
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { makeCognitoUserDirectory } from '../functions/src/people/adapters/cognito-user-directory';
import { describePeopleIndex, rebuildPeopleIndex } from '../functions/src/people/people';
import { makeDocumentClient } from '../functions/src/platform/dynamodb-client';
import { makePeopleIndexRepository } from '../functions/src/people/adapters/people-index-repository';
import { describeMigration, migrateTable } from '../functions/src/migrations/table-migration';
import { makeSectionTextRepository } from '../functions/src/search/adapters/section-text-repository';
import { backfillTexts, gatherLibraryTerms } from '../functions/src/migrations/text-backfill';
import { textExtractionOver } from '../functions/src/composition/text-extraction';
import { makeLibraryTermsStore } from '../functions/src/search/adapters/library-terms-store';
import { makeFileReader } from '../functions/src/uploads/adapters/file-reader';
import { S3Client } from '@aws-sdk/client-s3';
import { credentialsFor } from '../local/stack-config';
import type { StackConfig } from '../local/stack-config';
import { localTableContext } from '../local/table-stores';
import { identityClient } from '../local/users';
import { deployedStage } from './stage-outputs';

/** The deployed stage's table, user pool and bucket (STAGE), or nothing on the local stack. */
async function deployedNames(localStack: string | undefined) {
  if (localStack) return undefined;
  const deployed = deployedStage('npm run migrate');
  const [tableName, userPoolId, bucketName] = await Promise.all([deployed.tableName(), deployed.output('Auth', 'UserPoolId'), deployed.output('Data', 'UploadsBucketName')]);
  return { tableName, userPoolId, bucketName };
}

if (require.main === module) {
  const localStack = process.env.LOCAL_STACK;
  void deployedNames(localStack).then(
    (names) => migrate(localStack, names),
    (error: Error) => {
      console.error(`${error.message}\nOn the local stack: LOCAL_STACK=.local/stack.json npm run migrate.`);
      process.exitCode = 1;
    },
  );
}

function migrate(localStack: string | undefined, names: { tableName: string; userPoolId: string; bucketName: string } | undefined) {
  const { tableName, userPoolId, bucketName } = names ?? {};
  const config = localStack ? (JSON.parse(readFileSync(localStack, 'utf8')) as StackConfig) : undefined;
  const context = config ? localTableContext(config) : { client: makeDocumentClient(), tableName: tableName! };
  const identity = config ? identityClient(config) : new CognitoIdentityProviderClient({});
  const directory = makeCognitoUserDirectory({ client: identity, userPoolId: config?.cognito.userPoolId ?? userPoolId! });
  const s3 = config
    ? new S3Client({ endpoint: config.s3.endpoint, region: config.region, forcePathStyle: true, credentials: credentialsFor(config), requestChecksumCalculation: 'WHEN_REQUIRED' })
    : new S3Client({});
  const texts = makeSectionTextRepository(context);
  const bucket = { client: s3, bucketName: config?.s3.bucket ?? bucketName! };
  const libraryTerms = makeLibraryTermsStore(bucket);
  const extraction = textExtractionOver({
    files: makeFileReader(bucket),
    texts,
    libraryTerms,
    log: { warn: (message, details) => console.warn(message, JSON.stringify(details)) },
  });
  migrateTable(context, directory)
    .then(async (summary) => {
      console.log(describeMigration(summary));
      console.log(describePeopleIndex(await rebuildPeopleIndex({ directory, index: makePeopleIndexRepository(context) })));
    })
    .then(() => backfillTexts(context, texts, extraction))
    .then((extracted) => console.log(`Text extracted from ${extracted} section file(s) stored before text extraction.`))
    .then(() => gatherLibraryTerms(context, texts, libraryTerms))
    .then((teachers) => console.log(`Search terms gathered for ${teachers} teacher(s)' libraries.`))
    .catch((error: Error) => {
      console.error(error.message);
      process.exitCode = 1;
    })
    .finally(() => {
      context.client.destroy();
      identity.destroy();
      s3.destroy();
    });
}
