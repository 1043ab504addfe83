// The text the server keeps of each section's file (`GET /api/modules/{id}/sections/{sectionId}/text`): what search
// indexes and the question drafter reads, page by page (a slide is a page; a Word document is one page), and the
// limits extraction stops at. One definition for the extractor, the API, the drafter and the web app.

/**
 * `pending`: not extracted yet (or still being extracted); `ready`: the text of every page; `no-text`: the file has
 * no text (a scanned PDF, an empty file); `too-large`: past a limit below (the pages read before it are kept);
 * `failed`: the file could not be read (damaged, protected by a password, or an old binary .doc/.ppt).
 */
export const SECTION_TEXT_STATUSES = ['pending', 'ready', 'no-text', 'too-large', 'failed'] as const;
export type SectionTextStatus = (typeof SECTION_TEXT_STATUSES)[number];

const MiB = 1024 * 1024;

/**
 * Where extraction stops. A file over `maxFileBytes` is not read at all; pages (or slides) past `maxPages`, text past
 * `maxCharacters` and work past `maxMilliseconds` (checked between pages) are left out and the text is marked
 * too-large. Office files are first checked against the zip limits of office-limits.ts (bytes inflated per part and
 * in all, entries), so a zip bomb is refused before any of it is inflated. The kept text must fit one table item
 * (400 KB) once compressed, hence the character limit.
 */
export const EXTRACTION_LIMITS = {
  maxFileBytes: 100 * MiB,
  maxPages: 2_000,
  maxCharacters: 600_000,
  maxMilliseconds: 30_000,
} as const;

export type ExtractionLimits = { [Key in keyof typeof EXTRACTION_LIMITS]: number };

/** How the reader and the library page word a text that is not ready. */
export const NO_TEXT_FOUND = 'No text found in this file.';
