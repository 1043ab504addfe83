// Server state of a student's path overrides (the student drill-down): the list and adding one. Called through `call`,
// so the app-wide `api` object does not grow; a change refreshes the report, whose cells follow the student's path.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PathOverrideInput } from '@shared/paths';
import { call } from '@web/lib/api-client';
import { progressKeys } from './progress';

const overrideKeys = {
  student: (classId: string, studentId: string) => [...progressKeys.all, 'overrides', classId, studentId] as const,
};

export function useStudentOverrides(classId: string, studentId: string) {
  return useQuery({
    queryKey: overrideKeys.student(classId, studentId),
    queryFn: () => call('listPathOverrides', { classId, studentId }),
  });
}

export function useAddOverride(classId: string, studentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PathOverrideInput) => call('addPathOverride', { classId, studentId }, input),
    onSuccess: (answer) => {
      queryClient.setQueryData(overrideKeys.student(classId, studentId), answer);
      return queryClient.invalidateQueries({ queryKey: progressKeys.classReport(classId) });
    },
  });
}
