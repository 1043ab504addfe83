// Every route's handler bundles with the functions' esbuild settings, loads in plain Node.js with the environment
// the stack gives it, and exports `handler` (the stack's `index.handler`).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { build } from 'esbuild';
import { routeEntries } from '../../shared/routes';
import { esbuildOptionsFor, handlerEntry } from '../constructs/bundling';

const handlers = [...new Set(routeEntries.map(([, route]) => route.handler))];
const outdir = mkdtempSync(path.join(tmpdir(), 'lambda-bundles-'));
const bundlePath = (handler: string) => path.join(outdir, handler, 'index.js');
let exported: Record<string, string>;

beforeAll(async () => {
  await Promise.all(
    handlers.map((handler) =>
      build({ ...esbuildOptionsFor(handlerEntry(handler)), outfile: bundlePath(handler), logLevel: 'error' }),
    ),
  );
  const probe = `
    const out = {};
    for (const [name, file] of Object.entries(JSON.parse(process.argv[1]))) out[name] = typeof require(file).handler;
    process.stdout.write(JSON.stringify(out));`;
  const files = Object.fromEntries(handlers.map((handler) => [handler, bundlePath(handler)]));
  const output = execFileSync(process.execPath, ['-e', probe, JSON.stringify(files)], {
    env: { PATH: process.env.PATH, TABLE_NAME: 'table', BUCKET_NAME: 'bucket', USER_POOL_ID: 'pool', AWS_REGION: 'eu-west-1', POWERTOOLS_SERVICE_NAME: 'test' },
    encoding: 'utf8',
  });
  exported = JSON.parse(output) as Record<string, string>;
}, 180_000); // one esbuild per route (45 now), on two shared cores
afterAll(() => rmSync(outdir, { recursive: true, force: true }));

test.each(handlers)('%s bundles, loads and exports a handler function', (handler) => {
  expect(exported[handler]).toBe('function');
});
