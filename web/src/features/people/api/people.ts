// Server state of administration: the people list (pages from the directory), the dashboard's overview, and the
// changes an admin makes; every change refreshes both.
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListPeopleQuery } from '@shared/contract/people';
import type { Role } from '@shared/roles';
import { api } from '@web/lib/api-client';

export const peopleKeys = {
  all: ['people'] as const,
  list: (query: Omit<ListPeopleQuery, 'next'>) => [...peopleKeys.all, 'list', query] as const,
  overview: ['admin-overview'] as const,
};

/** Asked only once `enabled` (the admin has two-factor on): the API would refuse it otherwise. */
export function useAdminOverview({ enabled = true } = {}) {
  return useQuery({ queryKey: peopleKeys.overview, queryFn: api.getAdminOverview, enabled });
}

/** One page of people at a time (the directory's pages of 60); `fetchNextPage` asks for the next. */
export function usePeople(query: Omit<ListPeopleQuery, 'next'>) {
  return useInfiniteQuery({
    queryKey: peopleKeys.list(query),
    queryFn: ({ pageParam }) => api.listPeople({ ...query, next: pageParam }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next,
  });
}

function useRefreshingMutation<TInput, TResult>(mutationFn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: peopleKeys.all }),
        queryClient.invalidateQueries({ queryKey: peopleKeys.overview }),
      ]);
    },
  });
}

export const useInvitePerson = () => useRefreshingMutation(api.invitePerson);
export const useRenamePerson = () => useRefreshingMutation(({ userId, name }: { userId: string; name: string }) => api.renamePerson(userId, name));
export const useChangeRole = () => useRefreshingMutation(({ userId, role }: { userId: string; role: Role }) => api.changeRole(userId, role));
export const useDisablePerson = () => useRefreshingMutation(api.disablePerson);
export const useEnablePerson = () => useRefreshingMutation(api.enablePerson);
export const useResendInvitation = () => useRefreshingMutation(api.resendInvitation);

/** After a bulk invitation (sent in chunks outside React Query), the lists are stale. */
export function useRefreshPeople() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: peopleKeys.all }),
      queryClient.invalidateQueries({ queryKey: peopleKeys.overview }),
    ]);
}
