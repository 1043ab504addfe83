// Server state of classes: query keys (defined once here) and hooks for the teacher's, the student's and one class.
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ClassDetail } from '@shared/contract/classes';
import { api, call } from '@web/lib/api-client';
import { progressKeys } from '../../progress/api/progress';

export const classKeys = {
  all: ['classes'] as const,
  /** The signed-in teacher's classes: one list for the dashboard, the class list and the analytics picker. */
  teacher: (teacherId: string) => [...classKeys.all, 'teacher', teacherId] as const,
  student: (userId: string) => [...classKeys.all, 'student', userId] as const,
  detail: (classId: string) => [...classKeys.all, 'detail', classId] as const,
  roster: (classId: string) => [...classKeys.all, 'roster', classId] as const,
};

/** A class's roster in pages of 100 (student-id order), for its teacher or an admin; `fetchNextPage` for more. */
export function useClassRoster(classId: string) {
  return useInfiniteQuery({
    queryKey: classKeys.roster(classId),
    queryFn: ({ pageParam }) => api.listClassStudents(classId, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next,
    enabled: Boolean(classId),
  });
}

/**
 * The signed-in teacher's classes, from GET /api/classes/teacher/{teacherId} (pass the user's id; nothing is asked
 * without one). GET /api/classes answers the same list; only this one is used, so the list is cached once.
 */
export function useTeacherClasses(teacherId: string | undefined) {
  return useQuery({
    queryKey: classKeys.teacher(teacherId ?? ''),
    queryFn: () => api.listTeacherClasses(teacherId!),
    enabled: Boolean(teacherId),
  });
}

export function useStudentClasses(userId: string | undefined) {
  return useQuery({
    queryKey: classKeys.student(userId ?? ''),
    queryFn: () => api.listStudentClasses(userId!),
    enabled: Boolean(userId),
  });
}

export function useClass(classId: string | undefined) {
  return useQuery({
    queryKey: classKeys.detail(classId ?? ''),
    queryFn: () => api.getClass(classId!),
    enabled: Boolean(classId),
  });
}

/** Assigns a module, due at `dueAt` (an instant) or with no due date; assigning again sets the new due date. */
export const useAssignModule = (classId: string) =>
  useClassModuleChange(({ moduleId, dueAt }: { moduleId: string; dueAt?: string }) => api.assignModule(classId, moduleId, dueAt));

/** Makes a module of the class wait for another (null: it opens at once). */
export const useSetPrerequisite = (classId: string) =>
  useClassModuleChange(({ moduleId, prerequisiteModuleId }: { moduleId: string; prerequisiteModuleId: string | null }) =>
    call('setModulePrerequisite', { classId, moduleId }, { prerequisiteModuleId }),
  );

/** Takes a module off the class; the students' progress on it is kept and returns if it is assigned again. */
export const useUnassignModule = (classId: string) => useClassModuleChange((moduleId: string) => api.unassignModule(classId, moduleId));

/** The same from a module's page, where the class is chosen with the module. */
export const useUnassignModuleFromClass = () =>
  useClassModuleChange(({ classId, moduleId }: { classId: string; moduleId: string }) => api.unassignModule(classId, moduleId));

/** The question both pages ask before unassigning. */
export const unassignQuestion = (moduleTitle: string, className: string) =>
  `Unassign "${moduleTitle}" from ${className}? Your students' progress on it is kept and comes back if you assign it again.`;

function useClassModuleChange<Input>(change: (input: Input) => Promise<ClassDetail>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: (updated) => {
      const classId = updated._id;
      // The returned class is the new truth for this screen; lists only carry counts, refetch them.
      queryClient.setQueryData(classKeys.detail(classId), updated);
      void queryClient.invalidateQueries({ queryKey: progressKeys.classReport(classId) });
      return queryClient.invalidateQueries({
        queryKey: classKeys.all,
        predicate: (query) => query.queryKey[1] !== 'detail',
      });
    },
  });
}

/** Assigns one module to several classes at once (due at `dueAt`, if given); answers which classes took it and which refused. */
export function useAssignModuleToClasses() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ moduleId, classIds, dueAt }: { moduleId: string; classIds: string[]; dueAt?: string }) => {
      const results = await Promise.allSettled(classIds.map((classId) => api.assignModule(classId, moduleId, dueAt)));
      return {
        assigned: classIds.filter((_, index) => results[index].status === 'fulfilled'),
        failed: classIds.filter((_, index) => results[index].status === 'rejected'),
      };
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: classKeys.all }),
  });
}
