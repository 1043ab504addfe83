// The adapters a handler (composition root) wires at cold start, each reading only its own configuration when
// called. The table and the bucket are separate builders so a route without files bundles no S3 client.
import { randomUUID } from 'node:crypto';
import type { Clock, IdGenerator } from '../domain/ports';
import { makeClassRepository } from '../repositories/class-repository';
import { makeModuleRepository } from '../repositories/module-repository';
import { makeProgressRepository } from '../repositories/progress-repository';
import { makeDocumentClient } from './dynamodb-client';
import { requiredEnv } from './env';

/** The repositories over the table named by TABLE_NAME, sharing one client. */
export function tableStores() {
  const context = { client: makeDocumentClient(), tableName: requiredEnv('TABLE_NAME') };
  return {
    modules: makeModuleRepository(context),
    classes: makeClassRepository(context),
    progress: makeProgressRepository(context),
  };
}

export const systemClock: Clock = { now: () => new Date() };
export const randomIds: IdGenerator = { newId: () => randomUUID() };
