// A full-text index over a library's titles, descriptions, section titles and file pages: Orama's English tokenizer
// and stemmer ("cells" finds "cell"), prefix matching ("mito" finds "mitochondria"), one typo tolerated, BM25 ranking
// with titles weighted ×2. A file's pages are tokenized once, when its text is stored (`termsOf`, kept in the text's
// item and gathered per teacher, ../gathered-terms.ts): the index searches the gathered terms as they are, tokenizes
// only titles, and reads the text of the few pages shown, for their snippets and the words to highlight.
import { components } from '@orama/orama';
import type { TextPage } from '@shared/contract/search';
import { SEARCH_LIMITS } from '@shared/search';
import type { PageTerms } from '../port';
import type { FileSection, TextIndexBuilder, TitleDocument } from '../search';

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
  private readonly average: number;

  constructor(
    private readonly postings: ReadonlyMap<string, readonly number[]>,
    private readonly lengths: readonly number[],
  ) {
    this.average = lengths.reduce((sum, length) => sum + length, 0) / Math.max(lengths.length, 1) || 1;
  }

  /** A field over short texts (titles, descriptions), tokenized here. */
  static ofTexts(texts: readonly string[]): Field {
    const postings = new Map<string, number[]>();
    const lengths = texts.map((text, document) => {
      const { length, stems, counts } = countStems(text);
      stems.forEach((stem, at) => {
        const list = postings.get(stem);
        if (list) list.push(document, counts[at]);
        else postings.set(stem, [document, counts[at]]);
      });
      return length;
    });
    return new Field(postings, lengths);
  }

  /** Adds to each document's score what the stems matching the query's stems earn it here. */
  score(queryStems: readonly string[], boost: number, scores: Float64Array) {
    const documentCount = this.lengths.length;
    for (const [stem, list] of this.postings) {
      if (!queryStems.some((queryStem) => matches(stem, queryStem))) continue;
      const frequency = list.length / 2;
      const idf = Math.log(1 + (documentCount - frequency + 0.5) / (frequency + 0.5));
      for (let at = 0; at < list.length; at += 2) {
        const count = list[at + 1];
        scores[list[at]] += (boost * idf * count * (K1 + 1)) / (count + K1 * (1 - B + (B * this.lengths[list[at]]) / this.average));
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

/** A match: a title (module or section) or a page of a section's file. */
type Hit = { score: number } & ({ title: TitleDocument } | { page: number; section: FileSection });

export const buildTextIndex: TextIndexBuilder = async (titles, { gathered, sectionsOf }, readPages) => {
  const titleField = Field.ofTexts(titles.map((document) => document.title));
  const descriptionField = Field.ofTexts(titles.map((document) => document.text));
  const pageField = new Field(
    new Map(gathered.stems.map((stem, at) => [stem, gathered.postings[at]])),
    gathered.pages.map(([, , length]) => length),
  );

  return {
    async search(query, shown = () => true) {
      const queryStems = [...new Set(stemsOf(query))];
      const titleScores = new Float64Array(titles.length);
      titleField.score(queryStems, TITLE_BOOST, titleScores);
      descriptionField.score(queryStems, 1, titleScores);
      const pageScores = new Float64Array(gathered.pages.length);
      pageField.score(queryStems, 1, pageScores);

      const hits: Hit[] = [];
      titleScores.forEach((score, at) => {
        if (score > 0 && shown(titles[at].sectionId)) hits.push({ score, title: titles[at] });
      });
      pageScores.forEach((score, page) => {
        if (score > 0) for (const section of sectionsOf.get(gathered.pages[page][0]) ?? []) if (shown(section.sectionId)) hits.push({ score, page, section });
      });
      const best = hits.sort((a, b) => b.score - a.score).slice(0, SEARCH_LIMITS.maxResults);

      const stored = await readPages([...new Set(best.flatMap((hit) => ('page' in hit ? [gathered.pages[hit.page][0]] : [])))]);
      return best.map((hit) => {
        if ('page' in hit) {
          const [contentUrl, number] = gathered.pages[hit.page];
          const text = stored.get(contentUrl)?.find((page) => page.number === number)?.text ?? '';
          const passage = matchingPassage(text, queryStems) ?? { snippet: cut(text, 0), highlights: [] };
          return { ...hit.section, page: number, ...passage };
        }
        const { moduleId, sectionId, title, text } = hit.title;
        const passage = matchingPassage(text, queryStems) ?? matchingPassage(title, queryStems) ?? { snippet: cut(text || title, 0), highlights: [] };
        return { moduleId, sectionId, page: null, ...passage };
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
