// Server state of a student's own progress: query keys (defined once here), their progress in a module, marking a
// section complete, their completion in each module of a class, and what they read (the reader's reports).
import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Progress, RecordReadingInput } from '@shared/contract/progress';
import { call, isNotFound } from '@web/lib/api-client';
import { notificationKeys } from './notifications';
import { reportKeys } from './reports';

export const progressKeys = {
  all: ['progress'] as const,
  student: (studentId: string, moduleId: string, classId: string) =>
    [...progressKeys.all, 'student', studentId, moduleId, classId] as const,
  studentClass: (classId: string, studentId: string) => [...progressKeys.all, 'student-class', classId, studentId] as const,
};

/**
 * A student's progress in one module of one class. This API answers an empty list when nothing is recorded yet;
 * a 404 (how the old API said so, per the spec) also counts as no progress.
 */
export function useStudentProgress(studentId: string, moduleId: string | undefined, classId: string | undefined) {
  return useQuery({
    queryKey: progressKeys.student(studentId, moduleId ?? '', classId ?? ''),
    queryFn: async (): Promise<Progress | null> => {
      try {
        return await call('getProgress', { studentId, moduleId: moduleId!, classId: classId! });
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    enabled: Boolean(studentId && moduleId && classId),
  });
}

/** A section marked complete, or (`completed: false`) its completion undone. */
export interface SectionMark {
  sectionId: string;
  completed: boolean;
}

export function useMarkComplete(studentId: string, moduleId: string, classId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ sectionId, completed }: SectionMark) =>
      call('markComplete', {}, { studentId, moduleId, classId, sectionId, ...(completed ? {} : { completed: false }) }),
    onSuccess: (progress, { sectionId, completed }) => {
      // Only this change is taken from the answer: one written before another mark (arriving last, or a stale read)
      // cannot take back or bring back any other section.
      queryClient.setQueryData<Progress | null>(progressKeys.student(studentId, moduleId, classId), (cached) => {
        if (!cached) return progress;
        const others = cached.completedSections.filter((each) => each !== sectionId);
        return { ...progress, completedSections: completed ? union(cached.completedSections, [sectionId]) : others };
      });
      void queryClient.invalidateQueries({ queryKey: progressKeys.studentClass(classId, studentId) });
      // A completion that finishes the module puts "You finished" in the bell now, not at its next minute.
      if (completed) void queryClient.invalidateQueries({ queryKey: notificationKeys.mine });
      return queryClient.invalidateQueries({ queryKey: reportKeys.classReport(classId) });
    },
  });
}

/** A student's completion in every module of a class, with each module's next section (dashboard, syllabus, reader). */
export function useStudentClassProgress(classId: string | undefined, studentId: string) {
  return useQuery({
    queryKey: progressKeys.studentClass(classId ?? '', studentId),
    queryFn: () => call('getStudentClassProgress', { classId: classId!, studentId }),
    enabled: Boolean(classId && studentId),
  });
}

/** The same for several classes at once (the student dashboard's cards). */
export function useStudentClassesProgress(classIds: string[], studentId: string) {
  return useQueries({
    queries: classIds.map((classId) => ({
      queryKey: progressKeys.studentClass(classId, studentId),
      queryFn: () => call('getStudentClassProgress', { classId, studentId }),
    })),
  });
}

const union = (a: readonly string[], b: readonly string[]) => [...new Set([...a, ...b])];

/**
 * Records what a student read of a section (the page they are at, minutes spent); `keepalive` lets the last report
 * finish after the page is left.
 */
export const recordReading = (moduleId: string, sectionId: string, reading: RecordReadingInput, { keepalive = false } = {}) =>
  call('recordReading', { id: moduleId, sectionId }, reading, {}, { keepalive });
