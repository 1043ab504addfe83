// Search: a teacher's whole library, or one module (a student inside a module assigned to one of their classes, or
// its owner). The index of a library or module is built in memory from the stored texts and kept in the function's
// container until the modules or the owner's texts change (their versions are read on every search: one query and
// one item), so a search after the first reads no text.
import type { SearchResult } from '@shared/search';
import { buildTextIndex, type SearchDocument, type TextIndex } from '../search/text-index';
import { invalid } from './errors';
import { isStudent, type Caller } from './caller';
import type { ClassStore, ModuleRecord, ModuleStore, SectionTextStore } from './ports';
import { requireReadableModule } from './section-texts';

/** Indexes kept per container (a library of 500 modules × 10 sections of text is some tens of MB). */
const CACHED_INDEXES = 8;

export function makeSearchService(ports: { modules: ModuleStore; classes: ClassStore; texts: SectionTextStore }) {
  const { modules, texts } = ports;
  const cache = new Map<string, { version: string; index: Promise<TextIndex> }>();

  async function search(caller: Caller, query: string, moduleId?: string): Promise<SearchResult[]> {
    if (moduleId === undefined && isStudent(caller)) throw invalid('Search inside a module: say which one (moduleId).', { moduleId: 'Say which module to search in.' });
    const [scope, textVersion] = moduleId
      ? await requireReadableModule(ports, caller, moduleId).then(async (module) => [[module], await texts.textVersion(module.ownerId)] as const)
      : await Promise.all([modules.listModulesByOwner(caller.userId), texts.textVersion(caller.userId)]);
    const key = moduleId ? `module#${moduleId}` : `library#${caller.userId}`;
    const version = `${textVersion}|${scope.map((module) => `${module.moduleId}@${module.updatedAt}`).join(',')}`;
    return (await indexOf(key, version, scope)).search(query);
  }

  function indexOf(key: string, version: string, scope: readonly ModuleRecord[]): Promise<TextIndex> {
    const cached = cache.get(key);
    if (cached?.version === version) return cached.index;
    const index = documentsOf(scope).then(buildTextIndex);
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
