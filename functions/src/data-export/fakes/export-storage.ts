// Exports kept in memory, as the bucket would keep them; a link names the key it downloads, so a test reads the zip
// a link gives.
import { strFromU8, unzipSync } from 'fflate';
import type { ExportStorage } from '../port';

export class InMemoryExportStorage implements ExportStorage {
  readonly zips = new Map<string, Uint8Array>();

  async save(key: string, zip: Uint8Array) {
    this.zips.set(key, zip);
  }

  async link(key: string, fileName: string) {
    return `memory://${key}?as=${fileName}`;
  }

  /** The key a link downloads. */
  keyOf(url: string): string {
    return url.slice('memory://'.length).split('?')[0]!;
  }

  /** The zip a link downloads, file name → text. */
  filesAt(url: string): Record<string, string> {
    const zip = this.zips.get(this.keyOf(url));
    if (!zip) throw new Error(`No export at ${url}`);
    return Object.fromEntries(Object.entries(unzipSync(zip)).map(([name, bytes]) => [name, strFromU8(bytes)]));
  }
}
