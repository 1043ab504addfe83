// A teacher's files' page terms gathered into one inverted list, the shape a library's index searches as it is: every
// page once (a file shared by several sections too), and for each stem the pages holding it. Kept in one object per
// teacher (adapters/library-terms-store.ts) and added to as each file's text is stored, so loading it is one read and
// one parse, with nothing to merge.
import type { PageTerms } from './port';

export interface GatheredTerms {
  /** Each gathered page as [file key, page number, words]; page i is document i of the postings. */
  pages: [string, number, number][];
  stems: string[];
  /** For each stem (same order), the pages holding it and how often: [page, count, page, count, …]. */
  postings: number[][];
}

export const noGatheredTerms = (): GatheredTerms => ({ pages: [], stems: [], postings: [] });

/** The files that have pages among the gathered terms. */
export const gatheredFiles = (gathered: GatheredTerms) => new Set(gathered.pages.map(([contentUrl]) => contentUrl));

/**
 * Adds files' page terms to the gathered terms, in place (the caller owns what it read); a file gathered before (its
 * text stored again) has its earlier pages dropped first.
 */
export function gatherTerms(gathered: GatheredTerms, files: ReadonlyMap<string, readonly PageTerms[]>): GatheredTerms {
  if (files.size === 0) return gathered;
  dropFiles(gathered, files);
  const stemAt = new Map(gathered.stems.map((stem, at) => [stem, at]));
  for (const [contentUrl, pages] of files) {
    for (const page of pages) {
      const document = gathered.pages.push([contentUrl, page.number, page.length]) - 1;
      page.stems.forEach((stem, at) => {
        let index = stemAt.get(stem);
        if (index === undefined) {
          index = gathered.stems.push(stem) - 1;
          gathered.postings.push([]);
          stemAt.set(stem, index);
        }
        gathered.postings[index].push(document, page.counts[at]);
      });
    }
  }
  return gathered;
}

/**
 * Drops the pages of these files, in place, renumbering the rest, and the stems no page holds any more; answers whether
 * any file had pages to drop.
 */
export function dropFiles(gathered: GatheredTerms, files: { has(contentUrl: string): boolean }): boolean {
  if (!gathered.pages.some(([contentUrl]) => files.has(contentUrl))) return false;
  const renumbered = new Int32Array(gathered.pages.length).fill(-1);
  let next = 0;
  gathered.pages = gathered.pages.filter(([contentUrl], at) => !files.has(contentUrl) && ((renumbered[at] = next++), true));
  const postings = gathered.postings.map((list) => {
    const kept: number[] = [];
    for (let at = 0; at < list.length; at += 2) if (renumbered[list[at]] >= 0) kept.push(renumbered[list[at]], list[at + 1]);
    return kept;
  });
  const held = postings.map((list) => list.length > 0);
  gathered.stems = gathered.stems.filter((_, at) => held[at]);
  gathered.postings = postings.filter((_, at) => held[at]);
  return true;
}
