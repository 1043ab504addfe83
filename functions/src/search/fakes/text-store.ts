// In-memory stored texts, keeping the repository's promises: one text per file key with its pages' terms, and a
// per-owner version that every stored text moves. Search over them uses the real index (it runs in the process;
// nothing to fake).
import type { LibraryTermsStore, PageTerms, SectionTextStore, StoredText } from '../port';
import { buildTextIndex, termsOf } from '../adapters/text-index';
import { dropFiles, gatherTerms, noGatheredTerms, type GatheredTerms } from '../gathered-terms';

export const textIndexBuilder = buildTextIndex;

export class InMemorySectionTextStore implements SectionTextStore {
  readonly texts = new Map<string, StoredText & { ownerId: string }>();
  private readonly versions = new Map<string, number>();

  async getTexts(contentUrls: string[]) {
    return new Map(contentUrls.flatMap((key) => (this.texts.has(key) ? [[key, this.texts.get(key)!] as const] : [])));
  }

  async getTerms(contentUrls: string[]) {
    return new Map(contentUrls.flatMap((key) => (this.texts.get(key)?.pages.length ? [[key, termsOf(this.texts.get(key)!.pages)] as const] : [])));
  }

  async markPending(contentUrl: string, ownerId: string, at: string) {
    this.texts.set(contentUrl, { status: 'pending', pages: [], at, ownerId });
  }

  async saveText(contentUrl: string, ownerId: string, text: Parameters<SectionTextStore['saveText']>[2], at: string) {
    this.texts.set(contentUrl, { status: text.status, pages: text.pages, at, ownerId });
    this.versions.set(ownerId, (this.versions.get(ownerId) ?? 0) + 1);
    return termsOf(text.pages);
  }

  async copyText(fromKey: string, toKey: string, toOwnerId: string) {
    const text = this.texts.get(fromKey);
    if (!text) return;
    if (!this.texts.has(toKey)) this.texts.set(toKey, { ...text, ownerId: toOwnerId });
    this.versions.set(toOwnerId, (this.versions.get(toOwnerId) ?? 0) + 1);
  }

  async textVersion(ownerId: string) {
    return this.versions.get(ownerId) ?? 0;
  }
}

/** In-memory library terms: one per owner, added to as the real store does (no race to lose in one process). */
export class InMemoryLibraryTermsStore implements LibraryTermsStore {
  private readonly libraries = new Map<string, string>();

  /** A copy, as a read of the stored object is. */
  async read(ownerId: string): Promise<GatheredTerms> {
    const stored = this.libraries.get(ownerId);
    return stored ? (JSON.parse(stored) as GatheredTerms) : noGatheredTerms();
  }

  async add(ownerId: string, files: Map<string, PageTerms[]>) {
    this.libraries.set(ownerId, JSON.stringify(gatherTerms(await this.read(ownerId), files)));
  }

  async remove(ownerId: string, contentUrls: string[]) {
    const gathered = await this.read(ownerId);
    if (dropFiles(gathered, new Set(contentUrls))) this.libraries.set(ownerId, JSON.stringify(gathered));
  }
}
