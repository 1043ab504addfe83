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
import { credentialsFor, type TargetStack } from './stack-config';

/** A stack's table with a client of its own: the local stack's, or a deployed one's (no endpoint: AWS, with the
 * shell's credentials) for the deployed test tier. */
export function localTableContext(config: Pick<TargetStack, 'region' | 'dynamodb'>): TableContext {
  const client = DynamoDBDocumentClient.from(
    new DynamoDBClient({ endpoint: config.dynamodb.endpoint, region: config.region, credentials: credentialsFor(config.dynamodb) }),
    { marshallOptions: { removeUndefinedValues: true } },
  );
  return { client, tableName: config.dynamodb.table };
}

export function localTableStores(config: Pick<TargetStack, 'region' | 'dynamodb'>) {
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
