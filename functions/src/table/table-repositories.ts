// Every repository over one table context: the one list that the Lambdas (composition/table-stores.ts) and code writing
// behind the API (local/table-stores.ts: seed, scripts, tests) both build from.
import { makeAttemptRepository } from '../checks/adapters/attempt-repository';
import { makeDynamoAuditLog } from '../audit/adapters/audit-repository';
import { makeCheckRepository } from '../checks/adapters/check-repository';
import { makeClassRepository } from '../classes/adapters/class-repository';
import { makeFileReferenceRepository } from '../modules/adapters/file-reference-repository';
import { makeModuleRepository } from '../modules/adapters/module-repository';
import { makeNoticeRepository } from '../notifications/adapters/notice-repository';
import { makePeopleIndexRepository } from '../people/adapters/people-index-repository';
import { makePersonAccessRepository } from '../people/adapters/person-access-repository';
import { makeRosterRepository } from '../rosters/adapters/roster-repository';
import { makeDomainSettingRepository } from '../school-sign-in/adapters/domain-setting-repository';
import { makeProgressRepository } from '../progress/adapters/progress-repository';
import { makeReportRowRepository } from '../reports/adapters/report-row-repository';
import type { TableContext } from './table';
import { makeLtiPlatformRepository } from '../lti/adapters/platform-repository';
import { makeLtiLinkRepository } from '../lti/adapters/launch-link-repository';
import { makeUploadRepository } from '../uploads/adapters/upload-repository';

export function makeTableRepositories(context: TableContext) {
  return {
    modules: makeModuleRepository(context),
    classes: makeClassRepository(context),
    rosters: makeRosterRepository(context),
    progress: makeProgressRepository(context),
    reportRows: makeReportRowRepository(context),
    audit: makeDynamoAuditLog(context),
    uploads: makeUploadRepository(context),
    fileReferences: makeFileReferenceRepository(context),
    notices: makeNoticeRepository(context),
    checks: makeCheckRepository(context),
    attempts: makeAttemptRepository(context),
    peopleIndex: makePeopleIndexRepository(context),
    personAccess: makePersonAccessRepository(context),
    ltiPlatforms: makeLtiPlatformRepository(context),
    ltiLinks: makeLtiLinkRepository(context),
    schoolSignInDomains: makeDomainSettingRepository(context),
  };
}
