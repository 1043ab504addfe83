// Search of a teacher's library or of one module (`GET /api/search?q=…[&moduleId=…]`): the query and the answer.
import { idSchema } from './schemas';
import * as z from './zod';

export const SEARCH_LIMITS = { queryMaxLength: 200, maxResults: 20, snippetLength: 160 } as const;

export const searchQuerySchema = /* @__PURE__ */ z.lazy(() =>
  z.strictObject({
    q: z.string({ error: 'Type what to search for.' }).check(
      z.trim(),
      z.minLength(1, { error: 'Type what to search for.' }),
      z.maxLength(SEARCH_LIMITS.queryMaxLength, { error: `Search for at most ${SEARCH_LIMITS.queryMaxLength} characters.` }),
    ),
    moduleId: z.optional(idSchema('moduleId')),
  }),
);

export interface SearchResult {
  moduleId: string;
  /** null: the module's title or description matched. */
  sectionId: string | null;
  /** The page (or slide) of the section's file; null: the section's title matched. */
  page: number | null;
  /** The matching passage, about SEARCH_LIMITS.snippetLength characters. */
  snippet: string;
  /** The words of the snippet that matched (to highlight), as they are written there. */
  highlights: string[];
}

export const searchResultsSchema = /* @__PURE__ */ z.lazy(() =>
  z.strictObject({
    results: z.array(
      z.strictObject({
        moduleId: z.string(),
        sectionId: z.nullable(z.string()),
        page: z.nullable(z.number().check(z.int(), z.positive())),
        snippet: z.string(),
        highlights: z.array(z.string()),
      }),
    ),
  }),
);
