// The table's adapters the service builders wire at cold start, one function per store, so that a route's bundle
// carries only the repositories its use case is given: esbuild leaves out a repository module no import reaches, and
// cannot drop one behind a function that builds every store. Files (file-store.ts), the directory (user-directory.ts)
// and the clock and ids (system.ts) live in their own modules for the same reason (their SDK clients).
import { makeAttemptRepository } from '../checks/adapters/attempt-repository';
import { makeDynamoAuditLog } from '../audit/adapters/audit-repository';
import { makeDraftQuota } from '../checks/adapters/draft-quota';
import { makeErasureJobRepository } from '../erasure/adapters/erasure-job-repository';
import { makePersonalDataSweep } from '../erasure/adapters/personal-data-sweep';
import { makeCheckRepository } from '../checks/adapters/check-repository';
import { makeClassArchiveRepository, makeClassRepository } from '../classes/adapters/class-repository';
import { makeFileReferenceRepository } from '../modules/adapters/file-reference-repository';
import { makeModuleRepository } from '../modules/adapters/module-repository';
import { makeNoticeRepository } from '../notifications/adapters/notice-repository';
import { makePeopleIndexRepository } from '../people/adapters/people-index-repository';
import { makePersonAccessRepository } from '../people/adapters/person-access-repository';
import { makeReportRowRepository } from '../reports/adapters/report-row-repository';
import { makePathOverrideRepository } from '../paths/adapters/path-override-repository';
import { makeProgressRepository } from '../progress/adapters/progress-repository';
import { makeRosterRepository } from '../rosters/adapters/roster-repository';
import { makeOneRosterRepository } from '../rosters/adapters/oneroster-repository';
import { makeRetentionRepository } from '../school-year/adapters/retention-repository';
import { makeRequestCounter } from '../table/request-counter';
import { makeSectionTextRepository } from '../search/adapters/section-text-repository';
import { makeSettledDraftStore } from '../checks/adapters/settled-drafts';
import { makeDomainSettingRepository } from '../school-sign-in/adapters/domain-setting-repository';
import type { TableContext } from '../table/table';
import { makeUploadRepository } from '../uploads/adapters/upload-repository';
import { makeDocumentClient } from '../platform/dynamodb-client';
import { makeLtiPlatformRepository } from '../lti/adapters/platform-repository';
import { makeHandshakeRepository } from '../lti/adapters/handshake-repository';
import { makeLtiLinkRepository } from '../lti/adapters/launch-link-repository';
import { makeDeepLinkingRequestRepository, makeSignInCodeRepository } from '../lti/adapters/launch-session-repository';
import { requiredEnv } from '../platform/env';

let context: TableContext | undefined;

/**
 * The table named by TABLE_NAME and one client for it, shared by every store the handler builds; a store is given
 * another table only by a tool that names its own (the migration).
 */
function table(): TableContext {
  context ??= { client: makeDocumentClient(), tableName: requiredEnv('TABLE_NAME') };
  return context;
}

export const moduleStore = (on: TableContext = table()) => makeModuleRepository(on);
export const classStore = (on: TableContext = table()) => makeClassRepository(on);
export const rosterStore = (on: TableContext = table()) => makeRosterRepository(on);
export const progressStore = (on: TableContext = table()) => makeProgressRepository(on);
export const auditLog = (on: TableContext = table()) => makeDynamoAuditLog(on);
export const uploadStore = (on: TableContext = table()) => makeUploadRepository(on);
export const fileReferenceStore = (on: TableContext = table()) => makeFileReferenceRepository(on);
export const noticeStore = (on: TableContext = table()) => makeNoticeRepository(on);
export const requestCounter = (on: TableContext = table()) => makeRequestCounter(on);
export const checkStore = (on: TableContext = table()) => makeCheckRepository(on);
export const attemptStore = (on: TableContext = table()) => makeAttemptRepository(on);
export const draftQuota = (on: TableContext = table()) => makeDraftQuota(on);
export const settledDraftStore = (on: TableContext = table()) => makeSettledDraftStore(on);
export const sectionTextStore = (on: TableContext = table()) => makeSectionTextRepository(on);
export const peopleIndex = (on: TableContext = table()) => makePeopleIndexRepository(on);
export const pathOverrideStore = (on: TableContext = table()) => makePathOverrideRepository(on);
export const reportRowStore = (on: TableContext = table()) => makeReportRowRepository(on);
export const personAccessStore = (on: TableContext = table()) => makePersonAccessRepository(on);
export const ltiPlatformStore = (on: TableContext = table()) => makeLtiPlatformRepository(on);
export const handshakeStore = (on: TableContext = table()) => makeHandshakeRepository(on);
export const ltiLinkStore = (on: TableContext = table()) => makeLtiLinkRepository(on);
export const signInCodeStore = (on: TableContext = table()) => makeSignInCodeRepository(on);
export const deepLinkingRequestStore = (on: TableContext = table()) => makeDeepLinkingRequestRepository(on);
export const oneRosterStore = (on: TableContext = table()) => makeOneRosterRepository(on);
export const erasureJobStore = (on: TableContext = table()) => makeErasureJobRepository(on);
export const personalDataSweep = (on: TableContext = table()) => makePersonalDataSweep(on);
export const domainSettingStore = (on: TableContext = table()) => makeDomainSettingRepository(on);
export const classArchiveStore = (on: TableContext = table()) => makeClassArchiveRepository(on);
export const retentionStore = (on: TableContext = table()) => makeRetentionRepository(on);
