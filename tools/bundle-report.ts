// Prints each route Lambda's bundle size and cold-start init time, built with exactly the esbuild settings the CDK
// functions use, next to a bare handler bundled the same way that only builds the SDK clients the route needs (the
// floor a route could reach). Init = time to load the bundle in a fresh Node.js process with the function's own
// environment (functionEnvironment, NODE_OPTIONS included when it has any), median of 10. The route's and its bare
// counterpart's loads alternate, so both see the same machine load; the load average is printed with the figures.
// Exits non-zero when a bundle outgrows the size budget; init times are figures to compare, not a pass/fail.
// Usage: npm run bundle-report [-- <handler> ...]   (only those handlers, e.g. `-- classes/handlers/list-classes reports/handlers/get-class-report`)
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import * as path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, type BuildOptions, type Metafile } from 'esbuild';
import { esbuildOptionsFor, handlerEntry, REPO_ROOT } from '../infra/constructs/bundling';
import { functionEnvironment } from '../infra/constructs/route-function';
import { deployedRoutes, type RouteDeployment } from '../infra/route-deployment';

/** Minified JavaScript per function; a bundle above this has pulled in something it should not. */
const BUDGET_BYTES = 1_200_000;
/**
 * Routes that carry something large on purpose: drafting ships the local drafter's English model
 * (wink-eng-lite-web-model, about 3.5 MB), the drafter wherever Bedrock is not enabled.
 */
const LARGER_BUDGETS: Record<string, number> = { 'checks/handlers/draft-questions': 4_500_000 };
const budgetOf = (handler: string) => LARGER_BUDGETS[handler] ?? BUDGET_BYTES;
/** Issue 12's target: each route's init at most this multiple of its bare counterpart's. */
const INIT_RATIO_TARGET = 1.2;
const INIT_RUNS = 10;

interface Built {
  file: string;
  bytes: number;
  gzipBytes: number;
  packages: [string, number][];
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
const outdir = mkdtempSync(path.join(tmpdir(), 'bundle-report-'));

/** `node_modules/@aws-sdk/client-s3/dist-es/...` → `@aws-sdk/client-s3`; our own files → undefined. */
function packageOf(input: string): string | undefined {
  return /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input)?.[1];
}

/** A handler that only builds the clients a route with this access needs, and answers nothing. */
function bareSource({ table, bucket, userPool }: Pick<RouteDeployment, 'table' | 'bucket' | 'userPool'>): string {
  return [
    table !== 'none' && `import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
export const documents = DynamoDBDocumentClient.from(new DynamoDBClient({}));`,
    bucket !== 'none' && `import { S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
export const files = new S3Client({});
export const sign = getSignedUrl;`,
    userPool !== 'none' && `import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
export const identity = new CognitoIdentityProviderClient({});`,
    `export const handler = async () => ({ statusCode: 204 });`,
  ]
    .filter(Boolean)
    .join('\n');
}

/** Milliseconds to load this bundle in a fresh Node.js process with this environment. */
function initMs(file: string, env: Record<string, string>): number {
  const probe = `const started = process.hrtime.bigint(); require(process.argv[1]); process.stdout.write(String(Number(process.hrtime.bigint() - started) / 1e6));`;
  return Number(
    execFileSync(process.execPath, ['-e', probe, file], {
      env: { PATH: process.env.PATH, AWS_REGION: 'eu-west-1', AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true', ...env },
      encoding: 'utf8',
    }),
  );
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return (sorted[Math.floor((sorted.length - 1) / 2)] + sorted[Math.ceil((sorted.length - 1) / 2)]) / 2;
};

/** Median init of the route's bundle and of its bare counterpart, their loads taken in turn. */
function medianInits(own: string, bare: string, env: Record<string, string>): { own: number; bare: number } {
  const runs = Array.from({ length: INIT_RUNS }, () => ({ own: initMs(own, env), bare: initMs(bare, env) }));
  return { own: median(runs.map((run) => run.own)), bare: median(runs.map((run) => run.bare)) };
}

async function bundle(name: string, options: BuildOptions): Promise<Built> {
  const file = path.join(outdir, name, 'index.js');
  const result = await build({ ...options, outfile: file, metafile: true, logLevel: 'warning' });
  const output = Object.values((result.metafile as Metafile).outputs).find((o) => o.entryPoint || o.inputs['<stdin>'])!;
  const byPackage = new Map<string, number>();
  for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
    const pkg = packageOf(input);
    if (pkg) byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + bytesInOutput);
  }
  const js = readFileSync(file);
  return { file, bytes: js.byteLength, gzipBytes: gzipSync(js).byteLength, packages: [...byPackage.entries()].sort((a, b) => b[1] - a[1]) };
}

const loadAverage = () => loadavg().map((load) => load.toFixed(2)).join(', ');

async function main() {
  const started = Date.now();
  const names = { tableName: 'table', bucketName: 'bucket', userPoolId: 'pool', serviceName: 'bundle-report', originVerify: { secretName: 'origin-secret', generation: 1 }, scoreQueueUrl: 'https://sqs.eu-west-1.amazonaws.com/123456789012/score-reports', toolKeysSecretName: 'lti-tool-keys', frameAncestorsStoreArn: 'arn:aws:cloudfront::123456789012:key-value-store/lti-frame-ancestors' };
  const loadAtStart = loadAverage();
  const bareKinds = new Map<string, Promise<Built>>();
  const bareFor = (route: RouteDeployment) => {
    const kind = `bare-${route.table === 'none' ? 'no' : ''}table-${route.bucket === 'none' ? 'no' : ''}bucket-${route.userPool === 'none' ? 'no' : ''}pool`;
    if (!bareKinds.has(kind)) {
      const { entryPoints: _entry, ...options } = esbuildOptionsFor(handlerEntry(route.handler));
      bareKinds.set(kind, bundle(kind, { ...options, stdin: { contents: bareSource(route), resolveDir: REPO_ROOT, loader: 'ts' } }));
    }
    return bareKinds.get(kind)!;
  };
  const only = process.argv.slice(2);
  const unknown = only.filter((handler) => !deployedRoutes.some(([, route]) => route.handler === handler));
  if (unknown.length > 0) throw new Error(`No route has the handler ${unknown.join(', ')}`);
  const chosen = deployedRoutes.filter(([, route]) => only.length === 0 || only.includes(route.handler));
  const rows = [];
  // One at a time: init times measured while other bundles build would be noise.
  for (const [, route] of chosen) {
    const own = await bundle(route.handler, esbuildOptionsFor(handlerEntry(route.handler)));
    const bare = await bareFor(route);
    rows.push({ route, own, bare, init: medianInits(own.file, bare.file, functionEnvironment(route, names)) });
  }

  console.log(
    `Lambda bundles (minified, no source maps, AWS SDK bundled; budget ${kb(BUDGET_BYTES)} each, ${Object.entries(LARGER_BUDGETS).map(([handler, bytes]) => `${handler} ${kb(bytes)}`).join(', ')})`,
  );
  console.log(
    `Init: median of ${INIT_RUNS} loads in a fresh Node.js process with the function's environment, alternating with a bare handler ` +
      `with the same SDK clients; target ≤ ${INIT_RATIO_TARGET}× bare`,
  );
  console.log(`Load average (1, 5, 15 min): ${loadAtStart} at start\n`);
  console.log(
    ['handler'.padEnd(26), 'bundle'.padStart(8), 'gzip'.padStart(7), 'bare'.padStart(8), 'init'.padStart(8), 'bare'.padStart(8), 'ratio'.padStart(6), '  largest packages'].join(' '),
  );
  for (const { route, own, bare, init } of rows.sort((a, b) => b.own.bytes - a.own.bytes)) {
    const ratio = init.own / init.bare;
    const largest = own.packages.slice(0, 3).map(([pkg, bytes]) => `${pkg} ${kb(bytes)}`).join(', ');
    const flags = `${own.bytes > budgetOf(route.handler) ? '  OVER SIZE BUDGET' : ''}${ratio > INIT_RATIO_TARGET ? '  over init target' : ''}`;
    console.log(
      [
        route.handler.padEnd(26),
        kb(own.bytes).padStart(8),
        kb(own.gzipBytes).padStart(7),
        kb(bare.bytes).padStart(8),
        `${init.own.toFixed(0)} ms`.padStart(8),
        `${init.bare.toFixed(0)} ms`.padStart(8),
        `${ratio.toFixed(2)}×`.padStart(6),
        ` ${largest}${flags}`,
      ].join(' '),
    );
  }
  const overTarget = rows.filter((row) => row.init.own / row.init.bare > INIT_RATIO_TARGET).length;
  console.log(`\n${rows.length} routes in ${((Date.now() - started) / 1000).toFixed(1)} s; ${overTarget} over the init target`);
  console.log(`Load average (1, 5, 15 min): ${loadAverage()} at end`);

  const over = rows.filter((row) => row.own.bytes > budgetOf(row.route.handler));
  if (over.length > 0) {
    console.error(`\n${over.length} bundle(s) over the size budget: ${over.map((row) => row.route.handler).join(', ')}`);
    process.exitCode = 1;
  }
}

main()
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => rmSync(outdir, { recursive: true, force: true }));
