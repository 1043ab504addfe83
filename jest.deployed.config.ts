/** @jest-config-loader esbuild-register */
// The tests that run after a deploy: the role × route matrix, the smoke journey and a role change reaching the tokens
// its person holds, against the stack named by
// STACK_CONFIG (`npm run test:deployed`; `npm run test:deployed:local` starts a local stack for them, as CI does).
import type { Config } from 'jest';
import { esModuleOnlyPackages } from './jest.config';

if (!process.env.STACK_CONFIG) {
  throw new Error(
    'STACK_CONFIG names no stack: after `npx cdk deploy --all`, run `npm run test:deployed:setup` and then ' +
      '`STACK_CONFIG=.local/deployed-stack.json npm run test:deployed` (or `npm run test:deployed:local`).',
  );
}

const config: Config = {
  displayName: 'deployed',
  testEnvironment: 'node',
  // The harness imports the local stack, whose LTI keys come from jose (ES modules only).
  ...esModuleOnlyPackages,
  testMatch: [
    '<rootDir>/test/integration/role-matrix.test.ts',
    '<rootDir>/test/integration/smoke-journey.test.ts',
    '<rootDir>/test/integration/role-change-tokens.test.ts',
  ],
  testTimeout: 120_000,
  // One stack, one pool: the files run one after the other.
  maxWorkers: 1,
};

export default config;
