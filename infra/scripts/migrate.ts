// `npm run migrate`: brings a table written by earlier versions to today's data model and repairs the counts the app
// keeps (functions/src/repositories/table-migration.ts). Idempotent: run it any number of times, on the deployed table
// (TABLE_NAME, AWS credentials as for the AWS CLI) or the local one (LOCAL_STACK=.local/stack.json).
import '../local/quiet-aws-sdk-notices';
import { readFileSync } from 'node:fs';
import { makeDocumentClient } from '../../functions/src/platform/dynamodb-client';
import { describeMigration, migrateTable } from '../../functions/src/repositories/table-migration';
import type { StackConfig } from '../local/stack-config';
import { localTableContext } from '../local/table-stores';

if (require.main === module) {
  const localStack = process.env.LOCAL_STACK;
  const tableName = process.env.TABLE_NAME;
  if (!localStack && !tableName) {
    console.error('Usage: TABLE_NAME=<table> npm run migrate (deployed), or LOCAL_STACK=.local/stack.json npm run migrate (local).');
    process.exitCode = 1;
  } else {
    const context = localStack
      ? localTableContext(JSON.parse(readFileSync(localStack, 'utf8')) as StackConfig)
      : { client: makeDocumentClient(), tableName: tableName! };
    migrateTable(context)
      .then((summary) => console.log(describeMigration(summary)))
      .catch((error: Error) => {
        console.error(error.message);
        process.exitCode = 1;
      })
      .finally(() => context.client.destroy());
  }
}
