// Prints each route Lambda's bundle size, built with exactly the esbuild settings the CDK functions use, and what
// fills it. Exits non-zero when a bundle outgrows the budget. Usage: npm run bundle-report
import { gzipSync } from 'node:zlib';
import { build, type Metafile } from 'esbuild';
import { deployedRoutes } from '../route-deployment';
import { esbuildOptionsFor, handlerEntry } from '../constructs/bundling';

/** Minified JavaScript per function; a bundle above this has pulled in something it should not. */
const BUDGET_BYTES = 1_200_000;

interface Row {
  handler: string;
  bytes: number;
  gzipBytes: number;
  ownBytes: number;
  packages: [string, number][];
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;

/** `node_modules/@aws-sdk/client-s3/dist-es/...` → `@aws-sdk/client-s3`; our own files → undefined. */
function packageOf(input: string): string | undefined {
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input);
  return match?.[1];
}

async function measure(handler: string): Promise<Row> {
  const result = await build({ ...esbuildOptionsFor(handlerEntry(handler)), outfile: 'index.js', write: false, metafile: true, logLevel: 'warning' });
  const js = result.outputFiles.find((file) => file.path.endsWith('.js'))!;
  const output = Object.values((result.metafile as Metafile).outputs).find((o) => o.entryPoint)!;
  const byPackage = new Map<string, number>();
  let ownBytes = 0;
  for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
    const name = packageOf(input);
    if (name) byPackage.set(name, (byPackage.get(name) ?? 0) + bytesInOutput);
    else ownBytes += bytesInOutput;
  }
  return {
    handler,
    bytes: js.contents.byteLength,
    gzipBytes: gzipSync(js.contents).byteLength,
    ownBytes,
    packages: [...byPackage.entries()].sort((a, b) => b[1] - a[1]),
  };
}

async function main() {
  const started = Date.now();
  const handlers = [...new Set(deployedRoutes.map(([, route]) => route.handler))];
  const rows = await Promise.all(handlers.map(measure));

  console.log(`Lambda bundles (minified, source maps external, AWS SDK bundled; budget ${kb(BUDGET_BYTES)} each)\n`);
  console.log(['handler'.padEnd(22), 'bundle'.padStart(9), 'gzip'.padStart(8), 'own code'.padStart(9), '  largest packages'].join(' '));
  for (const row of rows.sort((a, b) => b.bytes - a.bytes)) {
    const own = `${((row.ownBytes / row.bytes) * 100).toFixed(1)}%`;
    const largest = row.packages
      .slice(0, 4)
      .map(([name, bytes]) => `${name} ${kb(bytes)}`)
      .join(', ');
    const flag = row.bytes > BUDGET_BYTES ? '  OVER BUDGET' : '';
    console.log([row.handler.padEnd(22), kb(row.bytes).padStart(9), kb(row.gzipBytes).padStart(8), own.padStart(9), ` ${largest}${flag}`].join(' '));
  }
  console.log(`\n${rows.length} bundles in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  const over = rows.filter((row) => row.bytes > BUDGET_BYTES);
  if (over.length > 0) {
    console.error(`\n${over.length} bundle(s) over budget: ${over.map((row) => row.handler).join(', ')}`);
    process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
