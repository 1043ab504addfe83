// Under Save on the edit screen: once the order mode or a kept section's role or place differs from what is saved, the
// server says how many students' paths the new rules would change (their completed work stays complete).
import { useQuery } from '@tanstack/react-query';
import { DEFAULT_SECTION_ROLE } from '@shared/paths';
import type { Module } from '@shared/entities';
import type { PathChangesInput } from '@shared/schemas';
import { call } from '@web/lib/api-client';
import type { DraftSection } from '../utils/draft-section';

interface PathChangeNoteProps {
  module: Module;
  sequential: boolean;
  sections: DraftSection[];
}

const studentsText = (count: number) => `${count} ${count === 1 ? 'student' : 'students'}`;

export function PathChangeNote({ module, sequential, sections }: PathChangeNoteProps) {
  const proposal: PathChangesInput = {
    sequential,
    sections: sections.flatMap((section) => (section._id ? [{ _id: section._id, role: section.role ?? DEFAULT_SECTION_ROLE }] : [])),
  };
  const saved = [...module.sections].sort((a, b) => a.order - b.order).filter((section) => proposal.sections.some((kept) => kept._id === section._id));
  const rulesChanged =
    sequential !== (module.sequential ?? false) ||
    saved.some((section, index) => proposal.sections[index]?._id !== section._id || proposal.sections[index]?.role !== (section.role ?? DEFAULT_SECTION_ROLE));
  const preview = useQuery({
    queryKey: ['modules', 'path-changes', module._id, module.updatedAt, proposal],
    queryFn: () => call('previewPathChanges', { id: module._id }, proposal),
    enabled: rulesChanged && proposal.sections.length > 0,
  });
  if (!rulesChanged || !preview.data) return null;
  const { changed, students } = preview.data;
  return (
    <p className="field-hint path-change-note" role="status">
      {changed === 0
        ? `Saving changes no student's path (${studentsText(students)} in your classes have this module).`
        : `Saving changes the path of ${studentsText(changed)} of ${students}. Completed work stays complete.`}
    </p>
  );
}
