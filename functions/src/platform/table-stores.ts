// The table's adapters a handler (composition root) wires at cold start, reading their configuration only when
// called. Files (file-store.ts) and the clock and ids (system.ts) live in their own modules so that a route bundles
// only the SDK clients it uses: esbuild cannot drop an SDK import it sees in a module the handler imports.
import { makeTableRepositories } from '../repositories/table-repositories';
import { makeDocumentClient } from './dynamodb-client';
import { requiredEnv } from './env';

/** The repositories over the table named by TABLE_NAME, sharing one client. */
export function tableStores() {
  return makeTableRepositories({ client: makeDocumentClient(), tableName: requiredEnv('TABLE_NAME') });
}
