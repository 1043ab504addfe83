// The infra project's global setup: one cache directory per Jest run, where synthesize() keeps each set of options it
// built, so the infra test files build the app once per set of options instead of once per file.
// synthesis-cache-teardown.ts removes it.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { SYNTHESIS_CACHE_VARIABLE } from './synthesize';

export default function createSynthesisCache(): void {
  process.env[SYNTHESIS_CACHE_VARIABLE] = mkdtempSync(path.join(tmpdir(), 'cdk-synthesis-cache-'));
}
