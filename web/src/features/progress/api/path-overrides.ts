// Server state of a student's path overrides (the student drill-down): the list, adding one and taking one back. Called through `call`,
// so the app-wide `api` object does not grow; a change refreshes the report, whose cells follow the student's path.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PathOverride, PathOverrideInput, StudentOverrides } from '@shared/contract/paths';
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

/** The student's overrides as the server answers them after a change, then the report read again. */
function useOverrideChange<Input>(classId: string, studentId: string, change: (input: Input) => Promise<StudentOverrides>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: (answer) => {
      queryClient.setQueryData(overrideKeys.student(classId, studentId), answer);
      return queryClient.invalidateQueries({ queryKey: progressKeys.classReport(classId) });
    },
  });
}

export const useAddOverride = (classId: string, studentId: string) =>
  useOverrideChange(classId, studentId, (input: PathOverrideInput) => call('addPathOverride', { classId, studentId }, input));

export const useRemoveOverride = (classId: string, studentId: string) =>
  useOverrideChange(classId, studentId, ({ moduleId, kind, sectionId }: PathOverride) =>
    call('removePathOverride', { classId, studentId, moduleId, kind }, undefined, { sectionId }),
  );
