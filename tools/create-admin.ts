// Creates the first administrator of a school, who then does everything else from the app. On the deployed stack the
// user pool and table come from the CloudFormation outputs (AWS credentials as for the AWS CLI) and Cognito e-mails
// the temporary password; on the local stack (LOCAL_STACK=.local/stack.json) the temporary password is printed.
// It goes through the same invitation use case as the admin screens, so it is audited like any other invitation.
import '../local/quiet-aws-sdk-notices';
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { makeCognitoUserDirectory } from '../functions/src/people/adapters/cognito-user-directory';
import { makePeopleService } from '../functions/src/people/people';
import { systemClock } from '../functions/src/composition/system';
import { makePeopleIndexRepository } from '../functions/src/people/adapters/people-index-repository';
import { makePersonAccessRepository } from '../functions/src/people/adapters/person-access-repository';
import { makeDynamoAuditLog } from '../functions/src/audit/adapters/audit-repository';
import { makeClassRepository } from '../functions/src/classes/adapters/class-repository';
import { makeRosterRepository } from '../functions/src/rosters/adapters/roster-repository';
import { makeModuleRepository } from '../functions/src/modules/adapters/module-repository';
import { makeRosterNames, makeSchoolFigures } from '../functions/src/people/adapters/school-adapters';
import { invitePersonSchema } from '../shared/contract/people';
import { deployedStage } from './stage-outputs';
import type { StackConfig } from '../local/stack-config';

const USAGE = `Usage: npm run create-admin -- --email <e-mail> --name "<full name>"
Uses the deployed stacks' outputs of the stage STAGE (required, e.g. STAGE=test; AWS credentials as for the AWS CLI), or LOCAL_STACK=.local/stack.json.`;

/** Who the audit trail names for changes made from the command line. */
export const SCRIPT_ACTOR = 'create-admin';

export interface AdminTarget {
  identity: CognitoIdentityProviderClient;
  documents: DynamoDBDocumentClient;
  userPoolId: string;
  tableName: string;
  local: boolean;
}

/** Creates the admin; answers the sentences to print, or throws an Error whose message is for the person. */
export async function createAdmin(args: string[], target: AdminTarget): Promise<string> {
  const { values } = parseArgs({ args, options: { email: { type: 'string' }, name: { type: 'string' } }, strict: true });
  const input = invitePersonSchema.safeParse({ email: values.email, name: values.name, role: 'Admins' });
  if (!input.success) throw new Error(`${input.error.issues[0].message}\n${USAGE}`);
  const table = { client: target.documents, tableName: target.tableName };
  const classes = makeClassRepository(table);
  const rosters = makeRosterRepository(table);
  const people = makePeopleService({
    directory: makeCognitoUserDirectory({ client: target.identity, userPoolId: target.userPoolId, local: target.local }),
    access: makePersonAccessRepository(table),
    index: makePeopleIndexRepository(table),
    audit: makeDynamoAuditLog(table),
    clock: systemClock,
    rosters: makeRosterNames(classes, rosters),
    figures: makeSchoolFigures(rosters, makeModuleRepository(table)),
  });
  const { person, temporaryPassword, created } = await people.invite({ userId: SCRIPT_ACTOR, roles: ['Admins'] }, input.data);
  // The API answers a repeat of a pending invitation with that person; run by hand, a repeat is a mistake to report.
  if (!created) {
    throw new Error(`${person.email} already has an account that has not signed in yet; an administrator can resend its invitation in /admin/people.`);
  }
  return temporaryPassword
    ? `Created administrator ${person.name} <${person.email}>. Temporary password: ${temporaryPassword}\nSign in at /admin-login; a new password is asked for at first sign-in.`
    : `Invited administrator ${person.name} <${person.email}>. Cognito has e-mailed them a temporary password; they sign in at /admin-login.`;
}

async function targetFromEnvironment(): Promise<AdminTarget> {
  const localStack = process.env.LOCAL_STACK;
  if (localStack) {
    const config = JSON.parse(readFileSync(localStack, 'utf8')) as StackConfig;
    const { credentials } = config;
    return {
      identity: new CognitoIdentityProviderClient({ endpoint: config.cognito.endpoint, region: config.region, credentials }),
      documents: DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: config.dynamodb.endpoint, region: config.region, credentials }), {
        marshallOptions: { removeUndefinedValues: true },
      }),
      userPoolId: config.cognito.userPoolId,
      tableName: config.dynamodb.table,
      local: true,
    };
  }
  const deployed = deployedStage('npm run create-admin -- --email <e-mail> --name "<full name>"');
  const [userPoolId, tableName] = await Promise.all([deployed.output('Auth', 'UserPoolId'), deployed.tableName()]);
  return {
    identity: new CognitoIdentityProviderClient({}),
    documents: DynamoDBDocumentClient.from(new DynamoDBClient({}), { marshallOptions: { removeUndefinedValues: true } }),
    userPoolId,
    tableName,
    local: false,
  };
}

if (require.main === module) {
  targetFromEnvironment()
    .then((target) => createAdmin(process.argv.slice(2), target))
    .then((sentence) => console.log(sentence))
    .catch((error: Error) => {
      console.error(error.message);
      process.exitCode = 1;
    });
}
