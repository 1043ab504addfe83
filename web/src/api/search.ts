// Server state of search: results inside files (the teacher's library, or one module a student reads), and a
// section's file as text (the reader's text view).
import { useQuery } from '@tanstack/react-query';
import { call } from '@web/lib/api-client';

export const searchKeys = {
  all: ['search'] as const,
  results: (moduleId: string | undefined, query: string) => [...searchKeys.all, moduleId ?? 'library', query] as const,
  sectionText: (moduleId: string, sectionId: string) => [...searchKeys.all, 'section-text', moduleId, sectionId] as const,
};

/** The teacher's library, or (`moduleId`) one module a student reads or the teacher owns; nothing asked for an empty query. */
export function useSearch(query: string, moduleId?: string) {
  return useQuery({
    queryKey: searchKeys.results(moduleId, query),
    queryFn: () => call('search', {}, undefined, { q: query, moduleId }),
    enabled: query !== '',
    staleTime: 30_000,
  });
}

/** A section's file as text; a text still being read is asked for again now and then, while it is on screen. */
export function useSectionText(moduleId: string, sectionId: string) {
  return useQuery({
    queryKey: searchKeys.sectionText(moduleId, sectionId),
    queryFn: () => call('getSectionText', { id: moduleId, sectionId }),
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? 10_000 : false),
  });
}
