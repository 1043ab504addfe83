// The table's adapters a handler (composition root) wires at cold start, reading their configuration only when
// called. Files (file-store.ts) and the clock and ids (system.ts) live in their own modules so that a route bundles
// only the SDK clients it uses: esbuild cannot drop an SDK import it sees in a module the handler imports.
import { makeDynamoAuditLog } from '../repositories/audit-repository';
import { makeClassRepository } from '../repositories/class-repository';
import { makeFileReferenceRepository } from '../repositories/file-reference-repository';
import { makeModuleRepository } from '../repositories/module-repository';
import { makeNoticeRepository } from '../repositories/notice-repository';
import { makeProgressRepository } from '../repositories/progress-repository';
import { makeUploadRepository } from '../repositories/upload-repository';
import { makeDocumentClient } from './dynamodb-client';
import { requiredEnv } from './env';

/** The repositories over the table named by TABLE_NAME, sharing one client. */
export function tableStores() {
  const context = { client: makeDocumentClient(), tableName: requiredEnv('TABLE_NAME') };
  return {
    modules: makeModuleRepository(context),
    classes: makeClassRepository(context),
    progress: makeProgressRepository(context),
    audit: makeDynamoAuditLog(context),
    uploads: makeUploadRepository(context),
    fileReferences: makeFileReferenceRepository(context),
    notices: makeNoticeRepository(context),
  };
}
