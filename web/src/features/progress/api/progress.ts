// Server state of progress: query keys (defined once here), a student's progress in a module, marking a section
// complete, and class reports.
import { useInfiniteQuery, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Progress } from '@shared/contract/progress';
import { api, isNotFound } from '@web/lib/api-client';
import { notificationKeys } from '../../notifications/api/notifications';

export const progressKeys = {
  all: ['progress'] as const,
  student: (studentId: string, moduleId: string, classId: string) =>
    [...progressKeys.all, 'student', studentId, moduleId, classId] as const,
  /** The report's pages; the drill-down and dashboard keys start with it, so a mark refreshes them all. */
  classReport: (classId: string) => [...progressKeys.all, 'class', classId] as const,
  moduleReport: (classId: string, moduleId: string) => [...progressKeys.classReport(classId), 'module', moduleId] as const,
  classCompletion: (classId: string) => [...progressKeys.classReport(classId), 'completion'] as const,
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
        return await api.getProgress(studentId, moduleId!, classId!);
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
      api.markComplete({ studentId, moduleId, classId, sectionId, ...(completed ? {} : { completed: false }) }),
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
      return queryClient.invalidateQueries({ queryKey: progressKeys.classReport(classId) });
    },
  });
}

/** A student's completion in every module of a class, with each module's next section (dashboard, syllabus, reader). */
export function useStudentClassProgress(classId: string | undefined, studentId: string) {
  return useQuery({
    queryKey: progressKeys.studentClass(classId ?? '', studentId),
    queryFn: () => api.getStudentClassProgress(classId!, studentId),
    enabled: Boolean(classId && studentId),
  });
}

/** The same for several classes at once (the student dashboard's cards). */
export function useStudentClassesProgress(classIds: string[], studentId: string) {
  return useQueries({
    queries: classIds.map((classId) => ({
      queryKey: progressKeys.studentClass(classId, studentId),
      queryFn: () => api.getStudentClassProgress(classId, studentId),
    })),
  });
}

const union = (a: readonly string[], b: readonly string[]) => [...new Set([...a, ...b])];

/**
 * How often an open report is read again while its tab is in view (never in the background): a completion shows
 * within half a minute; at 200 students that is 2 page reads, and rows whose data did not change keep their
 * identity (structural sharing), so nothing on screen re-renders for them.
 */
export const REPORT_REFRESH_MS = 30_000;

/**
 * The class report in pages of up to 100 students (the order of the roster), loaded as the reader scrolls: the page
 * asks for the next one (`fetchNextPage`) when its last loaded rows come near the screen. Fetched again (the pages
 * loaded) whenever the page opens, whenever the tab regains focus, and every REPORT_REFRESH_MS while in view.
 */
export function useClassReportPages(classId: string | undefined) {
  return useInfiniteQuery({
    queryKey: progressKeys.classReport(classId ?? ''),
    queryFn: ({ pageParam }) => api.getClassReportPage(classId!, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next,
    enabled: Boolean(classId),
    refetchOnMount: 'always',
    refetchOnWindowFocus: 'always',
    refetchInterval: REPORT_REFRESH_MS,
    refetchIntervalInBackground: false,
  });
}

/** A module's drill-down (student × section with dates); always fresh when opened. */
export function useModuleReport(classId: string, moduleId: string) {
  return useQuery({
    queryKey: progressKeys.moduleReport(classId, moduleId),
    queryFn: () => api.getModuleReport(classId, moduleId),
    refetchOnMount: 'always',
  });
}

/** Each class's completion counters and students active in the last 7 days (the teacher dashboard): one small answer per class. */
export function useClassCompletions(classIds: string[]) {
  return useQueries({
    queries: classIds.map((classId) => ({
      queryKey: progressKeys.classCompletion(classId),
      queryFn: () => api.getClassCompletion(classId),
    })),
  });
}

/** The class's teacher reminds a student of a module's due date (their bell); a repeat the same day sends nothing. */
export function useNudgeStudent(classId: string) {
  return useMutation({
    mutationFn: ({ moduleId, studentId }: { moduleId: string; studentId: string }) => api.nudgeStudent(classId, moduleId, studentId),
  });
}
