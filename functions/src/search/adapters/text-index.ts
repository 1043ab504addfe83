// A full-text index over a library's titles, descriptions, section titles and file pages: Orama's English tokenizer
// and stemmer ("cells" finds "cell"), prefix matching ("mito" finds "mitochondria"), one typo tolerated, BM25 ranking
// with titles weighted ×2. A file's pages are tokenized once, when its text is stored (`termsOf`, kept in the text's
// item): building a library's index only merges those counts, and the text of the few pages shown is read for their
// snippets. The snippet and the words to highlight are cut from the matching page.
import { components } from '@orama/orama';
import type { TextPage } from '@shared/contract/search';
import { SEARCH_LIMITS } from '@shared/search';
import type { PageTerms } from '../port';
import type { PageDocument, TextIndexBuilder, TitleDocument } from '../search';

/** Keeps repeated words: their counts rank the pages. */
const tokenizer = components.tokenizer.createTokenizer({ stemming: true, allowDuplicates: true });
const stemsOf = (text: string) => tokenizer.tokenize(text) as string[];

/** A text's length in words, its distinct stems and how often each occurs. */
function countStems(text: string): Omit<PageTerms, 'number'> {
  const stems = stemsOf(text);
  const counts = new Map<string, number>();
  for (const stem of stems) counts.set(stem, (counts.get(stem) ?? 0) + 1);
  return { length: stems.length, stems: [...counts.keys()], counts: [...counts.values()] };
}

/** What the index needs of a file's pages, computed when its text is stored. */
export const termsOf = (pages: readonly TextPage[]): PageTerms[] => pages.map(({ number, text }) => ({ number, ...countStems(text) }));

/** BM25's usual constants. */
const K1 = 1.2;
const B = 0.75;
const TITLE_BOOST = 2;

/** One searched property: for each stem, the documents holding it as [document, count, document, count, …]. */
class Field {
  readonly postings = new Map<string, number[]>();
  readonly lengths: number[] = [];
  private totalLength = 0;

  add(document: number, { length, stems, counts }: Omit<PageTerms, 'number'>) {
    this.lengths[document] = length;
    this.totalLength += length;
    stems.forEach((stem, at) => {
      const list = this.postings.get(stem);
      if (list) list.push(document, counts[at]);
      else this.postings.set(stem, [document, counts[at]]);
    });
  }

  /** Adds to each document's score what the stems matching the query's stems earn it here. */
  score(queryStems: readonly string[], documentCount: number, boost: number, scores: Float64Array) {
    const average = this.totalLength / Math.max(documentCount, 1) || 1;
    for (const [stem, list] of this.postings) {
      if (!queryStems.some((queryStem) => matches(stem, queryStem))) continue;
      const frequency = list.length / 2;
      const idf = Math.log(1 + (documentCount - frequency + 0.5) / (frequency + 0.5));
      for (let at = 0; at < list.length; at += 2) {
        const document = list[at];
        const count = list[at + 1];
        const length = this.lengths[document] ?? 0;
        scores[document] += (boost * idf * count * (K1 + 1)) / (count + K1 * (1 - B + (B * length) / average));
      }
    }
  }
}

/** The same stem, one that starts with the query's (a prefix), or one edit away from it (a typo). */
function matches(stem: string, queryStem: string): boolean {
  return stem.startsWith(queryStem) || withinOneEdit(stem, queryStem);
}

function withinOneEdit(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start += 1;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA -= 1;
    endB -= 1;
  }
  return endA - start <= 1 && endB - start <= 1;
}

export const buildTextIndex: TextIndexBuilder = async (titles, pages, readPages) => {
  const documents: (TitleDocument | PageDocument)[] = [...titles, ...pages];
  const title = new Field();
  const text = new Field();
  titles.forEach((document, at) => {
    title.add(at, countStems(document.title));
    text.add(at, countStems(document.text));
  });
  pages.forEach((document, at) => text.add(titles.length + at, document.terms));

  return {
    async search(query, shown) {
      const queryStems = [...new Set(stemsOf(query))];
      const scores = new Float64Array(documents.length);
      title.score(queryStems, documents.length, TITLE_BOOST, scores);
      text.score(queryStems, documents.length, 1, scores);
      const best = [...scores.keys()]
        .filter((at) => scores[at] > 0 && (!shown || shown(documents[at].sectionId)))
        .sort((a, b) => scores[b] - scores[a] || a - b)
        .slice(0, SEARCH_LIMITS.maxResults)
        .map((at) => documents[at]);
      const stored = await readPages([...new Set(best.flatMap((document) => ('contentUrl' in document ? [document.contentUrl] : [])))]);
      return best.map((document) => {
        if ('contentUrl' in document) {
          const pageText = stored.get(document.contentUrl)?.find((page) => page.number === document.terms.number)?.text ?? '';
          const passage = matchingPassage(pageText, queryStems) ?? { snippet: cut(pageText, 0), highlights: [] };
          return { moduleId: document.moduleId, sectionId: document.sectionId, page: document.terms.number, ...passage };
        }
        const passage = matchingPassage(document.text, queryStems) ?? matchingPassage(document.title, queryStems) ?? { snippet: cut(document.text || document.title, 0), highlights: [] };
        return { moduleId: document.moduleId, sectionId: document.sectionId, page: null, ...passage };
      });
    },
  };
};

/** The part of the text around its first word that matches the query (stem or prefix), with the words to highlight. */
function matchingPassage(text: string, queryStems: string[]): { snippet: string; highlights: string[] } | undefined {
  const isMatch = (word: string) => stemsOf(word).some((stem) => queryStems.some((queryStem) => stem.startsWith(queryStem) || queryStem.startsWith(stem)));
  const words = [...text.matchAll(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu)];
  const first = words.find((word) => isMatch(word[0]));
  if (!first) return undefined;
  const snippet = cut(text, first.index);
  const highlights = [...new Set([...snippet.matchAll(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu)].map((word) => word[0]).filter(isMatch))];
  return { snippet, highlights };
}

/** About SEARCH_LIMITS.snippetLength characters around `at`, on word boundaries, one line, "…" where cut. */
function cut(text: string, at: number): string {
  const { snippetLength } = SEARCH_LIMITS;
  const start = Math.max(0, at - Math.floor(snippetLength / 3));
  const end = Math.min(text.length, start + snippetLength);
  const from = start === 0 ? 0 : text.indexOf(' ', start) + 1 || start;
  const to = end === text.length ? end : text.lastIndexOf(' ', end) > from ? text.lastIndexOf(' ', end) : end;
  const body = text.slice(from, to).replace(/\s+/g, ' ').trim();
  return `${from > 0 ? '…' : ''}${body}${to < text.length ? '…' : ''}`;
}
