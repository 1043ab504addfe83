// The repositories over a running local stack's table, for code that writes behind the API (the demo seed, scripts,
// tests): each caller gets its own client for the stack it names, so several stacks can live in one process.
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { makeDynamoAuditLog } from '../../functions/src/repositories/audit-repository';
import { makeClassRepository } from '../../functions/src/repositories/class-repository';
import { makeModuleRepository } from '../../functions/src/repositories/module-repository';
import { makeProgressRepository } from '../../functions/src/repositories/progress-repository';
import { credentialsFor, type TargetStack } from './stack-config';

/** Also over a deployed stack's table (no endpoint: AWS, with the shell's credentials), for the deployed test tier. */
export function localTableStores(config: Pick<TargetStack, 'region' | 'dynamodb'>) {
  const client = DynamoDBDocumentClient.from(
    new DynamoDBClient({ endpoint: config.dynamodb.endpoint, region: config.region, credentials: credentialsFor(config.dynamodb) }),
    { marshallOptions: { removeUndefinedValues: true } },
  );
  const context = { client, tableName: config.dynamodb.table };
  return {
    modules: makeModuleRepository(context),
    classes: makeClassRepository(context),
    progress: makeProgressRepository(context),
    audit: makeDynamoAuditLog(context),
    /** Closes the client's connections. */
    destroy: () => client.destroy(),
  };
}
