// How every route Lambda is built: one set of esbuild settings shared by the CDK functions and the bundle report,
// so the sizes the report prints are the sizes that get deployed.
import * as path from 'node:path';
import { Architecture, Runtime } from 'aws-cdk-lib/aws-lambda';
import { LogLevel, OutputFormat, type BundlingOptions } from 'aws-cdk-lib/aws-lambda-nodejs';

export const REPO_ROOT = path.resolve(__dirname, '../..');
export const DEPS_LOCK_FILE = path.join(REPO_ROOT, 'package-lock.json');
export const TSCONFIG = path.join(REPO_ROOT, 'tsconfig.json');

/** The newest Node.js runtime this aws-cdk-lib knows; Graviton is cheaper per millisecond. */
export const LAMBDA_RUNTIME = Runtime.NODEJS_24_X;
export const LAMBDA_ARCHITECTURE = Architecture.ARM_64;
const ESBUILD_TARGET = 'node24';

export const handlerEntry = (handler: string) => path.join(REPO_ROOT, 'functions', 'src', `${handler}.ts`);

/**
 * The AWS SDK is bundled (not taken from the runtime) so a function runs the exact SDK version its tests ran
 * against; ESM entry points (`module` first) let esbuild drop the parts of the SDK a handler never calls.
 * No source maps: with `--enable-source-maps` Node.js reads and parses a function's ~1 MB map at every cold start
 * (list-classes loaded in 175 ms instead of 122 ms, measured side by side), and without that flag a shipped map is
 * never read. A stack position in the logs (`index.js:1:<column>`) maps back by building the same commit with
 * `sourcemap: true`: esbuild's output is deterministic.
 */
const LAMBDA_BUNDLING = {
  forceDockerBundling: false,
  bundleAwsSDK: true,
  externalModules: [],
  format: OutputFormat.CJS,
  target: ESBUILD_TARGET,
  mainFields: ['module', 'main'],
  minify: true,
  sourceMap: false,
  tsconfig: TSCONFIG,
  logLevel: LogLevel.WARNING,
} as const satisfies BundlingOptions;

/**
 * The build of a function with or without X-Ray tracing (CDK context flag `tracing`). Without it, the tracer's lazy
 * require in functions/src/platform/tracing.ts is dead code at build time, so the X-Ray SDK (~120 KB minified) is left
 * out of the bundle instead of being read and parsed at every cold start.
 */
const tracingDefine = (tracing: boolean) => ({ 'process.env.POWERTOOLS_TRACE_ENABLED': JSON.stringify(String(tracing)) });

export const lambdaBundling = (tracing: boolean): BundlingOptions => ({ ...LAMBDA_BUNDLING, define: tracingDefine(tracing) });

/** The same build as `esbuild` API options, for the bundle report and the bundle tests. */
export const esbuildOptionsFor = (entry: string, tracing = false) => ({
  entryPoints: [entry],
  bundle: true,
  platform: 'node' as const,
  target: LAMBDA_BUNDLING.target,
  format: LAMBDA_BUNDLING.format as 'cjs',
  mainFields: [...LAMBDA_BUNDLING.mainFields],
  minify: LAMBDA_BUNDLING.minify,
  sourcemap: LAMBDA_BUNDLING.sourceMap,
  tsconfig: LAMBDA_BUNDLING.tsconfig,
  absWorkingDir: REPO_ROOT,
  define: tracingDefine(tracing),
});
