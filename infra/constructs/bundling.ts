// How every Lambda is built: one set of esbuild settings shared by the CDK functions, the bundle tests and the bundle
// report, so the sizes the report prints are the sizes that get deployed.
import { copyFileSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { AssetHashType, DockerImage } from 'aws-cdk-lib';
import { Architecture, Code, Runtime } from 'aws-cdk-lib/aws-lambda';
import { buildSync, type BuildOptions } from 'esbuild';

export const REPO_ROOT = path.resolve(__dirname, '../..');
const FUNCTIONS_SRC = path.join(REPO_ROOT, 'functions', 'src');

/** The newest Node.js runtime this aws-cdk-lib knows; Graviton is cheaper per millisecond. */
export const LAMBDA_RUNTIME = Runtime.NODEJS_24_X;
export const LAMBDA_ARCHITECTURE = Architecture.ARM_64;

/** A handler's source, by its name under functions/src (`progress/handlers/mark-complete`). */
export const handlerEntry = (handler: string) => path.join(FUNCTIONS_SRC, `${handler}.ts`);

/**
 * The AWS SDK is bundled (not taken from the runtime) so a function runs the exact SDK version its tests ran
 * against; ESM entry points (`module` first) let esbuild drop the parts of the SDK a handler never calls.
 * No source maps: with `--enable-source-maps` Node.js reads and parses a function's ~1 MB map at every cold start
 * (list-classes loaded in 175 ms instead of 122 ms, measured side by side), and without that flag a shipped map is
 * never read. A stack position in the logs (`index.js:1:<column>`) maps back by building the same commit with
 * `sourcemap: true`: esbuild's output is deterministic.
 */
const ESBUILD_OPTIONS = {
  bundle: true,
  platform: 'node',
  target: 'node24',
  format: 'cjs',
  mainFields: ['module', 'main'],
  minify: true,
  sourcemap: false,
  tsconfig: path.join(REPO_ROOT, 'tsconfig.json'),
  absWorkingDir: REPO_ROOT,
} as const satisfies BuildOptions;

/**
 * The build of a function with or without X-Ray tracing (CDK context flag `tracing`). Without it, the tracer's lazy
 * require in functions/src/platform/tracing.ts is dead code at build time, so the X-Ray SDK (~120 KB minified) is left
 * out of the bundle instead of being read and parsed at every cold start.
 */
const tracingDefine = (tracing: boolean) => ({ 'process.env.POWERTOOLS_TRACE_ENABLED': JSON.stringify(String(tracing)) });

/** The build of one entry as `esbuild` API options (the bundle report; `bundleHandlers` builds many the same way). */
export const esbuildOptionsFor = (entry: string, tracing = false) => ({
  ...ESBUILD_OPTIONS,
  mainFields: [...ESBUILD_OPTIONS.mainFields],
  entryPoints: [entry],
  define: tracingDefine(tracing),
});

/** Every Lambda's handler, by name: the files of each feature's handlers/ folder, tests aside. */
export function handlerNames(): string[] {
  return readdirSync(FUNCTIONS_SRC, { withFileTypes: true })
    .filter((feature) => feature.isDirectory() && existsSync(path.join(FUNCTIONS_SRC, feature.name, 'handlers')))
    .flatMap((feature) =>
      readdirSync(path.join(FUNCTIONS_SRC, feature.name, 'handlers'))
        .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
        .map((file) => `${feature.name}/handlers/${file.slice(0, -'.ts'.length)}`),
    );
}

/**
 * Bundles the handlers into `<outdir>/<handler>/index.js` in one esbuild run: byte for byte what a run per handler
 * makes, in a fraction of the time (the modules they share are read once; ~14 s for every handler where one run each
 * took ~1.7 s).
 */
export function bundleHandlers(handlers: string[], outdir: string, tracing: boolean, options: Pick<BuildOptions, 'metafile' | 'logLevel'> = {}) {
  const { entryPoints: _oneEntry, ...shared } = esbuildOptionsFor('', tracing);
  return buildSync({
    ...shared,
    entryPoints: Object.fromEntries(handlers.map((handler) => [`${handler}/index`, handlerEntry(handler)])),
    outdir,
    logLevel: 'warning',
    ...options,
  });
}

/** Where this synthesis bundled every handler, per tracing setting (bundled on first use; removed when it ends). */
const everyHandlerBundled = new Map<boolean, string>();

function bundlesOfEveryHandler(tracing: boolean): string {
  const made = everyHandlerBundled.get(tracing);
  if (made) return made;
  const outdir = mkdtempSync(path.join(tmpdir(), 'lambda-bundles-'));
  process.once('exit', () => rmSync(outdir, { recursive: true, force: true }));
  bundleHandlers(handlerNames(), outdir, tracing);
  everyHandlerBundled.set(tracing, outdir);
  return outdir;
}

/**
 * A function's code and handler: the bundle of `handler` (its `index.js`, exporting `handler`). The asset is hashed by
 * its content, as NodejsFunction hashes its own, so an unchanged handler keeps its asset. A stack synthesised without
 * bundling (`aws:cdk:bundling-stacks`, as the infra tests synthesise) bundles nothing.
 */
export function handlerCode(handler: string, tracing: boolean): { code: Code; handler: string } {
  const code = Code.fromAsset(FUNCTIONS_SRC, {
    assetHashType: AssetHashType.OUTPUT,
    bundling: {
      // Never used: the local bundling below always answers. CDK's bundling options require an image.
      image: DockerImage.fromRegistry('unused'),
      // Part of CDK's asset cache key, which ignores the function below: one bundle per handler and tracing setting.
      environment: { HANDLER: handler, TRACING: String(tracing) },
      local: {
        tryBundle(outputDir) {
          copyFileSync(path.join(bundlesOfEveryHandler(tracing), handler, 'index.js'), path.join(outputDir, 'index.js'));
          return true;
        },
      },
    },
  });
  return { code, handler: 'index.handler' };
}
