import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@web/lib/api-client';
import { moduleKeys } from '@web/api/modules';
import { useMarkComplete } from '@web/api/progress';

export const MARK_FAILED = 'Could not update progress.';

/**
 * Mark as Complete for a student's sections of one module: one mark at a time (the mutation tracks only its latest
 * call, so a second would hide the first), and a failure to show until dismissed or the next try. A completion can
 * open, skip or lock other sections of the student's path, so the module (its states) is read again after each.
 */
export function useMarkSection(studentId: string, moduleId: string, classId: string) {
  const queryClient = useQueryClient();
  const markComplete = useMarkComplete(studentId, moduleId, classId);
  const [failure, setFailure] = useState<string | null>(null);

  /** Marks the section complete, or (`completed: false`) undoes a completion marked by mistake. */
  async function mark(sectionId: string, completed = true) {
    if (markComplete.isPending) return;
    setFailure(null);
    try {
      await markComplete.mutateAsync({ sectionId, completed });
    } catch (error) {
      console.error('Marking the section complete failed:', error);
      // 409: the section is locked on the student's path (or its check was passed); the server's sentence says why.
      const locked = error instanceof ApiError && error.status === 409;
      setFailure(locked ? error.message : MARK_FAILED);
    }
    void queryClient.invalidateQueries({ queryKey: moduleKeys.detail(moduleId) });
  }

  return {
    mark,
    /** What to tell the student about the last failed mark, until dismissed or the next try. */
    failure,
    dismissFailure: () => setFailure(null),
    isPending: markComplete.isPending,
    /** The section being saved, while a mark is on its way. */
    pendingSectionId: markComplete.isPending ? markComplete.variables.sectionId : undefined,
  };
}
