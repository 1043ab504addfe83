// ensureTable returns only once the table takes writes: DynamoDB answers CreateTable while the table is CREATING, and
// refuses a write until it is ACTIVE; the twin does the same (for a moment), which made a first write flaky.
import type { AddressInfo } from 'node:net';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import dynalite from 'dynalite';
import { ensureTable } from './database';
import { closeServer } from './listen';
import { LOCAL_CREDENTIALS } from './stack-config';

it('returns once a table that takes a while to create is ACTIVE, so the first write lands', async () => {
  // As slow as DynamoDB can be to make a table ACTIVE, in miniature.
  const server = dynalite({ createTableMs: 300 });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const client = DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint, region: 'us-east-1', credentials: LOCAL_CREDENTIALS }));
  try {
    await ensureTable(endpoint, 'us-east-1', 'slow-table');
    await expect(client.send(new PutCommand({ TableName: 'slow-table', Item: { pk: 'P', sk: 'S' } }))).resolves.toBeDefined();
    // Again on a table that exists: nothing to create, nothing to wait for.
    await ensureTable(endpoint, 'us-east-1', 'slow-table');
  } finally {
    client.destroy();
    await closeServer(server);
  }
});
