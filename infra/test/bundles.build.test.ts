// Every route's handler bundles with the functions' esbuild settings, carries the SDK clients of the stores its route
// uses and no others, loads in plain Node.js with exactly the environment the stack gives its function, exports
// `handler` (the stack's `index.handler`) and refuses a request that went around CloudFront.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { build, type Metafile } from 'esbuild';
import { bundleHandlers, esbuildOptionsFor, handlerEntry } from '../constructs/bundling';
import { functionEnvironment } from '../constructs/route-function';
import { LTI_SCORE_SENDER_HANDLER } from '../constructs/lti-score-delivery';
import { deployedRoutes, type DeployedRoute } from '../route-deployment';

const outdir = mkdtempSync(path.join(tmpdir(), 'lambda-bundles-'));
const bundlePath = (handler: string) => path.join(outdir, handler, 'index.js');
const packagesIn = new Map<string, Set<string>>();

beforeAll(() => {
  // The routes' handlers and the LTI score sender, bundled as a synthesis bundles them: in one esbuild run.
  const { metafile } = bundleHandlers([...new Set(deployedRoutes.map(([, route]) => route.handler)), LTI_SCORE_SENDER_HANDLER], outdir, false, {
    metafile: true,
    logLevel: 'error',
  });
  for (const output of Object.values(metafile!.outputs)) {
    if (!output.entryPoint) continue;
    // Paths in the metafile are relative to the repository (esbuild's absWorkingDir).
    const handler = output.entryPoint.replace(/^functions\/src\//, '').replace(/\.ts$/, '');
    const packages = Object.keys(output.inputs).flatMap((input) => /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input)?.[1] ?? []);
    packagesIn.set(handler, new Set(packages));
  }
}, 240_000);
afterAll(() => rmSync(outdir, { recursive: true, force: true }));

/** Loads a bundle in a fresh Node.js process with only these variables, as Lambda would; answers `typeof handler`. */
function loadWith(handler: string, variables: Record<string, string>): string {
  // A cold-start error's message alone: Node would print the minified line it came from, hundreds of kB in the largest
  // bundles, before the message.
  const probe = `try { process.stdout.write(typeof require(process.argv[1]).handler) } catch (error) { process.stderr.write(String(error.message)); process.exit(1) }`;
  return execFileSync(process.execPath, ['-e', probe, bundlePath(handler)], {
    env: { PATH: process.env.PATH, AWS_REGION: 'eu-west-1', ...variables },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** Calls the bundled handler once, in a fresh process with these variables, with an event carrying these headers. */
function invokeWith(handler: string, variables: Record<string, string>, headers: Record<string, string>): { statusCode: number; body: string } {
  const probe = `
    const event = { headers: ${JSON.stringify(headers)}, routeKey: 'ANY /', requestContext: { requestId: 'probe' } };
    require(process.argv[1]).handler(event).then((result) => process.stdout.write('RESULT ' + JSON.stringify(result) + '\\n'));`;
  const output = execFileSync(process.execPath, ['-e', probe, bundlePath(handler)], {
    env: { PATH: process.env.PATH, AWS_REGION: 'eu-west-1', POWERTOOLS_METRICS_DISABLED: 'true', ...variables },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return JSON.parse(/^RESULT (.*)$/m.exec(output)![1]);
}

const deployedEnvironment = (route: DeployedRoute) =>
  functionEnvironment(route, {
    tableName: 'table',
    bucketName: 'bucket',
    userPoolId: 'pool',
    serviceName: 'test',
    originVerify: { secretName: 'prod-learning-paths/origin-verify', generation: 1 },
    scoreQueueUrl: 'https://sqs.eu-west-1.amazonaws.com/123456789012/score-reports',
    toolKeysSecretName: 'prod-learning-paths/lti-tool-keys',
    fileLinkKeys: { secretName: 'prod-learning-paths/file-link-keys', generation: 1, keyPairId: 'K2JCJMDEHXQW5F' },
    frameAncestorsStoreArn: 'arn:aws:cloudfront::123456789012:key-value-store/lti-frame-ancestors',
  });

describe.each(deployedRoutes)('%s', (_name, route) => {
  const userPool = route.userPool === 'none' ? 'none' : route.userPool.join(', ');
  test(`bundles the DynamoDB client (every route counts its callers' requests), the S3 client only if it uses files (${route.bucket}), the Cognito client only if it calls the user pool (${userPool})`, () => {
    const packages = packagesIn.get(route.handler)!;
    expect(packages.has('@aws-sdk/client-cognito-identity-provider')).toBe(route.userPool !== 'none');
    expect(packages.has('@aws-sdk/client-dynamodb')).toBe(true);
    expect(packages.has('@aws-sdk/lib-dynamodb')).toBe(true);
    expect(packages.has('@aws-sdk/client-s3')).toBe(route.bucket !== 'none');
    // The presigner comes with the S3 client: most routes with files hand out links; some read files themselves.
    expect(packages.has('@aws-sdk/s3-request-presigner') && route.bucket === 'none').toBe(false);
  });

  test('leaves the X-Ray SDK out when the stack is deployed without tracing (the default)', () => {
    const packages = packagesIn.get(route.handler)!;
    expect(packages.has('@aws-lambda-powertools/tracer')).toBe(false);
    expect(packages.has('aws-xray-sdk-core')).toBe(false);
  });

  test('loads with exactly the environment the stack gives its function and exports a handler function', () => {
    expect(loadWith(route.handler, deployedEnvironment(route))).toBe('function');
  });

  test('refuses a request that did not come through CloudFront (no origin-verify header) with 403, before reading the secret', () => {
    // Another value is compared with the secret's (functions/src/platform/origin-verify.test.ts); with no header there
    // is nothing to compare, so this runs without Secrets Manager.
    const answer = invokeWith(route.handler, deployedEnvironment(route), {});
    expect(answer.statusCode).toBe(403);
    expect(JSON.parse(answer.body).message).toBe("Use the API through the app's address.");
  });

  test('bundles the Secrets Manager client, which reads the origin-verify values', () => {
    expect(packagesIn.get(route.handler)!.has('@aws-sdk/client-secrets-manager')).toBe(true);
  });

  test('fails at cold start, naming the variable, when a store name it uses is missing', () => {
    // ORIGIN_VERIFY_SECRET_ID switches the CloudFront check on (handler tests run without it); api-stack.test.ts checks
    // every function has it.
    const optional = ['POWERTOOLS_SERVICE_NAME', 'ORIGIN_VERIFY_SECRET_ID'];
    for (const name of Object.keys(deployedEnvironment(route)).filter((each) => !optional.includes(each))) {
      const { [name]: _missing, ...rest } = deployedEnvironment(route);
      expect(() => loadWith(route.handler, rest)).toThrow(new RegExp(`Environment variable ${name} is not set`));
    }
  });
});

test('a function built with tracing carries the tracer and traces its SDK clients', async () => {
  const [, route] = deployedRoutes.find(([, each]) => each.table !== 'none')!;
  const result = await build({
    ...esbuildOptionsFor(handlerEntry(route.handler), true),
    outfile: path.join(outdir, 'traced', 'index.js'),
    metafile: true,
    logLevel: 'error',
  });
  const output = Object.values((result.metafile as Metafile).outputs).find((each) => each.entryPoint)!;
  const inputs = Object.keys(output.inputs).join('\n');
  expect(inputs).toContain('node_modules/@aws-lambda-powertools/tracer/');
  expect(inputs).toContain('node_modules/aws-xray-sdk-core/');
}, 60_000);

test('the LTI score sender loads with the environment its construct gives it, and fails at cold start without its queue', () => {
  const environment = { TABLE_NAME: 'table', LTI_TOOL_KEYS_SECRET_ID: 'prod-learning-paths/lti-tool-keys', LTI_SCORE_QUEUE_URL: 'https://sqs.eu-west-1.amazonaws.com/123456789012/score-reports', POWERTOOLS_SERVICE_NAME: 'test' };
  expect(loadWith(LTI_SCORE_SENDER_HANDLER, environment)).toBe('function');
  const { LTI_SCORE_QUEUE_URL: _queue, ...withoutQueue } = environment;
  expect(() => loadWith(LTI_SCORE_SENDER_HANDLER, withoutQueue)).toThrow(/Environment variable LTI_SCORE_QUEUE_URL is not set/);
}, 60_000);
