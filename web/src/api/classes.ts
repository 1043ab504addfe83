// Server state of classes: query keys (defined once here) and hooks for the teacher's, the student's and one class,
// the modules assigned to a class, and a teacher's reminder to a student.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ClassDetail } from '@shared/contract/classes';
import { call } from '@web/lib/api-client';
import { askEarly, takeEarlyAnswerIfFirst } from '@web/lib/early-answers';
import { reportKeys } from './reports';

export const classKeys = {
  all: ['classes'] as const,
  /** The signed-in teacher's classes: one list for the dashboard, the class list and the analytics picker. */
  teacher: (teacherId: string) => [...classKeys.all, 'teacher', teacherId] as const,
  student: (userId: string) => [...classKeys.all, 'student', userId] as const,
  detail: (classId: string) => [...classKeys.all, 'detail', classId] as const,
};

/**
 * The signed-in teacher's classes, from GET /api/classes/teacher/{teacherId} (pass the user's id; nothing is asked
 * without one). GET /api/classes answers the same list; only this one is used, so the list is cached once.
 */
export function useTeacherClasses(teacherId: string | undefined) {
  return useQuery({
    queryKey: classKeys.teacher(teacherId ?? ''),
    queryFn: () => call('listTeacherClasses', { teacherId: teacherId! }),
    enabled: Boolean(teacherId),
  });
}

export function useStudentClasses(userId: string | undefined) {
  return useQuery({
    queryKey: classKeys.student(userId ?? ''),
    queryFn: () => call('listStudentClasses', { userId: userId! }),
    enabled: Boolean(userId),
  });
}

export function useClass(classId: string | undefined) {
  const queryClient = useQueryClient();
  const queryKey = classKeys.detail(classId ?? '');
  return useQuery({
    queryKey,
    queryFn: () => takeEarlyAnswerIfFirst<ClassDetail>(queryClient, queryKey, earlyClassKey(classId!)) ?? call('getClass', { classId: classId! }),
    enabled: Boolean(classId),
  });
}

const earlyClassKey = (classId: string) => `class:${classId}`;

/** Asks for a class at start-up, for useClass to take (lib/early-answers). */
export const askClassEarly = (classId: string) => askEarly(earlyClassKey(classId), () => call('getClass', { classId }));

/** Assigns a module, due at `dueAt` (an instant) or with no due date; assigning again sets the new due date. */
export const useAssignModule = (classId: string) =>
  useClassModuleChange(({ moduleId, dueAt }: { moduleId: string; dueAt?: string }) => assignModule(classId, moduleId, dueAt));

const assignModule = (classId: string, moduleId: string, dueAt?: string) => call('assignModule', { classId }, { moduleId, ...(dueAt ? { dueAt } : {}) });

/** Takes a module off the class; the students' progress on it is kept and returns if it is assigned again. */
export const useUnassignModule = (classId: string) => useClassModuleChange((moduleId: string) => call('unassignModule', { classId, moduleId }));

/** The same from a module's page, where the class is chosen with the module. */
export const useUnassignModuleFromClass = () =>
  useClassModuleChange(({ classId, moduleId }: { classId: string; moduleId: string }) => call('unassignModule', { classId, moduleId }));

/** A change to a class's modules (assigning, unassigning, a prerequisite): its answer is the class. */
export function useClassModuleChange<Input>(change: (input: Input) => Promise<ClassDetail>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: (updated) => {
      const classId = updated._id;
      // The returned class is the new truth for this screen; lists only carry counts, refetch them.
      queryClient.setQueryData(classKeys.detail(classId), updated);
      void queryClient.invalidateQueries({ queryKey: reportKeys.classReport(classId) });
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
      const results = await Promise.allSettled(classIds.map((classId) => assignModule(classId, moduleId, dueAt)));
      return {
        assigned: classIds.filter((_, index) => results[index].status === 'fulfilled'),
        failed: classIds.filter((_, index) => results[index].status === 'rejected'),
      };
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: classKeys.all }),
  });
}

/** The class's teacher reminds a student of a module's due date (their bell); a repeat the same day sends nothing. */
export function useNudgeStudent(classId: string) {
  return useMutation({
    mutationFn: ({ moduleId, studentId }: { moduleId: string; studentId: string }) => call('nudgeStudent', { classId, moduleId }, { studentId }),
  });
}
