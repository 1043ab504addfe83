// The end of a school year: the limits of retention and rollover, and how a rolled-over class is named (the routes are
// shared/contract/school-year.ts).

export const RETENTION_LIMITS = {
  daysMin: 1,
  /** Ten years: longer is "keep", which null says. */
  daysMax: 3650,
} as const;

export const ROLLOVER_LIMITS = {
  yearLabelMaxLength: 40,
  /** Classes per rollover request; the web sends a longer selection in parts. */
  classesMax: 50,
} as const;

/** What makes a class read-only, worded for whoever meets it. */
export const ARCHIVED_MESSAGES = {
  admin: 'This class is archived, so it is read-only: unarchive it first (Classes → Archived classes).',
  teacher: 'This class is archived, so it is read-only. Ask an admin to unarchive it if it should go on.',
  student: 'This class is archived, so nothing in it can change any more. Ask your teacher if you think it should not be.',
} as const;

/**
 * The new class's name: the old one with its own year label (if it came from a rollover) replaced by the new label,
 * so "Biology 2026-27" becomes "Biology 2027-28", not "Biology 2026-27 2027-28". Cut to the class name's limit.
 */
export function rolledOverName(className: string, oldLabel: string | undefined, yearLabel: string, maxLength: number): string {
  const base = oldLabel && className.endsWith(` ${oldLabel}`) ? className.slice(0, -(oldLabel.length + 1)) : className;
  const suffix = ` ${yearLabel}`;
  return `${base.slice(0, Math.max(1, maxLength - suffix.length)).trimEnd()}${suffix}`;
}
