// Prerequisites between the modules of a class: a module waits for another until the student completed every required
// section of it or passed all its checks; the teacher's "unlock" override lifts the wait for one student. A module
// that waits is shut whole: the sections the student completed stay complete, the others are locked with the reason.
import type { CheckSummary } from '@shared/contract/checks';
import { pathOfStudent, TEACHER_WAY, type PathInput, type StudentPath } from './paths';
import type { CheckStore } from '../checks/port';
import type { ClassRecord } from '../classes/port';
import type { ModuleRecord, ModuleStore } from '../modules/port';
import type { ProgressStore } from '../progress/port';
import type { PathOverrideRecord, PathOverrideStore } from './port';
import { currentChecks } from '../progress/scores';

/** The module this one waits for in the class, unless none is set, it is no longer assigned, or the student was let in. */
export function pendingPrerequisite(schoolClass: ClassRecord, moduleId: string, own: PathOverrideRecord | undefined): string | undefined {
  const prerequisiteId = schoolClass.prerequisites?.[moduleId];
  if (!prerequisiteId || !schoolClass.assignedModuleIds.includes(prerequisiteId)) return undefined;
  return own?.overrides.some((override) => override.kind === 'unlock') ? undefined : prerequisiteId;
}

/** Why the module waiting for `prerequisite` is shut to the student, or undefined once they are done with it. */
export function waitReason(
  prerequisite: ModuleRecord,
  checks: CheckSummary[],
  progress: { completedSections: string[] } | undefined,
  standings: PathInput['standings'],
  overrides: PathOverrideRecord | undefined,
): string | undefined {
  const path = pathOfStudent(prerequisite, checks, progress, standings, overrides);
  const completed = path.requiredCount > 0 && path.completedRequiredCount === path.requiredCount;
  const passed = checks.length > 0 && checks.every((check) => standings[check.sectionId]?.passed);
  if (completed || passed) return undefined;
  // Every way in: its required sections, its checks (when it has any) or the teacher's "unlock".
  return `Complete “${prerequisite.title}”${checks.length > 0 ? ' or pass all its checks' : ''} to open this${TEACHER_WAY}`;
}

/** What a student has in one module of the class: their progress, standings on its checks and overrides. */
export interface StudentInModule {
  progress: { completedSections: string[] } | undefined;
  standings: PathInput['standings'];
  overrides: PathOverrideRecord | undefined;
}

/**
 * The module this one waits for and the student is not done with, and why, from reads already in hand (the class's
 * modules, their check index, the student's items in them): the class progress and the report make no further read.
 */
export function unmetPrerequisite(
  schoolClass: ClassRecord,
  moduleId: string,
  moduleById: Map<string, ModuleRecord>,
  summaries: Map<string, CheckSummary[]>,
  studentIn: (moduleId: string) => StudentInModule,
): { module: ModuleRecord; reason: string } | undefined {
  const prerequisite = moduleById.get(pendingPrerequisite(schoolClass, moduleId, studentIn(moduleId).overrides) ?? '');
  if (!prerequisite) return undefined;
  const { progress, standings, overrides } = studentIn(prerequisite.moduleId);
  const reason = waitReason(prerequisite, currentChecks(prerequisite, summaries), progress, standings, overrides);
  return reason === undefined ? undefined : { module: prerequisite, reason };
}

/** The path of a module that waits: complete sections stay so, the others lock with the reason; nothing to continue to. */
export function shutPath(path: StudentPath, reason: string): StudentPath {
  return {
    ...path,
    sections: path.sections.map((section) => (section.state === 'complete' ? section : { ...section, state: 'locked', accessible: false, reason })),
    nextSectionId: null,
  };
}

export type PrerequisiteGate = ReturnType<typeof makePrerequisiteGate>;

/**
 * For reads of one module: when the class makes it wait, the prerequisite module, its check index and the student's
 * progress and overrides in it are read at once (one more round trip, only then).
 */
export function makePrerequisiteGate({
  modules,
  checks,
  progress,
  overrides,
}: {
  modules: ModuleStore;
  checks: CheckStore;
  progress: ProgressStore;
  overrides: PathOverrideStore;
}) {
  /** The student's path in the module, shut when it waits for a module they are not done with. */
  return async function gatedPath(schoolClass: ClassRecord, moduleId: string, studentId: string, own: PathOverrideRecord | undefined, path: StudentPath): Promise<StudentPath> {
    const prerequisiteId = pendingPrerequisite(schoolClass, moduleId, own);
    if (!prerequisiteId) return path;
    const key = { classId: schoolClass.classId, moduleId: prerequisiteId, studentId };
    const [prerequisite, summaries, record, overrideRecord] = await Promise.all([
      modules.getModule(prerequisiteId),
      checks.listCheckSummaries([prerequisiteId]),
      progress.getProgress(key),
      overrides.getOverrides(key),
    ]);
    if (!prerequisite) return path;
    const reason = waitReason(prerequisite, currentChecks(prerequisite, summaries), record, record?.checks ?? {}, overrideRecord);
    return reason ? shutPath(path, reason) : path;
  };
}
