// Local twin of DynamoDB: dynalite in-process, with TransactWriteItems added (transactions.ts), and the single table
// created from the shared key schema.
import type { Server } from 'node:http';
import { CreateTableCommand, DescribeTableCommand, DynamoDBClient, waitUntilTableExists } from '@aws-sdk/client-dynamodb';
import dynalite from 'dynalite';
import dynaliteDb, { type DynaliteStore } from 'dynalite/db';
import { TABLE_KEYS } from '../shared/table';
import { closeServer, listen } from './listen';
import { LOCAL_CREDENTIALS } from './stack-config';
import { answerTransactWrite, TRANSACT_WRITE_TARGET } from './transactions';

export interface DatabaseTwin {
  endpoint: string;
  close(): Promise<void>;
}

/** Starts dynalite; with a directory its data survives restarts (one instance per directory), without it lives in memory. */
export async function startDatabase(options: { directory?: string; host: string; port: number }): Promise<DatabaseTwin> {
  const server = dynaliteWithTransactions({ ...(options.directory ? { path: options.directory } : {}), createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 });
  const port = await listen(server, options.port, options.host, 'dynamodb');
  return { endpoint: `http://${options.host}:${port}`, close: () => closeServer(server) };
}

/**
 * dynalite's server, answering TransactWriteItems itself over the store dynalite serves (dynalite builds that store
 * inside `dynalite()` and exposes it nowhere: its `db.create` is wrapped for that one call to keep it).
 */
function dynaliteWithTransactions(options: Parameters<typeof dynalite>[0]): Server {
  const create = dynaliteDb.create;
  let store: DynaliteStore | undefined;
  dynaliteDb.create = (storeOptions) => (store = create(storeOptions));
  let server: Server;
  try {
    server = dynalite(options);
  } finally {
    dynaliteDb.create = create;
  }
  const served = store;
  if (!served) throw new Error('dynalite built no store: its internals changed, see local/transactions.ts');
  const [dynaliteRequests] = server.listeners('request') as ((...args: unknown[]) => void)[];
  server.removeAllListeners('request');
  server.on('request', (request, response) =>
    request.headers['x-amz-target'] === TRANSACT_WRITE_TARGET ? answerTransactWrite(served, request, response) : dynaliteRequests(request, response),
  );
  return server;
}

/**
 * Creates the table (pk/sk, gsi1, on demand) unless it exists, and returns once it is ACTIVE: as in DynamoDB, CreateTable
 * answers while the table is CREATING, and a write in between is refused as if there were no table (seen as a flaky
 * first write on a loaded machine).
 */
export async function ensureTable(endpoint: string, region: string, tableName: string): Promise<void> {
  const client = new DynamoDBClient({ endpoint, region, credentials: LOCAL_CREDENTIALS });
  try {
    if ((await tableStatus(client, tableName)) === undefined) await createTable(client, tableName);
    await waitUntilTableExists({ client, maxWaitTime: 10, minDelay: 0.01, maxDelay: 0.1 }, { TableName: tableName });
  } finally {
    client.destroy();
  }
}

async function tableStatus(client: DynamoDBClient, tableName: string): Promise<string | undefined> {
  try {
    return (await client.send(new DescribeTableCommand({ TableName: tableName }))).Table?.TableStatus;
  } catch (error) {
    if ((error as Error).name === 'ResourceNotFoundException') return undefined;
    throw error;
  }
}

async function createTable(client: DynamoDBClient, tableName: string): Promise<void> {
  const index = TABLE_KEYS.byOwnerIndex;
  try {
    await client.send(
      new CreateTableCommand({
        TableName: tableName,
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: [TABLE_KEYS.partitionKey, TABLE_KEYS.sortKey, index.partitionKey, index.sortKey].map(
          (AttributeName) => ({ AttributeName, AttributeType: 'S' }),
        ),
        KeySchema: [
          { AttributeName: TABLE_KEYS.partitionKey, KeyType: 'HASH' },
          { AttributeName: TABLE_KEYS.sortKey, KeyType: 'RANGE' },
        ],
        GlobalSecondaryIndexes: [
          {
            IndexName: index.name,
            KeySchema: [
              { AttributeName: index.partitionKey, KeyType: 'HASH' },
              { AttributeName: index.sortKey, KeyType: 'RANGE' },
            ],
            Projection: { ProjectionType: 'ALL' },
          },
        ],
      }),
    );
  } catch (error) {
    // Created meanwhile by another start: waited for all the same.
    if ((error as Error).name !== 'ResourceInUseException') throw error;
  }
}
