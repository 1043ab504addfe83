import { useState } from 'react';
import { useMarkComplete } from '../api/progress';

export const MARK_FAILED = 'Could not update progress.';

/**
 * Mark as Complete for a student's sections of one module: one mark at a time (the mutation tracks only its latest
 * call, so a second would hide the first), and a failure to show until dismissed or the next try.
 */
export function useMarkSection(studentId: string, moduleId: string, classId: string) {
  const markComplete = useMarkComplete(studentId, moduleId, classId);
  const [failed, setFailed] = useState(false);

  async function mark(sectionId: string) {
    if (markComplete.isPending) return;
    setFailed(false);
    try {
      await markComplete.mutateAsync(sectionId);
    } catch (error) {
      console.error('Marking the section complete failed:', error);
      setFailed(true);
    }
  }

  return {
    mark,
    failed,
    dismissFailure: () => setFailed(false),
    isPending: markComplete.isPending,
    /** The section being saved, while a mark is on its way. */
    pendingSectionId: markComplete.isPending ? markComplete.variables : undefined,
  };
}
