// Server state of the audit trail: its pages (newest first, filtered), and every entry at once for the export.
import { useInfiniteQuery } from '@tanstack/react-query';
import type { AuditQuery } from '@shared/contract/audit';
import { call } from '@web/lib/api-client';

export const auditKeys = {
  all: ['audit-trail'] as const,
  list: (query: AuditQuery) => [...auditKeys.all, query] as const,
};

export const listAuditTrail = (query: AuditQuery) => call('listAuditTrail', {}, undefined, query);

export function useAuditTrail(query: AuditQuery) {
  return useInfiniteQuery({
    queryKey: auditKeys.list(query),
    queryFn: ({ pageParam }) => listAuditTrail({ ...query, next: pageParam }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next,
  });
}
