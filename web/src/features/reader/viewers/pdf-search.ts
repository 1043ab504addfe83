// Finding words in a PDF: each page's text is its text items (as pdf.js's text layer shows them, one element per item)
// joined, a line end read as a space. Matching ignores case, accents and ligatures ("Cafe" finds "café", "fi" finds
// "ﬁ") and runs of white space, and answers places in the page's own text, so a match maps back to the items to mark.

/** A page's text and where each text item starts in it. */
export interface PageText {
  text: string;
  itemStarts: number[];
}

/** One match: its page (1-based) and its place in that page's text, [start, end). */
export interface SearchMatch {
  page: number;
  start: number;
  end: number;
}

/** The part of one text item a match covers, [start, end) within the item's string. */
export interface ItemRange {
  item: number;
  start: number;
  end: number;
}

/** A page's text items (pdf.js `getTextContent().items`; marked-content items carry no `str` and are left out). */
export function pageText(items: ReadonlyArray<{ str: string; hasEOL: boolean } | { type: string }>): PageText {
  let text = '';
  const itemStarts: number[] = [];
  for (const item of items) {
    if (!('str' in item)) continue;
    itemStarts.push(text.length);
    text += item.str + (item.hasEOL ? '\n' : '');
  }
  return { text, itemStarts };
}

/** The text folded for matching, and for each folded character the index of the original character it came from. */
export function foldForSearch(text: string): { folded: string; origins: number[] } {
  let folded = '';
  const origins: number[] = [];
  for (let index = 0; index < text.length; index += 1) {
    const character = text[index];
    if (/\s/.test(character)) {
      if (!folded.endsWith(' ')) {
        folded += ' ';
        origins.push(index);
      }
      continue;
    }
    for (const part of character.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase()) {
      folded += part;
      origins.push(index);
    }
  }
  return { folded, origins };
}

/** Every match of `query` in the pages, in reading order; none for a query of only spaces. */
export function findMatches(pages: readonly PageText[], query: string): SearchMatch[] {
  const needle = foldForSearch(query.trim()).folded;
  if (!needle) return [];
  const matches: SearchMatch[] = [];
  pages.forEach(({ text }, index) => {
    const { folded, origins } = foldForSearch(text);
    for (let at = folded.indexOf(needle); at !== -1; at = folded.indexOf(needle, at + needle.length)) {
      matches.push({ page: index + 1, start: origins[at], end: origins[at + needle.length - 1] + 1 });
    }
  });
  return matches;
}

/** The match to show first: the first on or after the page being read, else (wrapping round) the first. */
export function firstMatchFrom(matches: readonly SearchMatch[], page: number): number {
  const index = matches.findIndex((match) => match.page >= page);
  return index === -1 ? 0 : index;
}

/** The next (1) or previous (-1) match, wrapping round at either end. */
export const stepMatch = (current: number, count: number, direction: 1 | -1): number => (current + direction + count) % count;

/** "3 of 12", "No matches", or nothing before a search. */
export function matchStatus(current: number, count: number, searched: boolean): string {
  if (!searched) return '';
  return count === 0 ? 'No matches' : `${current + 1} of ${count}`;
}

/** The parts of the page's text items a match covers, in order. */
export function matchItemRanges({ itemStarts, text }: PageText, match: SearchMatch): ItemRange[] {
  const ranges: ItemRange[] = [];
  itemStarts.forEach((itemStart, item) => {
    const itemEnd = item + 1 < itemStarts.length ? itemStarts[item + 1] : text.length;
    const start = Math.max(match.start, itemStart);
    const end = Math.min(match.end, itemEnd);
    // A line end after the item belongs to no item's string.
    const itemLength = text.slice(itemStart, itemEnd).replace(/\n$/, '').length;
    if (start < end && start - itemStart < itemLength) ranges.push({ item, start: start - itemStart, end: Math.min(end - itemStart, itemLength) });
  });
  return ranges;
}
