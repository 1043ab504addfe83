// Server state of people: the list (pages from the directory), the admin dashboard's overview, the changes an admin
// makes (every change refreshes both), and a person renaming themselves.
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListPeopleQuery } from '@shared/contract/people';
import type { RequestOf } from '@shared/contract';
import type { Role } from '@shared/roles';
import { call } from '@web/lib/api-client';

export const peopleKeys = {
  all: ['people'] as const,
  list: (query: Omit<ListPeopleQuery, 'next'>) => [...peopleKeys.all, 'list', query] as const,
  overview: ['admin-overview'] as const,
};

/** Asked only once `enabled` (the admin has two-factor on): the API would refuse it otherwise. */
export function useAdminOverview({ enabled = true } = {}) {
  return useQuery({ queryKey: peopleKeys.overview, queryFn: () => call('getAdminOverview', {}), enabled });
}

/** One page of people at a time (the directory's pages of 60); `fetchNextPage` asks for the next. */
export function usePeople(query: Omit<ListPeopleQuery, 'next'>) {
  return useInfiniteQuery({
    queryKey: peopleKeys.list(query),
    queryFn: ({ pageParam }) => call('listPeople', {}, undefined, { ...query, next: pageParam }),
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

export const useInvitePerson = () => useRefreshingMutation(invitePerson);
export const useRenamePerson = () => useRefreshingMutation(({ userId, name }: { userId: string; name: string }) => call('renamePerson', { userId }, { name }));
export const useChangeRole = () => useRefreshingMutation(({ userId, role }: { userId: string; role: Role }) => call('changeRole', { userId }, { role }));
export const useDisablePerson = () => useRefreshingMutation((userId: string) => call('disablePerson', { userId }));
export const useEnablePerson = () => useRefreshingMutation((userId: string) => call('enablePerson', { userId }));
export const useResendInvitation = () => useRefreshingMutation((userId: string) => call('resendInvitation', { userId }));

/** After a bulk invitation (sent in chunks outside React Query), the lists are stale. */
export function useRefreshPeople() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: peopleKeys.all }),
      queryClient.invalidateQueries({ queryKey: peopleKeys.overview }),
    ]);
}

export const invitePerson = (input: RequestOf<'invitePerson'>) => call('invitePerson', {}, input);
/** Bulk work (sent in chunks outside React Query; the caller refreshes the lists after). */
export const invitePeople = (people: RequestOf<'invitePeople'>['people']) => call('invitePeople', {}, { people });
export const lookupPeople = (emails: string[]) => call('lookupPeople', {}, { emails });
export const setPeopleAccess = (access: RequestOf<'setPeopleAccess'>['access'], userIds: string[]) => call('setPeopleAccess', {}, { access, userIds });

/** The signed-in person's own name. */
export const renameSelf = (name: string) => call('renameSelf', {}, { name });
