// The repositories over a running local stack's table, for code that writes behind the API (the demo seed, scripts,
// tests): each caller gets its own client for the stack it names, so several stacks can live in one process.
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { makeDynamoAuditLog } from '../../functions/src/repositories/audit-repository';
import { makeClassRepository } from '../../functions/src/repositories/class-repository';
import { makeFileReferenceRepository } from '../../functions/src/repositories/file-reference-repository';
import { makeModuleRepository } from '../../functions/src/repositories/module-repository';
import { makeProgressRepository } from '../../functions/src/repositories/progress-repository';
import { makeUploadRepository } from '../../functions/src/repositories/upload-repository';
import type { TableContext } from '../../functions/src/repositories/table';
import { LOCAL_CREDENTIALS, type StackConfig } from './stack-config';

/** The local stack's table, with a client of its own. */
export function localTableContext(config: Pick<StackConfig, 'region' | 'dynamodb'>): TableContext {
  const client = DynamoDBDocumentClient.from(
    new DynamoDBClient({ endpoint: config.dynamodb.endpoint, region: config.region, credentials: LOCAL_CREDENTIALS }),
    { marshallOptions: { removeUndefinedValues: true } },
  );
  return { client, tableName: config.dynamodb.table };
}

export function localTableStores(config: Pick<StackConfig, 'region' | 'dynamodb'>) {
  const context = localTableContext(config);
  const { client } = context;
  return {
    modules: makeModuleRepository(context),
    classes: makeClassRepository(context),
    progress: makeProgressRepository(context),
    audit: makeDynamoAuditLog(context),
    uploads: makeUploadRepository(context),
    fileReferences: makeFileReferenceRepository(context),
    /** Closes the client's connections. */
    destroy: () => client.destroy(),
  };
}
