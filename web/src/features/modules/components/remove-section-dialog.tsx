// Removing a section that carries a check: the dialog says the check and its students' attempts go with it, with
// counts, before the teacher confirms (the removal takes effect when the module is saved).
import type { CheckSummary } from '@shared/contract/checks';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { useTeacherCheck } from '@web/api/checks';

interface RemoveSectionDialogProps {
  moduleId: string;
  sectionTitle: string;
  check: CheckSummary;
  onConfirm: () => void;
  onCancel: () => void;
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

export function RemoveSectionDialog({ moduleId, sectionTitle, check, onConfirm, onCancel }: RemoveSectionDialogProps) {
  const saved = useTeacherCheck(moduleId, check.sectionId);
  const attempts = saved.data ? plural(saved.data.attemptCount, "student attempt") : saved.isError ? 'every student attempt' : 'its student attempts (counting…)';
  return (
    <ConfirmDialog
      open
      message={`Remove "${sectionTitle}"? Its check (${plural(check.questionCount, 'question')}) and ${attempts} will be deleted when you save the module.`}
      confirmLabel="Remove section and check"
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  );
}
