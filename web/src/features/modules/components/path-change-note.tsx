// Before saving new rules, the server says how many students' paths they would change (their completed work stays
// complete): under Save on the edit screen once the order mode or a kept section's role or place differs from what is
// saved, and in the check editor once a check's score bands do.
import { useQuery } from '@tanstack/react-query';
import { DEFAULT_SECTION_ROLE } from '@shared/paths';
import type { Module } from '@shared/entities';
import type { PathChangesInput } from '@shared/schemas';
import { call } from '@web/lib/api-client';
import type { DraftSection } from '../utils/draft-section';

interface PathChangeCountProps {
  moduleId: string;
  /** When the module was saved: a preview answers for the rules as saved then. */
  savedAt: string;
  proposal: PathChangesInput;
  /** Whether the proposal differs from the saved rules; nothing is asked or shown until it does. */
  rulesChanged: boolean;
}

const studentsText = (count: number) => `${count} ${count === 1 ? 'student' : 'students'}`;

export function PathChangeCount({ moduleId, savedAt, proposal, rulesChanged }: PathChangeCountProps) {
  const preview = useQuery({
    queryKey: ['modules', 'path-changes', moduleId, savedAt, proposal],
    queryFn: () => call('previewPathChanges', { id: moduleId }, proposal),
    enabled: rulesChanged,
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

interface PathChangeNoteProps {
  module: Module;
  sequential: boolean;
  sections: DraftSection[];
}

/** The module's edit screen: its order mode and the kept sections' roles and places. */
export function PathChangeNote({ module, sequential, sections }: PathChangeNoteProps) {
  const kept = sections.flatMap((section) => (section._id ? [{ _id: section._id, role: section.role ?? DEFAULT_SECTION_ROLE }] : []));
  const proposal: PathChangesInput = { sequential, sections: kept };
  const saved = [...module.sections].sort((a, b) => a.order - b.order).filter((section) => kept.some((each) => each._id === section._id));
  const rulesChanged =
    sequential !== (module.sequential ?? false) ||
    saved.some((section, index) => kept[index]?._id !== section._id || kept[index]?.role !== (section.role ?? DEFAULT_SECTION_ROLE));
  return <PathChangeCount moduleId={module._id} savedAt={module.updatedAt} proposal={proposal} rulesChanged={rulesChanged && kept.length > 0} />;
}
