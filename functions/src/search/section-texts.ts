// The text of sections' files: extracting it when a file is stored (off the request path: the storage event), and
// reading it, for the section's owner or a student of a class it is assigned to while the section is open on their
// path. Search (search.ts) and the question drafter read the same stored text.
import { ROSTER_PACKAGE_TYPE } from '@shared/content-type';
import { EXTRACTION_LIMITS } from '@shared/section-text';
import type { SectionText } from '@shared/contract/search';
import { isStudent, type Caller } from '../kernel/caller';
import { conflict, notFound } from '../kernel/errors';
import { MODULE_NOT_FOUND, requireOwnModule } from '../modules/modules';
import type { CheckStore } from '../checks/port';
import type { ClassRecord, ClassStore } from '../classes/port';
import type { Clock, Log } from '../kernel/ports';
import type { ModuleRecord, ModuleStore } from '../modules/port';
import type { PathOverrideStore } from '../paths/port';
import type { ProgressStore } from '../progress/port';
import type { FileReader } from '../uploads/port';
import type { LibraryTermsStore, SectionTextStore, StoredText, TextExtractor } from './port';
import { makeSectionAccess, requireOpenOnAnyPath } from '../paths/section-access';

/** A text still pending this long after its extraction started will not be finished: the extractor gave up or crashed. */
export const EXTRACTION_GIVES_UP_MS = 15 * 60 * 1000;

const SECTION_NOT_FOUND = 'Section not found.';

/** Only uploads (`protected/{owner}/{id}/{name}`) have a text; the owner's searches follow its changes. */
export function ownerOfStorageKey(key: string): string | undefined {
  const match = /^protected\/([^/]+)\/[^/]+\/[^/]+$/.exec(key);
  return match && !key.includes('..') ? match[1] : undefined;
}

const isRosterPackage = (key: string) => key.toLowerCase().endsWith(`.${ROSTER_PACKAGE_TYPE.extension}`);

/** What a stored text reads as now: none stored yet is pending, and a pending one past the extractor's time failed. */
export function currentText(stored: StoredText | undefined, now: Date): SectionText {
  if (!stored) return { status: 'pending', pages: [] };
  if (stored.status === 'pending' && now.getTime() - Date.parse(stored.at) > EXTRACTION_GIVES_UP_MS) return { status: 'failed', pages: [] };
  return { status: stored.status, pages: stored.pages };
}

export function makeTextExtraction(ports: { files: FileReader; texts: SectionTextStore; libraryTerms: LibraryTermsStore; extract: TextExtractor; clock: Clock; log: Log }) {
  const { files, texts, libraryTerms, extract, clock, log } = ports;

  /**
   * Extracts and stores the text of a stored file, and adds its terms to its owner's library terms (the library's
   * search loads those). Never throws for the file's sake: whatever happens to the file, its text ends marked (ready,
   * no-text, too-large or failed); only the table or the bucket being unreachable propagates, so the event is retried.
   */
  async function extractFile(key: string): Promise<void> {
    const ownerId = ownerOfStorageKey(key);
    // An admin's OneRoster package is no section's file: it has no text to search.
    if (!ownerId || isRosterPackage(key)) return;
    await texts.markPending(key, ownerId, clock.now().toISOString());
    const text = await readAndExtract(key);
    if (!text) return;
    if (text.status !== 'ready') log.warn('Text not extracted', { key, status: text.status, detail: text.detail });
    const terms = await texts.saveText(key, ownerId, text, clock.now().toISOString());
    await libraryTerms.add(ownerId, new Map([[key, terms]]));
  }

  /**
   * Drops a deleted file's terms from its owner's library terms, so a search no longer weighs its words and they are not
   * kept after the file (its text item goes with the file's references).
   */
  async function forgetFile(key: string): Promise<void> {
    const ownerId = ownerOfStorageKey(key);
    if (!ownerId || isRosterPackage(key)) return;
    await libraryTerms.remove(ownerId, [key]);
  }

  async function readAndExtract(key: string) {
    try {
      const bytes = await files.readFile(key, EXTRACTION_LIMITS.maxFileBytes);
      if (bytes === 'missing') return { status: 'failed' as const, pages: [], detail: 'The file is no longer stored.' };
      if (bytes === 'too-large') return { status: 'too-large' as const, pages: [], detail: `The file is over ${EXTRACTION_LIMITS.maxFileBytes} bytes.` };
      return await extract(bytes, key);
    } catch (error) {
      return { status: 'failed' as const, pages: [], detail: error instanceof Error ? error.message : String(error) };
    }
  }

  return { extractFile, forgetFile };
}
export type TextExtraction = ReturnType<typeof makeTextExtraction>;

/** What a section's text and search read: the module, its stored texts, and for a student their path in it. */
export interface TextReadPorts {
  modules: ModuleStore;
  classes: ClassStore;
  texts: SectionTextStore;
  checks: CheckStore;
  progress: ProgressStore;
  overrides: PathOverrideStore;
}

/**
 * The module if the caller may read it (its owner, or a student of a class it is assigned to; anyone else: 404, not
 * saying it exists), with the classes through which a student reads it.
 */
export async function requireReadableModule(
  ports: Pick<TextReadPorts, 'modules' | 'classes'>,
  caller: Caller,
  moduleId: string,
): Promise<{ module: ModuleRecord; holding: ClassRecord[] }> {
  if (!isStudent(caller)) return { module: await requireOwnModule(ports.modules, caller, moduleId), holding: [] };
  const [module, classIds] = await Promise.all([ports.modules.getModule(moduleId), ports.classes.listClassIdsOfStudent(caller.userId)]);
  const holding = module ? (await ports.classes.getClasses(classIds)).filter((schoolClass) => schoolClass.assignedModuleIds.includes(moduleId)) : [];
  if (!module || holding.length === 0) throw notFound(MODULE_NOT_FOUND);
  return { module, holding };
}

export function makeSectionTextReader(ports: TextReadPorts & { clock: Clock }) {
  const pathsInClasses = makeSectionAccess(ports);

  async function read(caller: Caller, moduleId: string, sectionId: string): Promise<SectionText> {
    const { module, holding } = await requireReadableModule(ports, caller, moduleId);
    const section = module.sections.find((candidate) => candidate._id === sectionId);
    if (!section) throw notFound(SECTION_NOT_FOUND);
    if (isStudent(caller)) requireOpenOnAnyPath(await pathsInClasses(caller.userId, module, holding), sectionId, conflict);
    const stored = await ports.texts.getTexts([section.contentUrl]);
    return currentText(stored.get(section.contentUrl), ports.clock.now());
  }
  return { read };
}
export type SectionTextReader = ReturnType<typeof makeSectionTextReader>;
