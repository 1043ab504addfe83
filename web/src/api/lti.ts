// Server state of the LMSs (LTI 1.3 platforms) the school registered: the list, and an admin's changes to it; a
// teacher's deep linking request from one of them.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LtiPlatformInput } from '@shared/contract/lti';
import { call } from '@web/lib/api-client';

export const ltiKeys = { platforms: ['lti-platforms'] as const, deepLink: (requestId: string) => ['lti-deep-link', requestId] as const };

export const useLtiPlatforms = () => useQuery({ queryKey: ltiKeys.platforms, queryFn: () => call('listLtiPlatforms', {}) });

function usePlatformChange<TInput, TResult>(change: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: change, onSettled: () => queryClient.invalidateQueries({ queryKey: ltiKeys.platforms }) });
}

export const useRegisterLtiPlatform = () => usePlatformChange((input: LtiPlatformInput) => call('registerLtiPlatform', {}, input));
export const useEditLtiPlatform = () =>
  usePlatformChange(({ platformId, input }: { platformId: string; input: LtiPlatformInput }) => call('editLtiPlatform', { platformId }, input));
export const useRemoveLtiPlatform = () => usePlatformChange((platformId: string) => call('removeLtiPlatform', { platformId }));

/** A teacher's deep linking request (the page an LMS's "add external tool" lands on), and its one answer. */
export const useLtiDeepLink = (requestId: string) =>
  useQuery({ queryKey: ltiKeys.deepLink(requestId), queryFn: () => call('getLtiDeepLink', { requestId }) });

export const useAnswerLtiDeepLink = (requestId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (moduleId: string | null) => call('answerLtiDeepLink', { requestId }, { moduleId }),
    // Refused (answered meanwhile, in another tab): the page reads the request again and says so.
    onError: () => queryClient.invalidateQueries({ queryKey: ltiKeys.deepLink(requestId) }),
  });
};
