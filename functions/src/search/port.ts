// What the section texts and search need: the stored texts of files and the extraction library.
import type { SectionText, TextPage } from '@shared/contract/search';
import type { SectionTextStatus } from '@shared/section-text';
import type { GatheredTerms } from './gathered-terms';

/** A file's stored text, keyed by the file's storage key (files are shared by reference: one text serves every module). */
export interface StoredText extends SectionText {
  /** When extraction started (pending) or ended (every other status), ISO. */
  at: string;
}

/** A page's words as the search index counts them (stored with the text: the index is built from these, not the text). */
export interface PageTerms {
  number: number;
  /** Words on the page. */
  length: number;
  /** Its distinct stems, and how often each occurs (same order). */
  stems: string[];
  counts: number[];
}

export interface SectionTextStore {
  /** The stored text of each of these files that has one, by key (an absent key: never extracted). */
  getTexts(contentUrls: string[]): Promise<Map<string, StoredText>>;
  /** The pages' terms of each of these files that has a stored text with pages, by key. */
  getTerms(contentUrls: string[]): Promise<Map<string, PageTerms[]>>;
  /** Marks a file's text as being extracted, for its owner. */
  markPending(contentUrl: string, ownerId: string, at: string): Promise<void>;
  /**
   * Stores a file's text with its pages' terms, and counts one more change to its owner's texts (searches rebuild on
   * it); answers the terms stored (pages that did not fit the item are left out).
   */
  saveText(contentUrl: string, ownerId: string, text: { status: Exclude<SectionTextStatus, 'pending'>; pages: TextPage[]; detail?: string }, at: string): Promise<PageTerms[]>;
  /**
   * Gives a file's stored text to a copy of the file under another owner (unless the copy has a text already, from its
   * own extraction) and counts one more change to that owner's texts; nothing when the file has no text.
   */
  copyText(fromKey: string, toKey: string, toOwnerId: string): Promise<void>;
  /** A number that changes whenever one of the owner's texts is stored. */
  textVersion(ownerId: string): Promise<number>;
}

/**
 * A teacher's files' terms gathered in one place, so a library's index loads in one read. It may lack a file whose text
 * was stored another way (a copy, or before it existed): the search reads those from their texts.
 */
export interface LibraryTermsStore {
  read(ownerId: string): Promise<GatheredTerms>;
  /** Adds files' terms (replacing a file's earlier ones) without losing what another writer adds at the same time. */
  add(ownerId: string, files: Map<string, PageTerms[]>): Promise<void>;
  /** Drops deleted files' terms, the same way; writes nothing when none of them is gathered. */
  remove(ownerId: string, contentUrls: string[]): Promise<void>;
}

/** The extraction library (adapters/text-extraction.ts), given to the use case. */
export type TextExtractor = (bytes: Uint8Array, key: string) => Promise<{ status: Exclude<SectionTextStatus, 'pending'>; pages: TextPage[]; detail?: string }>;
