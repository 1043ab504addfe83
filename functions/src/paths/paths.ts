// A student's path from what the server stores: their progress, their teacher's overrides, what completing a section
// means for the bells, and the refusal for a section not open to them. The path function itself is the shared rules'
// (shared/path-rules.ts), which the edit screen also runs over a teacher's unsaved edits.
import type { CheckSummary } from '@shared/contract/checks';
import { RELEASABLE_ROLES, type OverrideKind } from '@shared/paths';
import { computePath, type PathInput, type StudentPath } from '@shared/path-rules';
import type { PathOverrideRecord } from './port';

/**
 * A student's path from what their progress item holds (none yet: nothing done, no check attempted) and their
 * teacher's overrides in the module (their own item, read beside it).
 */
export function pathOfStudent(
  module: PathInput['module'],
  checks: CheckSummary[],
  progress: { completedSections: string[]; checks?: PathInput['standings'] } | undefined,
  standings: PathInput['standings'] = progress?.checks ?? {},
  overrides?: Pick<PathOverrideRecord, 'overrides'>,
): StudentPath {
  return computePath({ module, checks, standings, completedSections: progress?.completedSections ?? [], overrides: sectionOverrides(overrides) });
}

/** The section overrides the path function takes, from the student's stored overrides in the module. */
export function sectionOverrides(record: Pick<PathOverrideRecord, 'overrides'> | undefined): PathInput['overrides'] {
  const of = (kind: OverrideKind) =>
    (record?.overrides ?? []).flatMap((entry) => (entry.kind === kind && entry.sectionId !== undefined ? [{ sectionId: entry.sectionId, reason: entry.reason }] : []));
  return { released: of('release'), excused: of('excuse') };
}

/** The extra attempts the student's teacher granted at the check of `sectionId` (0 without any). */
export const extraAttempts = (record: Pick<PathOverrideRecord, 'overrides'> | undefined, sectionId: string) =>
  record?.overrides.find((entry) => entry.kind === 'attempts' && entry.sectionId === sectionId)?.extra ?? 0;

/**
 * What completing `sectionId` (not complete yet) means for the bells. `sectionTotal`: the teacher's section total once
 * it is complete too, the student's required sections and the others they completed, so "completed" (all of its
 * sections done) means every required one is. `finishesModule`: every required section is complete after it, and was
 * not before (a path with nothing required is never finished), so the student is told they finished the module.
 */
export function completionOnPath(
  module: PathInput['module'],
  checks: CheckSummary[],
  progress: { completedSections: string[]; checks?: PathInput['standings'] } | undefined,
  sectionId: string,
  standings: PathInput['standings'] = progress?.checks ?? {},
  overrides?: Pick<PathOverrideRecord, 'overrides'>,
): { sectionTotal: number; finishesModule: boolean } {
  const completedSections = progress?.completedSections ?? [];
  const finished = (path: StudentPath) => path.requiredCount > 0 && path.completedRequiredCount === path.requiredCount;
  const before = pathOfStudent(module, checks, { completedSections }, standings, overrides);
  const after = pathOfStudent(module, checks, { completedSections: [...completedSections, sectionId] }, standings, overrides);
  return {
    sectionTotal: after.requiredCount + after.sections.filter((section) => section.state === 'complete' && !section.required).length,
    finishesModule: !completedSections.includes(sectionId) && finished(after) && !finished(before),
  };
}

/** A module with review or extension sections has branches; the report shows a student's only then. */
export const hasBranches = (module: PathInput['module']) => module.sections.some((section) => section.role !== undefined && RELEASABLE_ROLES.includes(section.role));

/** Where a section stands for the student, or undefined for a section not in the module. */
export const sectionOnPath = (path: StudentPath, sectionId: string) => path.sections.find((section) => section.sectionId === sectionId);

/** The refusal for a section the student may not use yet: what unlocks it. */
export function requireAccessible(path: StudentPath, sectionId: string, refuse: (message: string) => Error): void {
  const section = sectionOnPath(path, sectionId);
  if (section && !section.accessible) throw refuse(section.reason ?? 'This section is not open to you yet.');
}
