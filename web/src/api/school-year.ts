// Server state of the end of a school year: archiving a class and bringing it back, the school's retention setting,
// and rolling classes over into a new year (each class change refreshes the class lists as the rosters' changes do).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RollOverInput } from '@shared/contract/school-year';
import { call } from '@web/lib/api-client';
import { useClassChange } from './rosters';

export const retentionKeys = { all: ['retention'] as const };

export const useArchiveClass = () => useClassChange((classId: string) => call('archiveClass', { classId }));
export const useUnarchiveClass = () => useClassChange((classId: string) => call('unarchiveClass', { classId }));
export const useRollOver = () => useClassChange((input: RollOverInput) => call('rollOverClasses', {}, input));

export const useRetention = () => useQuery({ queryKey: retentionKeys.all, queryFn: () => call('getRetention', {}) });

export function useSetRetention() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (days: number | null) => call('setRetention', {}, { days }),
    onSuccess: (saved) => queryClient.setQueryData(retentionKeys.all, saved),
  });
}
