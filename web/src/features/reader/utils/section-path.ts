// A section's place on the student's path, as their module read gives it (state, reason): what the reader and the
// syllabus show for it. A read without states (a teacher's preview) treats every section as open and required.
import type { Section } from '@shared/entities';
import { RELEASABLE_ROLES } from '@shared/paths';

/** The student may open it: everything but a locked section. */
export const isOpenable = (section: Section) => section.state !== 'locked';

/**
 * Counted in the student's progress, as the server counts it: core sections and released (or completed) review and
 * extension sections, not optional, skipped or excused ones.
 */
export function isRequired(section: Section): boolean {
  if (section.role === 'optional' || section.state === 'skipped' || section.state === 'excused') return false;
  return !(RELEASABLE_ROLES.includes(section.role) && section.state === 'locked');
}

/** The word shown beside a section for where it stands (none for a plain open or complete core section). */
export function pathLabel(section: Section): string | undefined {
  switch (section.state) {
    case 'locked':
      return 'Locked';
    case 'skipped':
      return 'Skipped';
    case 'excused':
      return 'Excused';
    default:
      if (section.role === 'review') return 'Review';
      if (section.role === 'extension') return 'Extension';
      return section.role === 'optional' ? 'Optional' : undefined;
  }
}
