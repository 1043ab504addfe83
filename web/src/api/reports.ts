// Server state of teachers' reports: query keys (defined once here), a class's report in pages, a module's
// drill-down, each class's completion (the dashboard), a student's reading (the student drill-down), and the class's
// scores exported for the school's information system.
import { useInfiniteQuery, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { PAGE_LIMITS } from '@shared/constants';
import type { ClassReportPage, ReadyDownload } from '@shared/contract/reports';
import { call } from '@web/lib/api-client';
import { askEarly, takeEarlyAnswerIfFirst } from '@web/lib/early-answers';

export const reportKeys = {
  all: ['reports'] as const,
  /** The report's pages; the drill-down and dashboard keys start with it, so a change refreshes them all. */
  classReport: (classId: string) => [...reportKeys.all, 'class', classId] as const,
  moduleReport: (classId: string, moduleId: string) => [...reportKeys.classReport(classId), 'module', moduleId] as const,
  classCompletion: (classId: string) => [...reportKeys.classReport(classId), 'completion'] as const,
  reading: (classId: string, studentId: string) => [...reportKeys.all, 'reading', classId, studentId] as const,
};

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
  const queryClient = useQueryClient();
  const queryKey = reportKeys.classReport(classId ?? '');
  return useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam }) => (pageParam === undefined && takeEarlyAnswerIfFirst<ClassReportPage>(queryClient, queryKey, earlyReportKey(classId!))) || classReportPage(classId!, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next,
    enabled: Boolean(classId),
    refetchOnMount: 'always',
    refetchOnWindowFocus: 'always',
    refetchInterval: REPORT_REFRESH_MS,
    refetchIntervalInBackground: false,
  });
}

// With `limit` the contract's answer is a page, not the spec's whole array.
const classReportPage = (classId: string, cursor?: string) =>
  call('getClassReport', { classId }, undefined, { limit: String(PAGE_LIMITS.studentsMax), cursor }) as Promise<ClassReportPage>;

const earlyReportKey = (classId: string) => `class-report:${classId}`;

/** Asks for the first page of a class's report at start-up, for useClassReportPages to take (lib/early-answers). */
export const askClassReportEarly = (classId: string) => askEarly(earlyReportKey(classId), () => classReportPage(classId));

/** A module's drill-down (student × section with dates); always fresh when opened. */
export function useModuleReport(classId: string, moduleId: string) {
  return useQuery({
    queryKey: reportKeys.moduleReport(classId, moduleId),
    queryFn: () => call('getModuleReport', { classId, moduleId }),
    refetchOnMount: 'always',
  });
}

/** Each class's completion counters and students active in the last 7 days (the teacher dashboard): one small answer per class. */
export function useClassCompletions(classIds: string[]) {
  return useQueries({
    queries: classIds.map((classId) => ({
      queryKey: reportKeys.classCompletion(classId),
      queryFn: () => call('getClassCompletion', { classId }),
    })),
  });
}

/** A student's reading (the student drill-down): opens and minutes per section of the class's modules. */
export function useStudentReading(classId: string, studentId: string) {
  return useQuery({
    queryKey: reportKeys.reading(classId, studentId),
    queryFn: () => call('getStudentReading', { classId, studentId }),
  });
}

/**
 * Asks limit for a download the API is still computing: each answer computes at least one more student (500 of 20
 * modules at most), so a class of 5,000 that was never downloaded is ready within a dozen.
 */
const DOWNLOAD_ASKS = 30;

/**
 * The whole report in one answer for its CSV (any class size), from the rows the API keeps as students work: asked
 * again while the API answers that it is still computing some students' figures.
 */
export const useClassDownload = () =>
  useMutation({
    mutationFn: async (classId: string): Promise<ReadyDownload> => {
      for (let ask = 1; ask <= DOWNLOAD_ASKS; ask += 1) {
        const answer = await call('getClassDownload', { classId });
        if (answer.ready) return answer;
      }
      throw new Error(`The report of class ${classId} was still being prepared after ${DOWNLOAD_ASKS} asks.`);
    },
  });

/** The class's best scores as a OneRoster gradebook zip: the API writes it to storage and answers a short-lived link. */
export const useExportOneRosterScores = () => useMutation({ mutationFn: (classId: string) => call('exportOneRosterScores', { classId }) });
