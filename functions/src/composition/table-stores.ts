// The table's adapters the service builders wire at cold start, one function per store, so that a route's bundle
// carries only the repositories its use case is given: esbuild leaves out a repository module no import reaches, and
// cannot drop one behind a function that builds every store. Files (file-store.ts), the directory (user-directory.ts)
// and the clock and ids (system.ts) live in their own modules for the same reason (their SDK clients).
import { makeAttemptRepository } from '../repositories/attempt-repository';
import { makeDynamoAuditLog } from '../repositories/audit-repository';
import { makeDraftQuota } from '../repositories/draft-quota';
import { makeCheckRepository } from '../repositories/check-repository';
import { makeClassRepository } from '../repositories/class-repository';
import { makeFileReferenceRepository } from '../repositories/file-reference-repository';
import { makeModuleRepository } from '../repositories/module-repository';
import { makeNoticeRepository } from '../repositories/notice-repository';
import { makePeopleIndexRepository } from '../repositories/people-index-repository';
import { makePersonAccessRepository } from '../repositories/person-access-repository';
import { makePathOverrideRepository } from '../repositories/path-override-repository';
import { makeProgressRepository } from '../repositories/progress-repository';
import { makeRequestCounter } from '../repositories/request-counter';
import { makeSectionTextRepository } from '../repositories/section-text-repository';
import { makeSettledDraftStore } from '../repositories/settled-drafts';
import type { TableContext } from '../repositories/table';
import { makeUploadRepository } from '../repositories/upload-repository';
import { makeDocumentClient } from '../platform/dynamodb-client';
import { requiredEnv } from '../platform/env';

let context: TableContext | undefined;

/** The table named by TABLE_NAME and one client for it, shared by every store the handler builds. */
function table(): TableContext {
  context ??= { client: makeDocumentClient(), tableName: requiredEnv('TABLE_NAME') };
  return context;
}

export const moduleStore = () => makeModuleRepository(table());
export const classStore = () => makeClassRepository(table());
export const progressStore = () => makeProgressRepository(table());
export const auditLog = () => makeDynamoAuditLog(table());
export const uploadStore = () => makeUploadRepository(table());
export const fileReferenceStore = () => makeFileReferenceRepository(table());
export const noticeStore = () => makeNoticeRepository(table());
export const requestCounter = () => makeRequestCounter(table());
export const checkStore = () => makeCheckRepository(table());
export const attemptStore = () => makeAttemptRepository(table());
export const draftQuota = () => makeDraftQuota(table());
export const settledDraftStore = () => makeSettledDraftStore(table());
export const sectionTextStore = () => makeSectionTextRepository(table());
export const peopleIndex = () => makePeopleIndexRepository(table());
export const pathOverrideStore = () => makePathOverrideRepository(table());
export const personAccessStore = () => makePersonAccessRepository(table());
