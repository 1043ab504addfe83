// Erasing a person: the one call, which refreshes the people lists and the admin overview once it is settled.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RequestOf } from '@shared/contract';
import { call } from '@web/lib/api-client';
import { peopleKeys } from './people';

export function useErasePerson() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, ...body }: RequestOf<'erasePerson'> & { userId: string }) => call('erasePerson', { userId }, body),
    onSettled: async () => {
      await Promise.all([queryClient.invalidateQueries({ queryKey: peopleKeys.all }), queryClient.invalidateQueries({ queryKey: peopleKeys.overview })]);
    },
  });
}
