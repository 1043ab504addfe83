// Starts ONE local stack (seeded, free ports, temporary data) for the whole browser run and hands its config to the
// test files through a JSON file named in $LEARNING_PATHS_E2E_STACK_FILE. The handlers keep the endpoints they were
// first loaded with, so a stack per test file would not work in one process; the tests create their own users,
// classes and modules and so do not step on each other.
// First: the imports below reach files that use the path aliases.
import { forgetPathAliases } from './path-aliases';
import { register } from 'esbuild-register/dist/node';
import { appendFileSync, existsSync } from 'node:fs';
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startLocalStack, TEST_CALLER_RATE_LIMIT, type LocalStack } from '../../integration/harness';
import { STACK_FILE_ENV } from './stack-file';

declare global {
  // Read back by global-teardown.ts (same process).
  var __E2E_STACK__: { stack: LocalStack; dir: string; unregister(): void } | undefined;
}

const REPO_ROOT = path.resolve(__dirname, '../../..');

export default async function globalSetup(): Promise<void> {
  const started = Date.now();
  const webRoot = path.join(REPO_ROOT, 'web', 'dist');
  if (!existsSync(path.join(webRoot, 'index.html'))) {
    throw new Error(`No built web app in ${webRoot}: run the browser tests with \`npm run test:e2e\` (it builds first).`);
  }
  // Notes of the previous run would mislead; screenshots are overwritten by name.
  const artifacts = path.join(REPO_ROOT, '.artifacts');
  await rm(path.join(artifacts, 'axe-moderate-and-minor.txt'), { force: true });
  await rm(path.join(artifacts, 'e2e-last-state'), { recursive: true, force: true });

  const dir = await mkdtemp(path.join(os.tmpdir(), 'learning-paths-e2e-'));
  // The local API server loads each handler (TypeScript) on its first request. Jest compiles TypeScript only while
  // this function runs, so the stack, which lives on until the teardown, gets a require hook of its own.
  const { unregister: unregisterEsbuild } = register({ target: 'node24' });
  const unregister = () => {
    unregisterEsbuild();
    forgetPathAliases();
  };
  const cleanUp = async () => {
    unregister();
    await rm(dir, { recursive: true, force: true });
  };

  let stack: LocalStack;
  try {
    // A private copy of the build: someone rebuilding web/dist in this tree during the run must not pull it away.
    const servedWebRoot = path.join(dir, 'web');
    await cp(webRoot, servedWebRoot, { recursive: true });
    if (!existsSync(path.join(servedWebRoot, 'index.html'))) {
      throw new Error(`${webRoot} was emptied while it was being copied (a rebuild in this tree?); run again.`);
    }
    // Password reset codes, which the real service e-mails, for the tests to read (stack.ts: latestResetCode).
    const codesFile = path.join(dir, 'identity-codes.log');
    stack = await startLocalStack({
      seed: true,
      webRoot: servedWebRoot,
      callerRateLimit: TEST_CALLER_RATE_LIMIT,
      // The LMS twin on a free port, registered in the tool (test/e2e/lti-loop.test.ts).
      ltiPlatform: true,
      onIdentityCode: ({ email, code }) => appendFileSync(codesFile, `${email} ${code}\n`),
    });
  } catch (error) {
    await cleanUp();
    throw error;
  }

  try {
    const file = path.join(dir, 'stack.json');
    await writeFile(file, JSON.stringify({ config: stack.config, codesFile: path.join(dir, 'identity-codes.log') }, null, 2));
    process.env[STACK_FILE_ENV] = file;
  } catch (error) {
    await stack.stop();
    await cleanUp();
    throw error;
  }
  globalThis.__E2E_STACK__ = { stack, dir, unregister };
  console.log(`\nLocal stack for the browser tests at ${stack.config.url} (started in ${Date.now() - started} ms)`);
}
