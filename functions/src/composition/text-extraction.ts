// Builds the text extraction the storage event's function runs (functions/src/search/handlers/extract-text.ts), once per
// container; `npm run migrate` builds the same over its own clients.
import { makeTextExtraction } from '../search/section-texts';
import type { Log } from '../kernel/ports';
import type { LibraryTermsStore, SectionTextStore } from '../search/port';
import { makeLibraryTermsStore } from '../search/adapters/library-terms-store';
import type { FileReader } from '../uploads/port';
import { extractText, fileKindOf } from '../search/adapters/text-extraction';
import { domainLog } from '../platform/logger';
import { requiredEnv } from '../platform/env';
import { makeS3Client } from '../platform/s3-client';
import { makeFileReader } from '../uploads/adapters/file-reader';
import { systemClock } from './system';
import { sectionTextStore } from './table-stores';

export const textExtractionOver = (ports: { files: FileReader; texts: SectionTextStore; libraryTerms: LibraryTermsStore; log: Log }) =>
  makeTextExtraction({ ...ports, extract: (bytes, key) => extractText(bytes, fileKindOf(key)), clock: systemClock });

export function buildTextExtraction() {
  const bucket = { client: makeS3Client(), bucketName: requiredEnv('BUCKET_NAME') };
  return textExtractionOver({ files: makeFileReader(bucket), texts: sectionTextStore(), libraryTerms: makeLibraryTermsStore(bucket), log: domainLog });
}
