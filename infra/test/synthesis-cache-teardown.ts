// The infra project's global teardown: stops the prebuilder if it is still running (a run of a few files) and
// removes the run's synthesis cache (synthesis-cache.ts) with every assembly in it.
import type { ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { SYNTHESIS_CACHE_VARIABLE } from './synthesize';

export default function removeSynthesisCache(): void {
  (globalThis as { synthesisPrebuilder?: ChildProcess }).synthesisPrebuilder?.kill();
  const directory = process.env[SYNTHESIS_CACHE_VARIABLE];
  if (directory) rmSync(directory, { recursive: true, force: true });
}
