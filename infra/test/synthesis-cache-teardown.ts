// The infra project's global teardown: removes the run's synthesis cache (synthesis-cache.ts) with every assembly in it.
import { rmSync } from 'node:fs';
import { SYNTHESIS_CACHE_VARIABLE } from './synthesize';

export default function removeSynthesisCache(): void {
  const directory = process.env[SYNTHESIS_CACHE_VARIABLE];
  if (directory) rmSync(directory, { recursive: true, force: true });
}
