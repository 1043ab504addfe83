// Search this file, in the PDF viewer's toolbar: Enter finds the query in every page's text (or goes to the next
// match), Shift+Enter to the previous, Escape clears it; "3 of 12" is announced. The viewer opens the match's page and
// marks it in the text layer. The box is one of the toolbar's tools (below 601 px, under its Tools button).
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { useCallback, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { findMatches, firstMatchFrom, matchItemRanges, matchStatus, pageText, stepMatch, type ItemRange, type PageText, type SearchMatch } from './pdf-search';

interface Results {
  query: string;
  pages: PageText[];
  matches: SearchMatch[];
  current: number;
}

/** Every page's text, read once per document. */
const pageTexts = new WeakMap<PDFDocumentProxy, Promise<PageText[]>>();
function readPageTexts(pdf: PDFDocumentProxy): Promise<PageText[]> {
  let texts = pageTexts.get(pdf);
  if (!texts) {
    texts = (async () => {
      const pages: PageText[] = [];
      for (let number = 1; number <= pdf.numPages; number += 1) {
        pages.push(pageText((await (await pdf.getPage(number)).getTextContent()).items));
      }
      return pages;
    })();
    pageTexts.set(pdf, texts);
  }
  return texts;
}

export interface PdfSearch {
  pdf?: PDFDocumentProxy;
  query: string;
  setQuery: (query: string) => void;
  /** Searches, or (the same query again) goes to the next (1) or previous (-1) match. */
  find: (direction: 1 | -1) => void;
  clear: () => void;
  status: string;
  searching: boolean;
  count: number;
  /** The parts of the current match's text items, when it is on the page shown. */
  highlight?: ItemRange[];
}

/** The search's state for a viewer showing `page` of `pdf`; a match found opens its page through `onPage`. */
export function usePdfSearch(pdf: PDFDocumentProxy | undefined, page: number, onPage: (page: number) => void): PdfSearch {
  const [query, setQuery] = useState('');
  const [results, setResults] = useState<Results>();
  const [searching, setSearching] = useState(false);
  const asked = useRef('');

  const show = useCallback(
    (next: Results) => {
      setResults(next);
      const match = next.matches[next.current];
      if (match) onPage(match.page);
    },
    [onPage],
  );

  const find = (direction: 1 | -1) => {
    const wanted = query.trim();
    if (!pdf || !wanted) return;
    if (results?.query === wanted) {
      if (results.matches.length > 0) show({ ...results, current: stepMatch(results.current, results.matches.length, direction) });
      return;
    }
    asked.current = wanted;
    setSearching(true);
    readPageTexts(pdf).then(
      (pages) => {
        // A later search (or Escape) wins over this one.
        if (asked.current !== wanted) return;
        setSearching(false);
        const matches = findMatches(pages, wanted);
        show({ query: wanted, pages, matches, current: firstMatchFrom(matches, page) });
      },
      () => {
        if (asked.current === wanted) setSearching(false);
      },
    );
  };

  const clear = () => {
    asked.current = '';
    setQuery('');
    setResults(undefined);
    setSearching(false);
  };

  const match = results?.matches[results.current];
  // The same array while the match and page are, so the viewer marks the text layer only on a change.
  const highlight = useMemo(
    () => (results && match && match.page === page ? matchItemRanges(results.pages[match.page - 1], match) : undefined),
    [results, match, page],
  );
  const status = searching ? 'Searching...' : matchStatus(results?.current ?? 0, results?.matches.length ?? 0, results !== undefined && results.query === query.trim());
  return { pdf, query, setQuery, find, clear, status, searching, count: results?.matches.length ?? 0, highlight };
}

/** Marks the ranges in the text layer's elements (one per text item), and answers how to take the marks off. */
export function markMatch(textItems: readonly HTMLElement[], ranges: readonly ItemRange[]): () => void {
  const marked = ranges.flatMap(({ item, start, end }) => {
    const element = textItems[item];
    if (!element) return [];
    const text = element.textContent ?? '';
    const mark = document.createElement('mark');
    mark.className = 'pdf-match';
    mark.textContent = text.slice(start, end);
    element.replaceChildren(text.slice(0, start), mark, text.slice(end));
    return [{ element, text, mark }];
  });
  marked[0]?.mark.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  return () => marked.forEach(({ element, text }) => (element.textContent = text));
}

export function PdfSearchBox({ search }: { search: PdfSearch }) {
  const id = useId();
  const { pdf, query, setQuery, find, clear, status, count } = search;
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      find(event.shiftKey ? -1 : 1);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      clear();
    }
  };
  return (
    <div className="viewer-search" role="search">
      <label htmlFor={id} className="visually-hidden">
        Search this file
      </label>
      <input
        id={id}
        type="search"
        placeholder="Search this file"
        value={query}
        disabled={!pdf}
        onChange={(event) => setQuery(event.target.value)}
        onKeyDown={onKeyDown}
      />
      <span className="viewer-search-status" role="status" aria-live="polite">
        {status}
      </span>
      <button type="button" className="button button-secondary icon-button" aria-label="Previous match" disabled={count === 0} onClick={() => find(-1)}>
        <span aria-hidden="true">‹</span>
      </button>
      <button type="button" className="button button-secondary icon-button" aria-label="Next match" disabled={!pdf || !query.trim()} onClick={() => find(1)}>
        <span aria-hidden="true">›</span>
      </button>
    </div>
  );
}
