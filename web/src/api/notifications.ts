// Server state of the bell: the caller's notifications (read again every minute and when the tab regains focus) and
// marking them all read.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@web/lib/api-client';

export const notificationKeys = { mine: ['notifications'] as const };
const REFRESH_MS = 60_000;

export function useNotifications() {
  return useQuery({
    queryKey: notificationKeys.mine,
    queryFn: () => call('getNotifications', {}),
    refetchInterval: REFRESH_MS,
    refetchOnWindowFocus: 'always',
  });
}

export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call('markNotificationsRead', {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.mine }),
  });
}
