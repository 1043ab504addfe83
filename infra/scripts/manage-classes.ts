// Administration until the product has screens for it: create a class for a teacher and enrol students, by e-mail.
// Works on the deployed stack (TABLE_NAME and USER_POOL_ID from its outputs, AWS credentials as for the AWS CLI)
// and on the local one (LOCAL_STACK=.local/stack.json).
import '../local/quiet-aws-sdk-notices';
import { readFileSync } from 'node:fs';
import {
  AdminGetUserCommand,
  AdminListGroupsForUserCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import type { ClassStore } from '../../functions/src/domain/ports';
import { makeDocumentClient } from '../../functions/src/platform/dynamodb-client';
import { requiredEnv } from '../../functions/src/platform/env';
import { makeClassRepository } from '../../functions/src/repositories/class-repository';
import type { Role } from '../../shared/roles';
import type { StackConfig } from '../local/stack-config';
import { localTableStores } from '../local/table-stores';
import { identityClient } from '../local/users';
import { idSchema } from '../../shared/schemas';

const USAGE = `Usage:
  npm run classes -- create <classId> "<class name>" <teacher e-mail>
  npm run classes -- enroll <classId> <student e-mail>
Environment: TABLE_NAME and USER_POOL_ID (stack outputs) with AWS credentials, or LOCAL_STACK=.local/stack.json.`;

export interface Directory {
  userPoolId: string;
  identity: CognitoIdentityProviderClient;
  classes: ClassStore;
}

/** Runs one command and answers the sentence to print; throws an Error whose message is for the person. */
export async function manageClasses(args: string[], directory: Directory): Promise<string> {
  const { classes } = directory;
  const [command, classId, ...rest] = args;
  if (!classId || !idSchema('classId').safeParse(classId).success) throw new Error(USAGE);

  if (command === 'create' && rest.length === 2) {
    const [className, teacherEmail] = rest;
    const teacherId = await userIdOf(directory, teacherEmail, 'Teachers');
    const created = await classes.insertClass({ classId, className, teacherId, teacherName: teacherEmail });
    return created ? `Created class ${classId} "${className}", taught by ${teacherEmail}.` : `Class ${classId} exists already; nothing changed.`;
  }
  if (command === 'enroll' && rest.length === 1) {
    const [studentEmail] = rest;
    const studentId = await userIdOf(directory, studentEmail, 'Students');
    if (!(await classes.getClass(classId))) throw new Error(`There is no class ${classId}; create it first.`);
    await classes.enrollStudent(classId, studentId, studentEmail);
    return `Enrolled ${studentEmail} in ${classId}.`;
  }
  throw new Error(USAGE);
}

/** The user's sub, after checking they are in the group the role needs. */
async function userIdOf({ identity, userPoolId }: Omit<Directory, 'classes'>, email: string, group: Role): Promise<string> {
  const user = await identity
    .send(new AdminGetUserCommand({ UserPoolId: userPoolId, Username: email }))
    .catch((error: Error) => {
      if (error.name === 'UserNotFoundException') throw new Error(`There is no user ${email}; invite them first.`);
      throw error;
    });
  // The pool's own username for the user (with e-mail sign-in it is not the e-mail).
  const { Groups = [] } = await identity.send(
    new AdminListGroupsForUserCommand({ UserPoolId: userPoolId, Username: user.Username }),
  );
  if (!Groups.some((each) => each.GroupName === group)) throw new Error(`${email} is not in the ${group} group.`);
  const sub = user.UserAttributes?.find((attribute) => attribute.Name === 'sub')?.Value;
  if (!sub) throw new Error(`The identity service returned no id for ${email}.`);
  return sub;
}

/** Points the data layer at the local stack's twins, or at the deployed table. */
function directoryFromEnvironment(): Directory {
  const localStack = process.env.LOCAL_STACK;
  if (localStack) {
    const config = JSON.parse(readFileSync(localStack, 'utf8')) as StackConfig;
    return {
      userPoolId: config.cognito.userPoolId,
      identity: identityClient(config),
      classes: localTableStores(config).classes,
    };
  }
  const userPoolId = process.env.USER_POOL_ID;
  if (!userPoolId || !process.env.TABLE_NAME) throw new Error(USAGE);
  return {
    userPoolId,
    identity: new CognitoIdentityProviderClient({}),
    classes: makeClassRepository({ client: makeDocumentClient(), tableName: requiredEnv('TABLE_NAME') }),
  };
}

if (require.main === module) {
  Promise.resolve()
    .then(() => manageClasses(process.argv.slice(2), directoryFromEnvironment()))
    .then((sentence) => console.log(sentence))
    .catch((error: Error) => {
      console.error(error.message);
      process.exitCode = 1;
    });
}
