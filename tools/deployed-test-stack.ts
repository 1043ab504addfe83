// Prepares a deployed stack for the tests that run after a deploy (`npm run test:deployed`): reads the stacks'
// outputs (the stage STAGE, required: it creates users, an admin among them; AWS credentials as for the AWS CLI), creates or resets five test users (two teachers, two students, an
// administrator; no e-mail is sent, their passwords are new on each run) with the same admin calls the local seed uses,
// and writes the stack config the test world reads. Usage: npm run test:deployed:setup [-- --out <file>]
import '../local/quiet-aws-sdk-notices';
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { CloudFormationClient } from '@aws-sdk/client-cloudformation';
import type { Role } from '../shared/roles';
import type { SeedUser, TargetStack } from '../local/stack-config';
import { ensureUser } from '../local/users';
import { deployedStage } from './stage-outputs';

const TEST_USERS: { email: string; role: Role; name: string }[] = [
  { email: 'test-teacher-1@example.com', role: 'Teachers', name: 'Test Teacher One' },
  { email: 'test-teacher-2@example.com', role: 'Teachers', name: 'Test Teacher Two' },
  { email: 'test-student-1@example.com', role: 'Students', name: 'Test Student One' },
  { email: 'test-student-2@example.com', role: 'Students', name: 'Test Student Two' },
  { email: 'test-admin@example.com', role: 'Admins', name: 'Test Admin' },
];

/** Upper and lower case, a digit and a symbol, whatever the pool's policy asks of those. */
const newPassword = () => `Tp-${randomBytes(12).toString('hex')}-9Z`;

export async function deployedTestStack(): Promise<TargetStack> {
  const cloudFormation = new CloudFormationClient({});
  const region = await cloudFormation.config.region();
  const { output, tableName } = deployedStage('npm run test:deployed:setup', cloudFormation);
  const url = await output('Web', 'AppUrl');
  const stack: Omit<TargetStack, 'users'> = {
    url,
    apiUrl: url, // CloudFront sends /api/* to the HTTP API, as for browsers
    region,
    cognito: {
      userPoolId: await output('Auth', 'UserPoolId'),
      userPoolClientId: await output('Auth', 'UserPoolClientId'),
    },
    s3: { bucket: await output('Data', 'UploadsBucketName') },
    dynamodb: { table: await tableName() },
  };
  const users: SeedUser[] = [];
  for (const user of TEST_USERS) {
    const password = newPassword();
    // Administration requires two-factor authentication: the test admin gets TOTP, its secret goes into the file.
    const { totpSecret } = await ensureUser(stack, { ...user, password, secondFactor: user.role === 'Admins' });
    users.push({ ...user, password, ...(totpSecret && { totpSecret }) });
  }
  return { ...stack, users };
}

if (require.main === module) {
  const { values } = parseArgs({ options: { out: { type: 'string', default: '.local/deployed-stack.json' } } });
  deployedTestStack()
    .then(async (stack) => {
      const out = path.resolve(values.out);
      await mkdir(path.dirname(out), { recursive: true });
      await writeFile(out, `${JSON.stringify(stack, null, 2)}\n`, { mode: 0o600 });
      console.log(`Wrote ${out} (test users' passwords inside). Run: STACK_CONFIG=${values.out} npm run test:deployed`);
    })
    .catch((error: Error) => {
      console.error(error.message);
      process.exitCode = 1;
    });
}
