/** @jest-config-loader esbuild-register */
// Every suite that needs nothing beyond `npm install`. Browser tests live in jest.e2e.config.ts.
import type { Config } from 'jest';

export const transform: Config['transform'] = {
  '^.+\\.(t|j)sx?$': [
    '@swc/jest',
    {
      jsc: {
        parser: { syntax: 'typescript', tsx: true },
        transform: { react: { runtime: 'automatic' } },
        target: 'es2022',
      },
      module: { type: 'commonjs' },
    },
  ],
};

const config: Config = {
  projects: [
    {
      displayName: 'unit',
      testEnvironment: 'node',
      transform,
      testMatch: ['<rootDir>/functions/**/*.test.ts', '<rootDir>/shared/**/*.test.ts'],
      setupFilesAfterEnv: ['<rootDir>/test/setup/unit.ts'],
    },
    {
      displayName: 'integration',
      testEnvironment: 'node',
      transform,
      testMatch: ['<rootDir>/test/integration/**/*.test.ts', '<rootDir>/infra/local/**/*.test.ts'],
    },
    {
      displayName: 'infra',
      testEnvironment: 'node',
      transform,
      testMatch: ['<rootDir>/infra/**/*.test.ts'],
      testPathIgnorePatterns: ['/node_modules/', '<rootDir>/infra/local/'],
    },
    {
      displayName: 'web',
      testEnvironment: 'jsdom',
      transform,
      testMatch: ['<rootDir>/web/src/**/*.test.{ts,tsx}'],
      setupFilesAfterEnv: ['<rootDir>/test/setup/web.ts'],
      moduleNameMapper: { '\\.(css|svg|png|jpg)$': '<rootDir>/test/setup/asset-stub.ts' },
    },
  ],
};

export default config;
