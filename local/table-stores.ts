// The repositories over a running local stack's table, for code that writes behind the API (the demo seed, scripts,
// tests): each caller gets its own client for the stack it names, so several stacks can live in one process.
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { TableContext } from '../functions/src/table/table';
import { makeTableRepositories } from '../functions/src/table/table-repositories';
import { credentialsFor, type TargetStack } from './stack-config';

/** A stack's table with a client of its own: the local stack's, or a deployed one's (no endpoint: AWS, with the
 * shell's credentials) for the deployed test tier. */
export function localTableContext(config: Pick<TargetStack, 'region' | 'dynamodb' | 'credentials'>): TableContext {
  const client = DynamoDBDocumentClient.from(
    new DynamoDBClient({ endpoint: config.dynamodb.endpoint, region: config.region, credentials: credentialsFor(config) }),
    { marshallOptions: { removeUndefinedValues: true } },
  );
  return { client, tableName: config.dynamodb.table };
}

export function localTableStores(config: Pick<TargetStack, 'region' | 'dynamodb' | 'credentials'>) {
  const context = localTableContext(config);
  const { client } = context;
  return {
    ...makeTableRepositories(context),
    /** Closes the client's connections. */
    destroy: () => client.destroy(),
  };
}
