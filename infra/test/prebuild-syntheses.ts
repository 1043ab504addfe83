// Run by synthesis-cache.ts: synthesizes each of PREBUILT_SYNTHESES into the run's cache, one after another in this
// one process, and clears each one's pending mark once written (or failed: the test file then builds it and shows why).
import { rmSync } from 'node:fs';
import { PREBUILT_SYNTHESES } from './prebuilt-syntheses';
import { cacheFileFor, pendingMarkerFor, synthesize, SYNTHESIS_CACHE_VARIABLE } from './synthesize';

const directory = process.env[SYNTHESIS_CACHE_VARIABLE]!;
for (const options of PREBUILT_SYNTHESES) {
  try {
    synthesize(options);
  } catch {
    // The test file that asks builds it again, and fails with the error.
  } finally {
    rmSync(pendingMarkerFor(cacheFileFor(directory, options)), { force: true });
  }
}
