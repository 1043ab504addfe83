// Server state of checks: the query keys (defined once here) and the hooks the check editor, the reader's check and
// the reports read and write them with.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AttemptInput, CheckInput, StudentCheck, TeacherCheck, DraftRequest } from '@shared/contract/checks';
import { call, isNotFound } from '@web/lib/api-client';
import { moduleKeys } from './modules';
import { notificationKeys } from './notifications';
import { progressKeys } from './progress';
import { reportKeys } from './reports';

export const checkKeys = {
  all: ['checks'] as const,
  /** The owner's read (whole) and a student's read in a class (no answer key) are different answers. */
  check: (moduleId: string, sectionId: string, classId = '') => [...checkKeys.all, 'check', moduleId, sectionId, classId] as const,
  analysis: (classId: string, moduleId: string, sectionId: string) => [...checkKeys.all, 'analysis', classId, moduleId, sectionId] as const,
  attempts: (classId: string, studentId: string) => [...checkKeys.all, 'attempts', classId, studentId] as const,
};

/**
 * The owner's check of a section, whole (a student names the class they take it in and gets it without the answer
 * key: useStudentCheck); null when the section has none yet. Not asked for (null at once) when the
 * module read says the section has none (`exists: false`), which saves a request answered 404.
 */
export function useTeacherCheck(moduleId: string, sectionId: string | undefined, exists = true, { fresh = false } = {}) {
  return useQuery({
    // `fresh`: read again on mount even when cached (the editor), so it never starts from a check changed since.
    ...(fresh && { refetchOnMount: 'always' as const }),
    queryKey: checkKeys.check(moduleId, sectionId ?? ''),
    queryFn: async (): Promise<TeacherCheck | null> => {
      try {
        return exists ? ((await call('getCheck', { id: moduleId, sectionId: sectionId! })) as TeacherCheck) : null;
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    enabled: Boolean(sectionId),
  });
}

/** Drafts questions from the section's file text; nothing is stored (the teacher saves the check). */
export function useDraftQuestions(moduleId: string, sectionId: string) {
  return useMutation({ mutationFn: (request: DraftRequest) => call('draftQuestions', { id: moduleId, sectionId }, request) });
}

/**
 * Tells the server which drafts the teacher saved or discarded (by source passage), so drafting for the section does
 * not offer them again. Nothing on screen waits for it: a failure only means they may be offered again.
 */
export function useSettleDrafts(moduleId: string, sectionId: string) {
  const settle = useMutation({ mutationFn: (passages: string[]) => call('settleDrafts', { id: moduleId, sectionId }, { passages }) });
  return (passages: string[]) => {
    if (passages.length === 0) return;
    settle.mutate(passages, { onError: (error) => console.error('Recording settled drafts failed:', error) });
  };
}

export function useSaveCheck(moduleId: string, sectionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CheckInput) => call('putCheck', { id: moduleId, sectionId }, input),
    onSuccess: (saved) => {
      queryClient.setQueryData(checkKeys.check(moduleId, sectionId), saved);
      // The module read lists its sections' checks (question counts, pass marks).
      return queryClient.invalidateQueries({ queryKey: moduleKeys.detail(moduleId) });
    },
  });
}

/** The check as a student of the class sees it: questions without the answer key, and their attempts so far. */
export function useStudentCheck(moduleId: string, sectionId: string, classId: string) {
  return useQuery({
    queryKey: checkKeys.check(moduleId, sectionId, classId),
    queryFn: async () => (await call('getCheck', { id: moduleId, sectionId }, undefined, { classId })) as StudentCheck,
  });
}

export function useSubmitAttempt(moduleId: string, sectionId: string, classId: string, studentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Omit<AttemptInput, 'classId'>) => call('submitAttempt', { id: moduleId, sectionId }, { ...input, classId }),
    onSuccess: (attempt) => {
      const { attemptsUsed, attemptsLeft: _left, bestPercent: _best, ...result } = attempt;
      // The attempt joins the student's list at once (a repeat only once), then the list is read again.
      queryClient.setQueryData<StudentCheck>(checkKeys.check(moduleId, sectionId, classId), (cached) =>
        cached && !cached.attempts.some((each) => each.attemptId === result.attemptId) ? { ...cached, attempts: [...cached.attempts, result], attemptsUsed } : cached,
      );
      // A pass completes the section; scores show on the syllabus, the dashboard and the teacher's reports; the score's
      // band can release, skip or unlock sections of the student's path (the module read's states).
      void queryClient.invalidateQueries({ queryKey: moduleKeys.detail(moduleId) });
      void queryClient.invalidateQueries({ queryKey: checkKeys.check(moduleId, sectionId, classId) });
      void queryClient.invalidateQueries({ queryKey: progressKeys.student(studentId, moduleId, classId) });
      void queryClient.invalidateQueries({ queryKey: progressKeys.studentClass(classId, studentId) });
      // A pass that finishes the module puts "You finished" in the bell now, not at its next minute.
      if (attempt.passed) void queryClient.invalidateQueries({ queryKey: notificationKeys.mine });
      return queryClient.invalidateQueries({ queryKey: reportKeys.classReport(classId) });
    },
  });
}

/** Item analysis of one check in a class; always fresh when opened. */
export function useCheckAnalysis(classId: string, moduleId: string, sectionId: string) {
  return useQuery({
    queryKey: checkKeys.analysis(classId, moduleId, sectionId),
    queryFn: () => call('getCheckAnalysis', { classId, moduleId, sectionId }),
    refetchOnMount: 'always',
  });
}

/** A student's attempts in a class, newest first (the student drill-down). */
export function useStudentAttempts(classId: string, studentId: string) {
  return useQuery({
    queryKey: checkKeys.attempts(classId, studentId),
    queryFn: () => call('listStudentAttempts', { classId, studentId }),
    refetchOnMount: 'always',
  });
}
