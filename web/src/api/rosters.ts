// Server state of class administration and rosters: every class, one class's detail, its students, the admin's
// changes (each refreshes the class lists, the dashboard's figures and the teacher/student views of classes), and
// OneRoster imports with their history.
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateClassInput, ImportOneRosterInput } from '@shared/contract/rosters';
import { call } from '@web/lib/api-client';
import { classKeys } from './classes';
import { peopleKeys } from './people';

export const classAdminKeys = {
  all: ['admin-classes'] as const,
  detail: (classId: string) => [...classAdminKeys.all, classId] as const,
  /** Under the classes' key, so every change to classes (which invalidates them all) reads the roster again. */
  students: (classId: string) => [...classKeys.all, 'roster', classId] as const,
};

/** One page of a class's students (student-id order), for its teacher or an admin. */
export const listClassStudents = (classId: string, cursor?: string) => call('listClassStudents', { classId }, undefined, { cursor });

/** A class's roster in pages of 100 (student-id order), for its teacher or an admin; `fetchNextPage` for more. */
export function useClassRoster(classId: string) {
  return useInfiniteQuery({
    queryKey: classAdminKeys.students(classId),
    queryFn: ({ pageParam }) => listClassStudents(classId, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next,
    enabled: Boolean(classId),
  });
}

export const listAdminClasses = () => call('listAdminClasses', {});
export const enrolStudents = (classId: string, studentIds: string[]) => call('enrolStudents', { classId }, { studentIds });

export const useAdminClasses = () => useQuery({ queryKey: classAdminKeys.all, queryFn: listAdminClasses });

export const useAdminClass = (classId: string) =>
  useQuery({ queryKey: classAdminKeys.detail(classId), queryFn: () => call('getAdminClass', { classId }), enabled: Boolean(classId) });

export function useClassChange<TInput, TResult>(change: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: classAdminKeys.all }),
        queryClient.invalidateQueries({ queryKey: peopleKeys.overview }),
        queryClient.invalidateQueries({ queryKey: classKeys.all }),
      ]),
  });
}

export const useCreateClass = () => useClassChange((input: CreateClassInput) => call('createClass', {}, input));
export const useRenameClass = (classId: string) => useClassChange((className: string) => call('renameClass', { classId }, { className }));
export const useSetClassTeacher = (classId: string) => useClassChange((teacherId: string | null) => call('setClassTeacher', { classId }, { teacherId }));
export const useDeleteClass = () => useClassChange((classId: string) => call('deleteClass', { classId }));
export const useEnrolStudents = (classId: string) => useClassChange((studentIds: string[]) => enrolStudents(classId, studentIds));
export const useUnenrolStudent = (classId: string) => useClassChange((studentId: string) => call('unenrolStudent', { classId, studentId }));

export const oneRosterKeys = { runs: ['oneroster-runs'] as const };

/** The OneRoster runs (uploads previewed or applied, and the nightly sync's), newest first. */
export const useOneRosterRuns = () => useQuery({ queryKey: oneRosterKeys.runs, queryFn: () => call('listOneRosterRuns', {}) });

/** Previews or applies an uploaded package; every run joins the history, and an apply changes people and classes. */
export function useImportOneRoster() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ImportOneRosterInput) => call('importOneRoster', {}, input),
    onSettled: (_answer, _error, input) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: oneRosterKeys.runs }),
        ...(input.mode === 'apply'
          ? [classAdminKeys.all, peopleKeys.all, peopleKeys.overview, classKeys.all].map((queryKey) => queryClient.invalidateQueries({ queryKey }))
          : []),
      ]),
  });
}
