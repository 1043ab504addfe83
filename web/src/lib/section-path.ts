// A section's place on the student's path, as their module read gives it (state, reason): what the reader and the
// syllabus show for it. A read without states (a teacher's preview) treats every section as open and required.
import type { Section } from '@shared/contract/modules';
import type { SectionRole } from '@shared/paths';

// The roles a band releases (RELEASABLE_ROLES), spelled out: importing values from @shared/paths would bring zod (its
// schemas) into the reader's and syllabus's chunks. section-path.test.ts keeps the two in step.
export const RELEASED_BY_BANDS: ReadonlySet<SectionRole> = new Set<SectionRole>(['review', 'extension']);

/**
 * The student may open it: everything but a locked section and a review or extension section their score let them
 * skip (the server does not open those: there is nothing to read or mark). A skipped optional section stays readable.
 */
export const isOpenable = (section: Section) => section.state !== 'locked' && !(section.state === 'skipped' && RELEASED_BY_BANDS.has(section.role));

/** On the student's own path, where Previous and Next lead: openable, and neither skipped nor excused. */
export const isOnPath = (section: Section) => isOpenable(section) && section.state !== 'skipped' && section.state !== 'excused';

/**
 * Counted in the student's progress, as the server counts it: core sections and released (or completed) review and
 * extension sections, not optional, skipped or excused ones.
 */
export function isRequired(section: Section): boolean {
  if (section.role === 'optional' || section.state === 'skipped' || section.state === 'excused') return false;
  return !(RELEASED_BY_BANDS.has(section.role) && section.state === 'locked');
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
