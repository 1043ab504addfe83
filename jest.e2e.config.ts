/** @jest-config-loader esbuild-register */
// Browser tests: Playwright drives Debian's Chromium against the local stack (`npm run test:e2e`).
import type { Config } from 'jest';
import { transform } from './jest.config';

const config: Config = {
  displayName: 'e2e',
  testEnvironment: 'node',
  transform,
  testMatch: ['<rootDir>/test/e2e/**/*.test.ts'],
  testTimeout: 120_000,
  maxWorkers: 1,
};

export default config;
