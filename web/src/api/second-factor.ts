// Whether the signed-in person has two-factor authentication on, as Cognito says (GetUser). The API refuses
// administration to admins without it, so an admin page asks this first instead of asking the API for what it would
// refuse. Read once per session (the profile reads it afresh); turning it on or off there refreshes every query.
import { useQuery } from '@tanstack/react-query';
import { loadAmplifyAuth } from '@web/lib/auth';

export const secondFactorKey = ['second-factor'] as const;

export function useSecondFactorOn({ fresh = false } = {}) {
  return useQuery({
    // `fresh`: read again on mount even when cached (the profile), so it never shows a setting changed elsewhere since.
    ...(fresh && { refetchOnMount: 'always' as const }),
    queryKey: secondFactorKey,
    queryFn: async () => {
      const { fetchMFAPreference } = await loadAmplifyAuth();
      return (await fetchMFAPreference()).enabled?.includes('TOTP') ?? false;
    },
    staleTime: Infinity,
  });
}
