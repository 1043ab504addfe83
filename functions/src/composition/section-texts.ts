// Builds the readers of stored text: a section's text (owner or assigned student) and search, each once per container.
import { makeSearchService } from '../domain/search';
import { makeSectionTextReader } from '../domain/section-texts';
import { systemClock } from './system';
import { classStore, moduleStore, sectionTextStore } from './table-stores';

export const buildSectionTextReader = () =>
  makeSectionTextReader({ modules: moduleStore(), classes: classStore(), texts: sectionTextStore(), clock: systemClock });

export const buildSearchService = () => makeSearchService({ modules: moduleStore(), classes: classStore(), texts: sectionTextStore() });
