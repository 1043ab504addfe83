// Reading a section's file as text and searching: the text the server keeps of each section's file (what search
// indexes and the question drafter reads, page by page) and search of a teacher's library or of one module
// (`GET /api/search?q=…[&moduleId=…]`).
import * as z from '../zod';
import { SEARCH_LIMITS } from '../search';
import { SECTION_TEXT_STATUSES } from '../section-text';
import { TEACHERS_AND_STUDENTS } from './route';
import { idSchema, positiveWhole, type RouteContract } from './blocks';

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

/** A page's `number` is 1-based: the PDF page or the slide; a Word document is page 1. */
export const sectionTextSchema = /* @__PURE__ */ z.lazy(() =>
  z.strictObject({
    status: z.enum(SECTION_TEXT_STATUSES),
    pages: z.array(z.strictObject({ number: positiveWhole, text: z.string() })),
  }),
);

/**
 * A result: `sectionId` null when the module's title or description matched; `page` (or slide) of the section's
 * file, null when the section's title matched; `snippet`, the matching passage (about SEARCH_LIMITS.snippetLength
 * characters); `highlights`, the words of the snippet that matched, as they are written there.
 */
const searchResultSchema = /* @__PURE__ */ z.lazy(() =>
  z.strictObject({
    moduleId: z.string(),
    sectionId: z.nullable(z.string()),
    page: z.nullable(positiveWhole),
    snippet: z.string(),
    highlights: z.array(z.string()),
  }),
);

export const searchResultsSchema = /* @__PURE__ */ z.lazy(() => z.strictObject({ results: z.array(searchResultSchema) }));

export type SectionText = z.infer<typeof sectionTextSchema>;
export type TextPage = SectionText['pages'][number];
export type SearchResult = z.infer<typeof searchResultSchema>;

export const searchRoutes = {
  // The text of a section's file (owner, or a student of a class it is assigned to), and search: a teacher's library,
  // or (`&moduleId=`) one module a student reads or the teacher owns.
  getSectionText: { method: 'GET', path: '/api/modules/{id}/sections/{sectionId}/text', roles: TEACHERS_AND_STUDENTS, response: sectionTextSchema },
  search: { method: 'GET', path: '/api/search', roles: TEACHERS_AND_STUDENTS, query: searchQuerySchema, response: searchResultsSchema },
} as const satisfies Record<string, RouteContract>;
