// Builds the readers of stored text: a section's text (owner or assigned student) and search, each once per container.
import { makeSearchService } from '../search/search';
import { makeSectionTextReader, type TextReadPorts } from '../search/section-texts';
import { buildTextIndex } from '../search/adapters/text-index';
import { makeLibraryTermsStore } from '../search/adapters/library-terms-store';
import { requiredEnv } from '../platform/env';
import { makeS3Client } from '../platform/s3-client';
import { systemClock } from './system';
import { checkStore, classStore, moduleStore, pathOverrideStore, progressStore, sectionTextStore } from './table-stores';

const textReadPorts = (): TextReadPorts => ({
  modules: moduleStore(),
  classes: classStore(),
  texts: sectionTextStore(),
  checks: checkStore(),
  progress: progressStore(),
  overrides: pathOverrideStore(),
});

export const buildSectionTextReader = () => makeSectionTextReader({ ...textReadPorts(), clock: systemClock });

export const buildSearchService = () =>
  makeSearchService({ ...textReadPorts(), libraryTerms: makeLibraryTermsStore({ client: makeS3Client(), bucketName: requiredEnv('BUCKET_NAME') }) }, buildTextIndex);
