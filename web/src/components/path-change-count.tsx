// How many students' paths proposed rules would change, from the server, before they are saved: under Save on a
// module's edit screen and in the check editor (its score bands).
import type { PathChangesInput } from '@shared/contract/paths';
import { usePathChanges } from '@web/api/paths';

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
  const preview = usePathChanges(moduleId, savedAt, proposal, rulesChanged);
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
