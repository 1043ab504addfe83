// Every repository over one table context: the one list that the Lambdas (composition/table-stores.ts) and code writing
// behind the API (local/table-stores.ts: seed, scripts, tests) both build from.
import { makeAttemptRepository } from './attempt-repository';
import { makeDynamoAuditLog } from './audit-repository';
import { makeCheckRepository } from './check-repository';
import { makeClassRepository } from './class-repository';
import { makeFileReferenceRepository } from './file-reference-repository';
import { makeModuleRepository } from './module-repository';
import { makeNoticeRepository } from './notice-repository';
import { makePeopleIndexRepository } from './people-index-repository';
import { makePersonAccessRepository } from './person-access-repository';
import { makeProgressRepository } from './progress-repository';
import type { TableContext } from './table';
import { makeUploadRepository } from './upload-repository';

export function makeTableRepositories(context: TableContext) {
  return {
    modules: makeModuleRepository(context),
    classes: makeClassRepository(context),
    progress: makeProgressRepository(context),
    audit: makeDynamoAuditLog(context),
    uploads: makeUploadRepository(context),
    fileReferences: makeFileReferenceRepository(context),
    notices: makeNoticeRepository(context),
    checks: makeCheckRepository(context),
    attempts: makeAttemptRepository(context),
    peopleIndex: makePeopleIndexRepository(context),
    personAccess: makePersonAccessRepository(context),
  };
}
