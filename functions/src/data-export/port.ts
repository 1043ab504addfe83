// What a person's export needs besides the stores of the data it reads (each resource's own port): where the zip goes.

export interface ExportStorage {
  /** Writes the zip under its key (under the exports prefix, which the bucket's lifecycle empties). */
  save(key: string, zip: Uint8Array): Promise<void>;
  /** A short-lived link that downloads the zip under `fileName`. */
  link(key: string, fileName: string): Promise<string>;
}
