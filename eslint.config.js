// The lint that guards the design (docs/architecture.md, "Boundaries the lint enforces"): typescript-eslint with the
// type-aware promise rules, React's hook rules, and import boundaries between the parts, the backend's layers and the
// web features. `npm run lint`; CI runs it first.
const fs = require('node:fs');
const path = require('node:path');
const js = require('@eslint/js');
const tseslint = require('typescript-eslint');
const reactHooks = require('eslint-plugin-react-hooks');
const { importX } = require('eslint-plugin-import-x');
const { createTypeScriptImportResolver } = require('eslint-import-resolver-typescript');
const globals = require('globals');

const root = __dirname;
const at = (relative) => path.join(root, relative);
const featuresDir = 'web/src/features';
const features = fs
  .readdirSync(at(featuresDir), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

// The backend by resource (docs/architecture.md, "The backend"): functions/src/<resource>/ holds the resource's use
// cases and its port (the files at its top), its adapters (adapters/: the table's and the outside services'), its
// in-memory fakes (fakes/) and its handlers (handlers/). Beside the resources: kernel/ (domain basics), platform/
// (the Lambda runtime), table/ (the single table's access), composition/ (the wiring) and migrations/.
const backendSrc = 'functions/src';
const notResources = new Set(['kernel', 'platform', 'table', 'composition', 'migrations']);
const resources = fs
  .readdirSync(at(backendSrc), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !notResources.has(entry.name))
  .map((entry) => entry.name);
/** The domain: each resource's use cases and port, and the kernel. */
const domainFiles = [...resources.map((resource) => `${backendSrc}/${resource}/!(*.test).ts`), `${backendSrc}/kernel/!(*.test).ts`];
/** What the domain receives through its ports and never imports: every adapter, handler, the wiring and the runtime. */
const backendOutsideDomain = [
  `${backendSrc}/*/adapters/**`,
  `${backendSrc}/*/handlers/**`,
  `${backendSrc}/*/fakes/**`,
  `${backendSrc}/table/**`,
  `${backendSrc}/composition/**`,
  `${backendSrc}/platform/**`,
  `${backendSrc}/migrations/**`,
];

const boundaries = [
  {
    target: 'web',
    from: ['functions', 'infra', 'local', 'tools', 'test', 'bench/run.ts', 'bench/reader.ts', 'bench/web.ts'],
    message: 'The web app talks to the backend only through the contract in shared/ and the API client.',
  },
  {
    target: 'shared',
    from: ['web', 'functions', 'infra', 'local', 'tools'],
    message: 'shared/ is the contract every part imports; it imports none of them.',
  },
  {
    target: 'infra',
    from: ['local', 'tools'],
    message: 'infra/ is the CDK app alone; the local twins (local/) and the commands (tools/) build on it, not the other way round.',
  },
  {
    target: domainFiles,
    from: backendOutsideDomain,
    message: "A resource's use cases and port import no adapter (the table's, search, extraction, drafting, storage, the directory), no handler, no wiring and no runtime: they receive adapters through their ports, and the composition root wires them.",
  },
  {
    target: `${backendSrc}/composition/**`,
    from: `${backendSrc}/*/handlers/**`,
    message: 'The composition root builds what handlers use; handlers import it, never the other way round.',
  },
  {
    target: [`${backendSrc}/*/adapters/**`, `${backendSrc}/table/**`],
    from: [`${backendSrc}/*/handlers/**`, `${backendSrc}/composition/**`],
    message: 'An adapter implements a port; the composition root wires it, and no adapter reaches for the wiring or a handler.',
  },
  {
    target: [...domainFiles, `${backendSrc}/*/adapters/**`, `${backendSrc}/*/handlers/**`, `${backendSrc}/table/**`, `${backendSrc}/platform/**`, `${backendSrc}/composition/**`],
    from: `${backendSrc}/migrations/**`,
    message: 'Migrations and backfills (functions/src/migrations/) run from tools/migrate.ts; the Lambdas never import them.',
  },
  {
    target: ['web/src/components', 'web/src/lib', 'web/src/api'],
    from: ['web/src/features', 'web/src/app'],
    message: 'Shared web code sits below the features and the app shell; move what both need into components/, lib/ or api/.',
  },
  {
    target: ['web/src/lib', 'web/src/api'],
    from: 'web/src/components',
    message: 'Server state (api/) and helpers (lib/) draw nothing: components use them, not the other way round.',
  },
  {
    target: 'web/src/lib',
    from: 'web/src/api',
    message: 'lib/ holds the API client and helpers below the server state of web/src/api/.',
  },
];

/**
 * Rules for production code only: it never leans on test helpers, and the web features keep to their public surfaces.
 * Tests may compose pages of several features and the app shell, as the router does.
 */
const productionOnly = [
  {
    target: 'functions',
    from: ['web', 'infra', 'local', 'tools'],
    message: 'Lambda code (tests aside, which may read the deployment table) depends on shared/ only; CDK and the local twin depend on it, not the other way round.',
  },
  {
    target: featuresDir,
    from: 'web/src/app',
    message: 'Features do not import the app shell; the app composes the features.',
  },
  // A feature imports another feature only through its public surface, its `index.ts` (server state is not a
  // feature's: it lives in web/src/api/, one file per resource). Everything else is the feature's own business and may
  // change without notice. That features never import each other in a loop: web/src/feature-graph.test.ts.
  ...features.map((feature) => ({
    target: `${featuresDir}/${feature}`,
    from: `${featuresDir}/*/**`,
    // Stylesheets are global (plain CSS): a page may use another feature's classes by importing its stylesheet.
    except: [
      `${at(featuresDir)}/${feature}/**`,
      `${at(featuresDir)}/*/index.ts`,
      `${at(featuresDir)}/*/*.css`,
    ],
    message: `Import another feature through its api/ or index.ts only (this file is in feature "${feature}").`,
  })),
  {
    target: ['web/src/app', 'web/src/features', 'web/src/components', 'web/src/lib/*.ts', 'web/src/prerender.tsx'],
    from: 'web/src/lib/auth',
    except: ['./index.ts'],
    message: 'The auth module (session, Amplify, the stored session) is used through its public entry, lib/auth/index.ts.',
  },
  {
    // The entry asks whether a session may be stored before it loads anything else: the public entry would put the
    // auth module's start-up code in the entry chunk.
    target: ['web/src/main.tsx'],
    from: 'web/src/lib/auth',
    except: ['./index.ts', './stored-session.ts'],
    message: 'The entry uses the auth module through lib/auth/index.ts, or stored-session.ts for mayHaveStoredSession.',
  },
  {
    target: ['functions/src', 'web/src', 'infra', 'local', 'tools', 'shared'],
    from: ['test', 'functions/test', 'web/src/testing'],
    message: 'Production code never imports test helpers.',
  },
  {
    target: ['functions/src/**', 'web/src/**', 'infra/**', 'local/**', 'tools/**', 'shared/**'],
    from: `${backendSrc}/*/fakes/**`,
    message: "Production code never imports a resource's in-memory fakes (fakes/); tests do.",
  },
  // The handlers' and the rate limit's tests run apiHandler as the composition root wires it.
  {
    target: `${backendSrc}/platform/**`,
    from: [`${backendSrc}/composition/**`, `${backendSrc}/*/adapters/**`, `${backendSrc}/table/**`, `${backendSrc}/*/handlers/**`],
    message: 'The runtime (platform/) imports neither the composition root nor an adapter: what it needs of the table (the rate limit, the access records) is handed in by composition/api-handler.ts.',
  },
];
const testFiles = ['**/*.test.{ts,tsx}', 'test/**', 'functions/test/**', 'functions/src/*/fakes/**', 'infra/test/**', 'web/src/testing/**'];

/** Three folders up or more is another part of the repository: it has an alias (tsconfig.json `paths`). */
const deepRelativeImports = {
  regex: '^(\\.\\./){3,}',
  message: 'Import across the repository through an alias (@shared/, @web/, @functions/, @infra/, @local/, @tools/, @test/), not ../../../.',
};

/** The domain talks to the world only through its ports. */
const domainPurity = {
  files: domainFiles,
  ignores: ['**/*.test.ts'],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          deepRelativeImports,
          { group: ['@aws-sdk/*', 'aws-sdk', '@aws-lambda-powertools/*'], message: 'The SDK belongs in an adapter; the domain sees its port.' },
          { group: ['aws-lambda'], message: 'The domain knows nothing of API Gateway or Lambda.' },
        ],
      },
    ],
    'no-restricted-properties': [
      'error',
      { object: 'process', property: 'env', message: 'Configuration is read by the composition root (platform/env.ts), not the domain.' },
    ],
  },
};

module.exports = [
  {
    ignores: ['node_modules/', 'cdk.out/', 'web/dist/', '.local/', 'coverage/', '.artifacts/', '**/*.d.ts'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: {
        // Type information for the promise rules; each file is checked against the tsconfig that includes it.
        projectService: { allowDefaultProject: ['bench/baseline/*.tsx'] },
        tsconfigRootDir: root,
      },
    },
    plugins: { 'import-x': importX },
    settings: {
      // import-x parses the imported files too (for no-cycle), with the TypeScript parser.
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: [at('tsconfig.json'), at('web/tsconfig.json')],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      // A promise nobody awaits loses its error (an unhandled rejection ends a Lambda or a test run).
      '@typescript-eslint/no-floating-promises': 'error',
      'no-restricted-imports': ['error', { patterns: [deepRelativeImports] }],
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: [...boundaries, ...productionOnly] }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      'import-x/no-duplicates': 'error',
    },
  },
  {
    files: testFiles,
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: boundaries }],
      // Tests walk synthesized CloudFormation and raw JSON answers whose shape is what they assert.
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  domainPurity,
  {
    files: ['web/src/**/*.{ts,tsx}', 'bench/baseline/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: globals.browser },
    // The rules of hooks. The plugin's React Compiler rules (set-state-in-effect, refs, immutability) are off:
    // the app does not build with the compiler (docs/decisions/dependencies/development-dependency-eslint-eslint-js-typescript.md).
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    // One way to call the API: `call` by route name, from the file of its resource in web/src/api/ (with its query
    // keys and hooks); screens use those.
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: ['web/src/api/**', ...testFiles],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            deepRelativeImports,
            {
              group: ['@web/lib/api-client', '**/lib/api-client', './api-client'],
              importNames: ['call'],
              message: "Call the API through its resource's file in web/src/api/ (query keys, hooks and calls in one place).",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.{js,cjs,mjs}'],
    languageOptions: { sourceType: 'commonjs', globals: globals.node },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
];
