// Server state of students' paths: the teacher's check and preview of a module's rules, how many paths a change of
// them would change, a class's prerequisites, and a student's path overrides (the student drill-down: the list,
// adding one and taking one back; a change refreshes the report, whose cells follow the student's path, and the
// class's list of every override).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PathChangesInput, PathOverride, PathOverrideInput, PathPreview, PathPreviewInput, StudentOverrides } from '@shared/contract/paths';
import { call } from '@web/lib/api-client';
import { useClassModuleChange } from './classes';
import { reportKeys } from './reports';

export const pathKeys = {
  all: ['paths'] as const,
  /** A module's rules as saved (its update time and checks name the version). */
  check: (moduleId: string, savedAt: string, checks: unknown) => [...pathKeys.all, 'check', moduleId, savedAt, checks] as const,
  changes: (moduleId: string, savedAt: string, proposal: PathChangesInput) => [...pathKeys.all, 'changes', moduleId, savedAt, proposal] as const,
  classOverrides: (classId: string) => [...pathKeys.all, 'overrides', classId] as const,
  overrides: (classId: string, studentId: string) => [...pathKeys.classOverrides(classId), studentId] as const,
};

/** The module's saved rules checked for places a student gets stuck; asked for once `enabled`. */
export function usePathCheck(moduleId: string, savedAt: string, checks: unknown, enabled: boolean) {
  return useQuery({ queryKey: pathKeys.check(moduleId, savedAt, checks), queryFn: () => call('checkPath', { id: moduleId }), enabled });
}

/** The path a student with these scores and completions would meet (nothing is stored). */
export function usePreviewPath(moduleId: string) {
  return useMutation({ mutationFn: (input: PathPreviewInput): Promise<PathPreview> => call('previewPath', { id: moduleId }, input) });
}

/** How many students' paths the proposed rules would change; asked for once `enabled`. */
export function usePathChanges(moduleId: string, savedAt: string, proposal: PathChangesInput, enabled: boolean) {
  return useQuery({
    queryKey: pathKeys.changes(moduleId, savedAt, proposal),
    queryFn: () => call('previewPathChanges', { id: moduleId }, proposal),
    enabled,
  });
}

/** Makes a module of the class wait for another (null: it opens at once). */
export const useSetPrerequisite = (classId: string) =>
  useClassModuleChange(({ moduleId, prerequisiteModuleId }: { moduleId: string; prerequisiteModuleId: string | null }) =>
    call('setModulePrerequisite', { classId, moduleId }, { prerequisiteModuleId }),
  );

export function useStudentOverrides(classId: string, studentId: string) {
  return useQuery({
    queryKey: pathKeys.overrides(classId, studentId),
    queryFn: () => call('listPathOverrides', { classId, studentId }),
  });
}

/** Every override in the class, asked for once `enabled` (the class report's list, when opened). */
export function useClassOverrides(classId: string, enabled: boolean) {
  return useQuery({ queryKey: pathKeys.classOverrides(classId), queryFn: () => call('listClassOverrides', { classId }), enabled });
}

/** The student's overrides as the server answers them after a change, then the report and the class's list read again. */
function useOverrideChange<Input>(classId: string, studentId: string, change: (input: Input) => Promise<StudentOverrides>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: (answer) => {
      queryClient.setQueryData(pathKeys.overrides(classId, studentId), answer);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: reportKeys.classReport(classId) }),
        queryClient.invalidateQueries({ queryKey: pathKeys.classOverrides(classId), exact: true }),
      ]);
    },
  });
}

export const useAddOverride = (classId: string, studentId: string) =>
  useOverrideChange(classId, studentId, (input: PathOverrideInput) => call('addPathOverride', { classId, studentId }, input));

export const useRemoveOverride = (classId: string, studentId: string) =>
  useOverrideChange(classId, studentId, ({ moduleId, kind, sectionId }: PathOverride) =>
    call('removePathOverride', { classId, studentId, moduleId, kind }, undefined, { sectionId }),
  );
