// Class administration from the command line (the admin screens do the same): create a class for a teacher and enrol
// students, by e-mail, through the same use cases as the admin routes (audited as "npm run classes").
// Works on a deployed stage (STAGE, required: the table and user pool from its settings and outputs, AWS credentials
// as for the AWS CLI)
// and on the local one (LOCAL_STACK=.local/stack.json).
import '../local/quiet-aws-sdk-notices';
import { readFileSync } from 'node:fs';
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { makeCognitoUserDirectory } from '../functions/src/people/adapters/cognito-user-directory';
import { makeClassAdminService } from '../functions/src/rosters/class-admin';
import type { AuditLog } from '../functions/src/audit/port';
import type { ClassStore } from '../functions/src/classes/port';
import type { RosterStore } from '../functions/src/rosters/port';
import type { PersonAccessStore } from '../functions/src/people/port';
import type { ProgressStore } from '../functions/src/progress/port';
import { makeDocumentClient } from '../functions/src/platform/dynamodb-client';
import { systemClock } from '../functions/src/composition/system';
import { makeDynamoAuditLog } from '../functions/src/audit/adapters/audit-repository';
import { makeClassRepository } from '../functions/src/classes/adapters/class-repository';
import { makeRosterRepository } from '../functions/src/rosters/adapters/roster-repository';
import { makePersonAccessRepository } from '../functions/src/people/adapters/person-access-repository';
import { makeProgressRepository } from '../functions/src/progress/adapters/progress-repository';
import type { StackConfig } from '../local/stack-config';
import { localTableStores } from '../local/table-stores';
import { identityClient } from '../local/users';
import { idSchema } from '../shared/contract/blocks';
import { DomainError } from '../functions/src/kernel/errors';
import { deployedStage } from './stage-outputs';

const USAGE = `Usage:
  npm run classes -- create <classId> "<class name>" <teacher e-mail>
  npm run classes -- enroll <classId> <student e-mail>
Environment: STAGE=<stage> (a deployed stage, AWS credentials as for the AWS CLI), or LOCAL_STACK=.local/stack.json.`;

export interface Directory {
  userPoolId: string;
  identity: CognitoIdentityProviderClient;
  classes: ClassStore;
  rosters: RosterStore;
  progress: Pick<ProgressStore, 'countProgressOfStudent'>;
  access: Pick<PersonAccessStore, 'read'>;
  audit: AuditLog;
}

/** Who the audit trail names for changes made with this script. */
export const SCRIPT_ACTOR = 'npm run classes';

/** Runs one command and answers the sentence to print; throws an Error whose message is for the person. */
export async function manageClasses(args: string[], directory: Directory): Promise<string> {
  const [command, classId, ...rest] = args;
  if (!classId || !idSchema('classId').safeParse(classId).success) throw new Error(USAGE);
  const { service, people } = classAdministration(directory, classId);
  const caller = { userId: SCRIPT_ACTOR, roles: ['Admins' as const] };
  const idOf = async (email: string) => {
    const person = await people.findByEmail(email.trim().toLowerCase());
    if (!person) throw new Error(`There is no user ${email}; invite them first.`);
    return person.userId;
  };

  try {
    if (command === 'create' && rest.length === 2) {
      const [className, teacherEmail] = rest;
      await service.create(caller, { className, teacherId: await idOf(teacherEmail) });
      return `Created class ${classId} "${className}", taught by ${teacherEmail}.`;
    }
    if (command === 'enroll' && rest.length === 1) {
      const [studentEmail] = rest;
      const [result] = await service.enrol(caller, classId, [await idOf(studentEmail)]);
      if (result.outcome !== 'enrolled' && result.outcome !== 'alreadyEnrolled') throw new Error(result.message);
      return `Enrolled ${studentEmail} in ${classId}.`;
    }
  } catch (error) {
    // The use cases' sentences are for a person, with what to do next.
    if (error instanceof DomainError && error.kind === 'conflict') return `Class ${classId} exists already; nothing changed.`;
    if (error instanceof DomainError && error.kind === 'notFound' && command === 'enroll') throw new Error(`There is no class ${classId}; create it first.`, { cause: error });
    throw error;
  }
  throw new Error(USAGE);
}

/** The same class administration use cases as the admin routes, with the class id given on the command line. */
function classAdministration({ identity, userPoolId, classes, rosters, progress, access, audit }: Directory, classId: string) {
  const people = makeCognitoUserDirectory({ client: identity, userPoolId });
  const service = makeClassAdminService({ classes, rosters, progress, directory: people, access, audit, clock: systemClock, ids: { newId: () => classId } });
  return { service, people };
}

/** Points the data layer at the local stack's twins, or at the deployed table. */
async function directoryFromEnvironment(): Promise<Directory> {
  const localStack = process.env.LOCAL_STACK;
  if (localStack) {
    const config = JSON.parse(readFileSync(localStack, 'utf8')) as StackConfig;
    const { classes, rosters, progress, personAccess, audit } = localTableStores(config);
    return { userPoolId: config.cognito.userPoolId, identity: identityClient(config), classes, rosters, progress, access: personAccess, audit };
  }
  const deployed = deployedStage('npm run classes -- <command>');
  const [userPoolId, tableName] = await Promise.all([deployed.output('Auth', 'UserPoolId'), deployed.tableName()]);
  const context = { client: makeDocumentClient(), tableName };
  return {
    userPoolId,
    identity: new CognitoIdentityProviderClient({}),
    classes: makeClassRepository(context),
    rosters: makeRosterRepository(context),
    progress: makeProgressRepository(context),
    access: makePersonAccessRepository(context),
    audit: makeDynamoAuditLog(context),
  };
}

if (require.main === module) {
  directoryFromEnvironment()
    .then((directory) => manageClasses(process.argv.slice(2), directory))
    .then((sentence) => console.log(sentence))
    .catch((error: Error) => {
      console.error(error.message);
      process.exitCode = 1;
    });
}
