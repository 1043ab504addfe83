// Whether the signed-in person has two-factor authentication on, as Cognito says (GetUser). The API refuses
// administration to admins without it, so an admin page asks this first instead of asking the API for what it would
// refuse. Read once per session; turning it on or off in the profile refreshes every query, this one too.
import { useQuery } from '@tanstack/react-query';
import { loadAmplifyAuth } from '@web/lib/auth';

const secondFactorKey = ['second-factor'] as const;

export function useSecondFactorOn() {
  return useQuery({
    queryKey: secondFactorKey,
    queryFn: async () => {
      const { fetchMFAPreference } = await loadAmplifyAuth();
      return (await fetchMFAPreference()).enabled?.includes('TOTP') ?? false;
    },
    staleTime: Infinity,
  });
}
