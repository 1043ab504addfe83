// Search of a teacher's library or of one module, the limits (the route is shared/contract/search.ts).

export const SEARCH_LIMITS = { queryMaxLength: 200, maxResults: 20, snippetLength: 160 } as const;
