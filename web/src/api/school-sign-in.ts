// Server state of school sign-in's administration: the sign-in domains and whether newcomers of each come in as students.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RequestOf } from '@shared/contract';
import { call } from '@web/lib/api-client';

export const schoolSignInKeys = { domains: ['school-sign-in'] as const };

/** Asked only once `enabled` (the admin has two-factor on): the API would refuse it otherwise. */
export function useSchoolSignInDomains({ enabled = true } = {}) {
  return useQuery({ queryKey: schoolSignInKeys.domains, queryFn: () => call('getSchoolSignIn', {}), enabled });
}

export function useSetSchoolSignInDomain() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RequestOf<'setSchoolSignInDomain'>) => call('setSchoolSignInDomain', {}, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: schoolSignInKeys.domains }),
  });
}
