// Search: a teacher's whole library, or one module (a student inside a module assigned to one of their classes, where
// the sections locked on their path are left out; or its owner). The index of a library is built in memory from its
// titles and the teacher's gathered terms (counted as each file's text was stored, so nothing is tokenized but titles),
// a module's from its files' stored terms, and kept in the function's container until the modules or the owner's
// texts change (their versions are read on every search: the modules' ids and dates, and one item). Only the sections
// in scope name the files shown: a deleted section's or a replaced file's pages are never a result.
import type { SearchResult, TextPage } from '@shared/contract/search';
import { invalid } from '../kernel/errors';
import { isStudent, type Caller } from '../kernel/caller';
import type { ModuleRecord } from '../modules/port';
import { makeSectionAccess, openOnAnyPath } from '../paths/section-access';
import { gatheredFiles, gatherTerms, noGatheredTerms, type GatheredTerms } from './gathered-terms';
import type { LibraryTermsStore } from './port';
import { requireReadableModule, type TextReadPorts } from './section-texts';

/** A module's title and description (sectionId null), or a section's title (text empty). */
export interface TitleDocument {
  moduleId: string;
  sectionId: string | null;
  title: string;
  text: string;
}

/** A section whose file's pages are among the gathered terms. */
export interface FileSection {
  moduleId: string;
  sectionId: string;
}

export interface TextIndex {
  /** The best matches; with `shown`, only among the sections it lets through. */
  search(query: string, shown?: (sectionId: string | null) => boolean): Promise<SearchResult[]>;
}

/** Reads the pages of stored files, by key: the text of the pages a search shows, for their snippets. */
export type PageReader = (contentUrls: string[]) => Promise<Map<string, TextPage[]>>;

/**
 * Builds a full-text index (search/adapters/text-index.ts), handed in by the composition root: over the titles, and
 * the gathered pages of the files the sections in scope show (by file key; a file in none is not searched).
 */
export type TextIndexBuilder = (
  titles: TitleDocument[],
  pages: { gathered: GatheredTerms; sectionsOf: ReadonlyMap<string, FileSection[]> },
  readPages: PageReader,
) => Promise<TextIndex>;

/** Indexes kept per container (a library of 500 modules × 10 sections × 2 pages: some MB of counts). */
const CACHED_INDEXES = 8;

export function makeSearchService(ports: TextReadPorts & { libraryTerms: LibraryTermsStore }, buildTextIndex: TextIndexBuilder) {
  const { modules, texts, libraryTerms } = ports;
  const pathsInClasses = makeSectionAccess(ports);
  const cache = new Map<string, { version: string; index: Promise<TextIndex> }>();

  async function search(caller: Caller, query: string, moduleId?: string): Promise<SearchResult[]> {
    if (moduleId === undefined && isStudent(caller)) throw invalid('Search inside a module: say which one (moduleId).', { moduleId: 'Say which module to search in.' });
    if (moduleId !== undefined) {
      const { module, holding } = await requireReadableModule(ports, caller, moduleId);
      const [textVersion, paths] = await Promise.all([texts.textVersion(module.ownerId), isStudent(caller) ? pathsInClasses(caller.userId, module, holding) : undefined]);
      const index = await indexOf(`module#${moduleId}`, versionOf(textVersion, [module]), () => indexOfScope([module]));
      return index.search(query, paths && ((sectionId) => sectionId === null || openOnAnyPath(paths, sectionId)));
    }
    const [versions, textVersion] = await Promise.all([modules.listModuleVersionsByOwner(caller.userId), texts.textVersion(caller.userId)]);
    const library = indexOf(`library#${caller.userId}`, versionOf(textVersion, versions), async () => {
      const [scope, gathered] = await Promise.all([modules.listModulesByOwner(caller.userId), libraryTerms.read(caller.userId)]);
      return indexOfScope(scope, gathered);
    });
    return (await library).search(query);
  }

  /** Changes whenever a module in scope is saved, added or deleted, or one of the owner's texts is stored. */
  const versionOf = (textVersion: number, scope: readonly Pick<ModuleRecord, 'moduleId' | 'updatedAt'>[]) =>
    `${textVersion}|${scope.map((module) => `${module.moduleId}@${module.updatedAt}`).sort().join(',')}`;

  function indexOf(key: string, version: string, build: () => Promise<TextIndex>): Promise<TextIndex> {
    const cached = cache.get(key);
    if (cached?.version === version) return cached.index;
    const index = build();
    cache.delete(key);
    cache.set(key, { version, index });
    index.catch(() => cache.delete(key));
    if (cache.size > CACHED_INDEXES) cache.delete(cache.keys().next().value!);
    return index;
  }

  /**
   * The index of the modules in scope, from a library's gathered terms and, for the files not among them (a file
   * stored a moment ago, a copy; every file of a module searched on its own), their texts' terms.
   */
  async function indexOfScope(scope: readonly ModuleRecord[], gathered = noGatheredTerms()): Promise<TextIndex> {
    const sectionsOf = new Map<string, FileSection[]>();
    for (const module of scope) {
      for (const section of module.sections) sectionsOf.set(section.contentUrl, [...(sectionsOf.get(section.contentUrl) ?? []), { moduleId: module.moduleId, sectionId: section._id }]);
    }
    const known = gatheredFiles(gathered);
    gatherTerms(gathered, await texts.getTerms([...sectionsOf.keys()].filter((contentUrl) => !known.has(contentUrl))));
    const titles = [
      ...scope.map((module) => ({ moduleId: module.moduleId, sectionId: null, title: module.title, text: module.description })),
      ...scope.flatMap((module) => module.sections.map((section) => ({ moduleId: module.moduleId, sectionId: section._id, title: section.title, text: '' }))),
    ];
    return buildTextIndex(titles, { gathered, sectionsOf }, readPages);
  }

  const readPages: PageReader = async (contentUrls) =>
    new Map([...(await texts.getTexts(contentUrls))].map(([contentUrl, text]) => [contentUrl, text.pages] as const));

  return { search };
}
export type SearchService = ReturnType<typeof makeSearchService>;
