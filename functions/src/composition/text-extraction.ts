// Builds the text extraction the storage event's function runs (functions/src/events/extract-text.ts), once per
// container; `npm run migrate` builds the same over its own clients.
import { makeTextExtraction } from '../domain/section-texts';
import type { FileReader, Log, SectionTextStore } from '../domain/ports';
import { extractText, fileKindOf } from '../extraction/text-extraction';
import { domainLog } from '../platform/logger';
import { requiredEnv } from '../platform/env';
import { makeS3Client } from '../platform/s3-client';
import { makeFileReader } from '../storage/file-reader';
import { systemClock } from './system';
import { sectionTextStore } from './table-stores';

export const textExtractionOver = (ports: { files: FileReader; texts: SectionTextStore; log: Log }) =>
  makeTextExtraction({ ...ports, extract: (bytes, key) => extractText(bytes, fileKindOf(key)), clock: systemClock });

export const buildTextExtraction = () =>
  textExtractionOver({
    files: makeFileReader({ client: makeS3Client(), bucketName: requiredEnv('BUCKET_NAME') }),
    texts: sectionTextStore(),
    log: domainLog,
  });
