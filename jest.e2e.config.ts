/** @jest-config-loader esbuild-register */
// Browser tests: Playwright drives Debian's Chromium against the local stack (`npm run test:e2e`, which builds the
// web app first). One seeded stack serves the whole run (test/e2e/support/global-setup.ts); test files run one at
// a time on this 2-core machine, each with its own browser and a fresh context per test.
import type { Config } from 'jest';
import { esModuleOnlyPackages } from './jest.config';

const config: Config = {
  displayName: 'e2e',
  testEnvironment: 'node',
  // The seeded stack extracts its files' text in this process.
  ...esModuleOnlyPackages,
  testMatch: ['<rootDir>/test/e2e/**/*.test.ts'],
  globalSetup: '<rootDir>/test/e2e/support/global-setup.ts',
  globalTeardown: '<rootDir>/test/e2e/support/global-teardown.ts',
  testTimeout: 120_000,
  maxWorkers: 1,
};

export default config;
