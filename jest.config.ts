/** @jest-config-loader esbuild-register */
// Every suite that needs nothing beyond `npm install`, in tiers: `npm run test:unit` runs the projects that need no
// build and no stack (unit, web, infra); `npm test` builds the web app and runs them all (also build: Lambda bundles
// and the built web app; integration: through the local stack). Browser tests live in jest.e2e.config.ts.
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

/** The tsconfig path aliases (tsconfig.json, web/tsconfig.json), for every project. */
export const moduleNameMapper: Config['moduleNameMapper'] = {
  '^@shared/(.*)$': '<rootDir>/shared/$1',
  '^@functions/(.*)$': '<rootDir>/functions/$1',
  '^@infra/(.*)$': '<rootDir>/infra/$1',
  '^@local/(.*)$': '<rootDir>/local/$1',
  '^@tools/(.*)$': '<rootDir>/tools/$1',
  '^@test/(.*)$': '<rootDir>/test/$1',
  '^@web/(.*)$': '<rootDir>/web/src/$1',
};

/**
 * Packages shipped as ES modules only, which Jest compiles like the sources: unpdf's pdf.js build (text extraction,
 * found by name), the file-type detector with its dependencies (the upload check) and jose (the LTI tool and its platform twin).
 */
export const esModuleOnlyPackages = {
  transform: { ...transform, '^.+\\.mjs$': transform['^.+\\.(t|j)sx?$']! },
  transformIgnorePatterns: ['/node_modules/(?!(unpdf|file-type|strtok3|token-types|@tokenizer|uint8array-extras|@borewit|jose)/)'],
  moduleNameMapper: { '^unpdf/pdfjs$': '<rootDir>/node_modules/unpdf/dist/pdfjs.mjs', ...moduleNameMapper },
} satisfies Config;

const config: Config = {
  testSequencer: '<rootDir>/test/setup/infra-last-sequencer.ts',
  projects: [
    {
      displayName: 'unit',
      testEnvironment: 'node',
      ...esModuleOnlyPackages,
      testMatch: ['<rootDir>/functions/**/*.test.ts', '<rootDir>/shared/**/*.test.ts', '<rootDir>/web/build/**/*.test.ts', '<rootDir>/test/docs/**/*.test.ts', '<rootDir>/local/lti-platform/**/*.test.ts', '<rootDir>/bench/**/*.test.ts'],
      setupFilesAfterEnv: ['<rootDir>/test/setup/unit.ts'],
    },
    {
      displayName: 'integration',
      testEnvironment: 'node',
      ...esModuleOnlyPackages,
      testMatch: ['<rootDir>/test/integration/**/*.test.ts', '<rootDir>/local/**/*.test.ts'],
      // The LTI platform twin needs no stack: its tests run with the unit project.
      testPathIgnorePatterns: ['/node_modules/', '<rootDir>/local/lti-platform/'],
    },
    {
      displayName: 'infra',
      testEnvironment: 'node',
      transform,
      moduleNameMapper,
      testMatch: ['<rootDir>/infra/**/*.test.ts'],
      testPathIgnorePatterns: ['/node_modules/', '\\.build\\.test\\.ts$'],
      globalSetup: '<rootDir>/infra/test/synthesis-cache.ts',
      globalTeardown: '<rootDir>/infra/test/synthesis-cache-teardown.ts',
    },
    {
      displayName: 'build',
      testEnvironment: 'node',
      transform,
      moduleNameMapper,
      testMatch: ['<rootDir>/infra/**/*.build.test.ts'],
    },
    {
      displayName: 'web',
      testEnvironment: 'jsdom',
      // MSW (web/src/testing/api-server.ts) depends on packages published as ES modules only.
      transform: { ...transform, '^.+\\.mjs$': transform['^.+\\.(t|j)sx?$']! },
      transformIgnorePatterns: ['/node_modules/(?!(rettime|@open-draft/deferred-promise|until-async)/)'],
      testMatch: ['<rootDir>/web/src/**/*.test.{ts,tsx}'],
      setupFilesAfterEnv: ['<rootDir>/test/setup/web.ts', '<rootDir>/web/src/testing/setup.ts'],
      // Assets first: an aliased stylesheet is still a stylesheet.
      moduleNameMapper: {
        '\\.(css|svg|png|jpg)$': '<rootDir>/test/setup/asset-stub.ts',
        // import.meta.glob is Vite's: Jest gets the same map from the file system.
        '^\\./page-modules$': '<rootDir>/web/src/testing/page-modules.ts',
        ...moduleNameMapper,
      },
    },
  ],
};

export default config;
