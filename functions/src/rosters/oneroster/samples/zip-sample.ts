// The sample packages (folders of CSV files beside this file, written from the 1EdTech OneRoster CSV binding) zipped
// as an information system uploads them. For tests and the bench only.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { zipSync } from 'fflate';

export const SAMPLES = ['bulk-1.2', 'delta-1.2', 'bulk-1.1', 'bad-rows-1.2'] as const;
export type Sample = (typeof SAMPLES)[number];

/** A sample's files by name, as text, to change one before zipping. */
export function sampleFiles(sample: Sample): Record<string, string> {
  const folder = join(__dirname, sample);
  return Object.fromEntries(readdirSync(folder).map((file) => [file, readFileSync(join(folder, file), 'utf8')]));
}

export function zipFiles(files: Record<string, string | Uint8Array>): Uint8Array {
  return zipSync(Object.fromEntries(Object.entries(files).map(([name, content]) => [name, typeof content === 'string' ? new TextEncoder().encode(content) : content])));
}

export const zipSample = (sample: Sample) => zipFiles(sampleFiles(sample));
