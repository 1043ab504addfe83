// Real files' bytes for the in-memory file store: a file a test stored without content reads as a genuine file of
// its media type (the app's own seed files), so the first-bytes check passes unless a test
// gives other bytes.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { contentTypeFromMediaType, ROSTER_PACKAGE_TYPE } from '@shared/content-type';
import { zipSample } from '../../rosters/oneroster/samples/zip-sample';

const seedFile = (name: string) => new Uint8Array(readFileSync(path.join(__dirname, '../../../../local/seed-files', name)));

/** The compound-file header of the older .doc and .ppt files, then zeros. */
const COMPOUND_FILE = Uint8Array.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, ...new Array<number>(504).fill(0)]);

const samples = new Map<string, Uint8Array>();

function sample(name: string): Uint8Array {
  let bytes = samples.get(name);
  if (!bytes) samples.set(name, (bytes = seedFile(name)));
  return bytes;
}

export function sampleContent(mediaType: string | undefined): Uint8Array {
  const legacy = mediaType === 'application/msword' || mediaType === 'application/vnd.ms-powerpoint';
  if (legacy) return COMPOUND_FILE;
  if (mediaType === ROSTER_PACKAGE_TYPE.mediaType) return zipSample('bulk-1.2');
  switch (contentTypeFromMediaType(mediaType)) {
    case 'PDF':
      return sample('cells-reading.pdf');
    case 'PPT':
      return sample('photosynthesis-slides.pptx');
    case 'WORD':
      return sample('cells-worksheet.docx');
    default:
      return new TextEncoder().encode('plain text, no known type');
  }
}
