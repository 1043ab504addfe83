// The infra project's global setup: one cache directory per Jest run, where synthesize() keeps each set of options it
// built, so the infra test files build the app once per set of options instead of once per file. The sets most files
// use are built ahead by prebuild-syntheses.ts in a process of its own, beside the tests of the other projects (Jest
// runs one worker on two cores); synthesis-cache-teardown.ts stops it and removes the cache.
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { PREBUILT_SYNTHESES } from './prebuilt-syntheses';
import { cacheFileFor, pendingMarkerFor, SYNTHESIS_CACHE_VARIABLE } from './synthesize';

export default function createSynthesisCache(): void {
  const directory = mkdtempSync(path.join(tmpdir(), 'cdk-synthesis-cache-'));
  process.env[SYNTHESIS_CACHE_VARIABLE] = directory;
  const prebuilder = spawn(process.execPath, ['--import', 'tsx', path.join(__dirname, 'prebuild-syntheses.ts')], {
    env: { ...process.env, [SYNTHESIS_CACHE_VARIABLE]: directory },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  // Marked before any test file starts, so none builds what the prebuilder is about to.
  for (const options of PREBUILT_SYNTHESES) writeFileSync(pendingMarkerFor(cacheFileFor(directory, options)), String(prebuilder.pid));
  prebuilder.unref();
  (globalThis as { synthesisPrebuilder?: typeof prebuilder }).synthesisPrebuilder = prebuilder;
}
