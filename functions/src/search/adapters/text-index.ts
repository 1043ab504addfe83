// A full-text index over a library's titles, descriptions, section titles and file pages, with Orama: an English
// stemmer ("cells" finds "cell"), prefix matching ("mito" finds "mitochondria") and typo tolerance (one edit). Built
// in memory from stored text; the snippet and the words to highlight are cut from the matching document.
import { create, insert, search, type AnyOrama } from '@orama/orama';
import { SEARCH_LIMITS } from '@shared/search';
import type { SearchDocument, TextIndexBuilder } from '../search';

const schema = { title: 'string', text: 'string' } as const;

export const buildTextIndex: TextIndexBuilder = async (documents) => {
  const db: AnyOrama = create({ schema, components: { tokenizer: { stemming: true } } });
  for (const document of documents) await insert(db, document);
  const stems = (text: string) => db.tokenizer.tokenize(text) as string[];

  return {
    async search(query, shown) {
      const found = await search(db, {
        term: query,
        properties: ['title', 'text'],
        tolerance: 1,
        boost: { title: 2 },
        limit: shown ? documents.length : SEARCH_LIMITS.maxResults,
      });
      const queryStems = stems(query);
      const hits = shown ? found.hits.filter(({ document }) => shown((document as unknown as SearchDocument).sectionId)).slice(0, SEARCH_LIMITS.maxResults) : found.hits;
      return hits.map(({ document }) => {
        const { moduleId, sectionId, page, title, text } = document as unknown as SearchDocument;
        const passage = matchingPassage(text, queryStems, stems) ?? matchingPassage(title, queryStems, stems) ?? { snippet: cut(text || title, 0), highlights: [] };
        return { moduleId, sectionId, page, ...passage };
      });
    },
  };
};

/** The part of the text around its first word that matches the query (stem or prefix), with the words to highlight. */
function matchingPassage(text: string, queryStems: string[], stems: (text: string) => string[]): { snippet: string; highlights: string[] } | undefined {
  const matches = (word: string) => stems(word).some((stem) => queryStems.some((queryStem) => stem.startsWith(queryStem) || queryStem.startsWith(stem)));
  const words = [...text.matchAll(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu)];
  const first = words.find((word) => matches(word[0]));
  if (!first) return undefined;
  const snippet = cut(text, first.index);
  const highlights = [...new Set([...snippet.matchAll(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu)].map((word) => word[0]).filter(matches))];
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
