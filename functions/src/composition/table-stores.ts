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

/** The table named by TABLE_NAME and one client for it, shared by every store the handler builds. */
function table(): TableContext {
  context ??= { client: makeDocumentClient(), tableName: requiredEnv('TABLE_NAME') };
  return context;
}

export const moduleStore = () => makeModuleRepository(table());
export const classStore = () => makeClassRepository(table());
export const rosterStore = () => makeRosterRepository(table());
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
export const reportRowStore = () => makeReportRowRepository(table());
export const personAccessStore = () => makePersonAccessRepository(table());
export const ltiPlatformStore = () => makeLtiPlatformRepository(table());
export const handshakeStore = () => makeHandshakeRepository(table());
export const ltiLinkStore = () => makeLtiLinkRepository(table());
export const signInCodeStore = () => makeSignInCodeRepository(table());
export const deepLinkingRequestStore = () => makeDeepLinkingRequestRepository(table());
export const oneRosterStore = () => makeOneRosterRepository(table());
export const erasureJobStore = () => makeErasureJobRepository(table());
export const personalDataSweep = () => makePersonalDataSweep(table());
export const domainSettingStore = () => makeDomainSettingRepository(table());
export const classArchiveStore = () => makeClassArchiveRepository(table());
export const retentionStore = () => makeRetentionRepository(table());
