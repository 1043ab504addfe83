// Search: a teacher's whole library, or one module (a student inside a module assigned to one of their classes, where
// the sections locked on their path are left out; or its owner). The index of a library or module is built in memory from the stored texts and kept in the function's
// container until the modules or the owner's texts change (their versions are read on every search: the modules'
// ids and dates, and one item), so a search after the first reads no text and no section.
import type { SearchResult } from '@shared/contract/search';
import { invalid } from '../kernel/errors';
import { isStudent, type Caller } from '../kernel/caller';
import type { ModuleRecord } from '../modules/port';
import { makeSectionAccess, openOnAnyPath } from '../paths/section-access';
import { requireReadableModule, type TextReadPorts } from './section-texts';

/** One thing to find: a module's title and description (sectionId null) or a page of a section's text. */
export interface SearchDocument {
  moduleId: string;
  sectionId: string | null;
  page: number | null;
  title: string;
  text: string;
}

export interface TextIndex {
  /** The best matches; with `shown`, only among the sections it lets through (a module's index: a few thousand pages). */
  search(query: string, shown?: (sectionId: string | null) => boolean): Promise<SearchResult[]>;
}

/** Builds a full-text index over documents (search/text-index.ts), handed in by the composition root. */
export type TextIndexBuilder = (documents: SearchDocument[]) => Promise<TextIndex>;

/** Indexes kept per container (a library of 500 modules × 10 sections of text is some tens of MB). */
const CACHED_INDEXES = 8;

export function makeSearchService(ports: TextReadPorts, buildTextIndex: TextIndexBuilder) {
  const { modules, texts } = ports;
  const pathsInClasses = makeSectionAccess(ports);
  const cache = new Map<string, { version: string; index: Promise<TextIndex> }>();

  async function search(caller: Caller, query: string, moduleId?: string): Promise<SearchResult[]> {
    if (moduleId === undefined && isStudent(caller)) throw invalid('Search inside a module: say which one (moduleId).', { moduleId: 'Say which module to search in.' });
    if (moduleId !== undefined) {
      const { module, holding } = await requireReadableModule(ports, caller, moduleId);
      const [textVersion, paths] = await Promise.all([texts.textVersion(module.ownerId), isStudent(caller) ? pathsInClasses(caller.userId, module, holding) : undefined]);
      const index = await indexOf(`module#${moduleId}`, versionOf(textVersion, [module]), async () => [module]);
      return index.search(query, paths && ((sectionId) => sectionId === null || openOnAnyPath(paths, sectionId)));
    }
    const [versions, textVersion] = await Promise.all([modules.listModuleVersionsByOwner(caller.userId), texts.textVersion(caller.userId)]);
    return (await indexOf(`library#${caller.userId}`, versionOf(textVersion, versions), () => modules.listModulesByOwner(caller.userId))).search(query);
  }

  /** Changes whenever a module in scope is saved, added or deleted, or one of the owner's texts is stored. */
  const versionOf = (textVersion: number, scope: readonly Pick<ModuleRecord, 'moduleId' | 'updatedAt'>[]) =>
    `${textVersion}|${scope.map((module) => `${module.moduleId}@${module.updatedAt}`).sort().join(',')}`;

  function indexOf(key: string, version: string, scope: () => Promise<readonly ModuleRecord[]>): Promise<TextIndex> {
    const cached = cache.get(key);
    if (cached?.version === version) return cached.index;
    const index = scope().then(documentsOf).then(buildTextIndex);
    cache.delete(key);
    cache.set(key, { version, index });
    index.catch(() => cache.delete(key));
    if (cache.size > CACHED_INDEXES) cache.delete(cache.keys().next().value!);
    return index;
  }

  async function documentsOf(scope: readonly ModuleRecord[]): Promise<SearchDocument[]> {
    const stored = await texts.getTexts(scope.flatMap((module) => module.sections.map((section) => section.contentUrl)));
    return scope.flatMap((module) => [
      { moduleId: module.moduleId, sectionId: null, page: null, title: module.title, text: module.description },
      ...module.sections.flatMap((section) => [
        { moduleId: module.moduleId, sectionId: section._id, page: null, title: section.title, text: '' },
        ...(stored.get(section.contentUrl)?.pages ?? []).map((page) => ({
          moduleId: module.moduleId,
          sectionId: section._id,
          page: page.number,
          title: '',
          text: page.text,
        })),
      ]),
    ]);
  }

  return { search };
}
export type SearchService = ReturnType<typeof makeSearchService>;
