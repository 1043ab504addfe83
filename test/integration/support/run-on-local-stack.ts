// `npm run test:deployed:local` (CI): the tests that run after a deploy, against a local stack started here the way
// `npm start` runs one, reached only through its URLs and the stack config file, as a deployed stack would be.
import '@local/quiet-aws-sdk-notices';
import { spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { SeedUser } from '@local/stack-config';
import { createUser, startLocalStack, TEST_CALLER_RATE_LIMIT } from '../harness';

const USERS: SeedUser[] = [
  { email: 'teacher@example.com', password: 'Deployed-teacher-1', role: 'Teachers', name: 'Ada Teacher' },
  { email: 'teacher2@example.com', password: 'Deployed-teacher-2', role: 'Teachers', name: 'Ben Teacher' },
  { email: 'student@example.com', password: 'Deployed-student-1', role: 'Students', name: 'Sam Student' },
  { email: 'student2@example.com', password: 'Deployed-student-2', role: 'Students', name: 'Kim Student' },
  { email: 'admin@example.com', password: 'Deployed-admin-1', role: 'Admins', name: 'Alex Admin' },
];

async function main(): Promise<number> {
  const stack = await startLocalStack({ seed: false, callerRateLimit: TEST_CALLER_RATE_LIMIT });
  try {
    // One at a time: the identity twin keeps a pool in one file.
    const users: SeedUser[] = [];
    for (const user of USERS) {
      // Administration requires two-factor authentication: the admin turns it on, and the tests sign in with codes.
      const { totpSecret } = await createUser(stack.config, { ...user, secondFactor: user.role === 'Admins' });
      users.push({ ...user, ...(totpSecret && { totpSecret }) });
    }
    const configFile = path.join(stack.dataDir, 'deployed-test-stack.json');
    await writeFile(configFile, `${JSON.stringify({ ...stack.config, users }, null, 2)}\n`);
    const jest = spawn('npx', ['jest', '--config', 'jest.deployed.config.ts', ...process.argv.slice(2)], {
      stdio: 'inherit',
      env: { ...process.env, STACK_CONFIG: configFile },
    });
    return await new Promise<number>((resolve) => jest.on('exit', (code) => resolve(code ?? 1)));
  } finally {
    await stack.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
