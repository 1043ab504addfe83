// How much an office file (DOCX, PPTX: zip archives) may hold before the app refuses to open it, and the check. One
// definition for every place that unpacks one: the reader in the browser (in a worker) and text extraction on the
// server. A zip bomb inflates a small upload to hundreds of megabytes; the renderers would unpack all of it.
import { unzipSync } from 'fflate';
import JSZip from 'jszip';

const MiB = 1024 * 1024;

export interface OfficeFileLimits {
  /** Entries in the archive's central directory. */
  maxEntries: number;
  /** Inflated bytes of any one entry (a slide, the document's XML, a picture). */
  maxPartBytes: number;
  /** Inflated bytes of all entries together. */
  maxTotalBytes: number;
}

/**
 * Real files stay far below: the seeded worksheet is 40 kB inflated, a 500-slide deck a few MB; photos are stored
 * already compressed, so a picture-heavy deck inflates to about its file size.
 */
export const OFFICE_FILE_LIMITS: OfficeFileLimits = { maxEntries: 10_000, maxPartBytes: 64 * MiB, maxTotalBytes: 128 * MiB };

export type OfficeZipVerdict =
  | { fits: true; entries: number; inflatedBytes: number }
  | { fits: false; reason: 'too-large' | 'malformed'; detail: string };

class Refused extends Error {
  constructor(readonly verdict: Extract<OfficeZipVerdict, { fits: false }>) {
    super(verdict.detail);
  }
}

const tooLarge = (detail: string) => new Refused({ fits: false, reason: 'too-large', detail });

/**
 * Whether the archive fits the limits. First what its central directory declares (entry count, each entry's and the
 * total inflated size: nothing is inflated), then, since sizes in a header can lie, every entry the way the renderers
 * read it (JSZip, by the central directory), counting the bytes as they come and stopping at the first limit passed:
 * the work done is bounded by the limits, whatever the file claims.
 */
export async function inspectOfficeZip(bytes: Uint8Array, limits: OfficeFileLimits = OFFICE_FILE_LIMITS): Promise<OfficeZipVerdict> {
  try {
    const declared = declaredSizes(bytes, limits);
    const inflatedBytes = await inflatedSizes(bytes, limits);
    // A smaller total than declared is a header that lies the other way: the renderers would read it differently.
    if (inflatedBytes !== declared.totalBytes) return { fits: false, reason: 'malformed', detail: 'The entries inflate to other sizes than declared.' };
    return { fits: true, entries: declared.entries, inflatedBytes };
  } catch (error) {
    if (error instanceof Refused) return error.verdict;
    return { fits: false, reason: 'malformed', detail: `Not a readable zip archive: ${error instanceof Error ? error.message : String(error)}` };
  }
}

function declaredSizes(bytes: Uint8Array, limits: OfficeFileLimits): { entries: number; totalBytes: number } {
  let entries = 0;
  let totalBytes = 0;
  unzipSync(bytes, {
    filter: (entry) => {
      entries += 1;
      totalBytes += entry.originalSize;
      if (entries > limits.maxEntries) throw tooLarge(`More than ${limits.maxEntries} entries.`);
      if (entry.originalSize > limits.maxPartBytes) throw tooLarge(`${entry.name} declares ${entry.originalSize} bytes.`);
      if (totalBytes > limits.maxTotalBytes) throw tooLarge(`The entries declare more than ${limits.maxTotalBytes} bytes.`);
      // Nothing is inflated here.
      return false;
    },
  });
  return { entries, totalBytes };
}

async function inflatedSizes(bytes: Uint8Array, limits: OfficeFileLimits): Promise<number> {
  const archive = await JSZip.loadAsync(bytes, { checkCRC32: false });
  let totalBytes = 0;
  for (const entry of Object.values(archive.files)) {
    if (entry.dir) continue;
    totalBytes += await inflatedSize(entry, limits, totalBytes);
  }
  return totalBytes;
}

/** Inflates one entry in 16 kB slices of its compressed data, keeping none of it, and stops at the first limit passed. */
function inflatedSize(entry: JSZip.JSZipObject, limits: OfficeFileLimits, totalBefore: number): Promise<number> {
  return new Promise((resolve, reject) => {
    let size = 0;
    const stream = (entry as StreamableEntry).internalStream('uint8array');
    stream
      .on('data', (chunk) => {
        size += chunk.length;
        if (size > limits.maxPartBytes || totalBefore + size > limits.maxTotalBytes) {
          stream.pause();
          reject(tooLarge(`${entry.name} inflates beyond the limits.`));
        }
      })
      .on('error', reject)
      .on('end', () => resolve(size))
      .resume();
  });
}

/** JSZip's documented `internalStream`, missing from its type definitions. */
interface StreamableEntry extends JSZip.JSZipObject {
  internalStream(type: 'uint8array'): JSZip.JSZipStreamHelper<Uint8Array>;
}
