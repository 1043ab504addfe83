// The sections of a module a student may use now: those open on their path in one of their classes that has the
// module. A section's text and its search snippets follow the same rule as its file, so a locked section's content
// reaches no one early.
import { pathOfStudent, requireAccessible, sectionOnPath, type StudentPath } from './paths';
import type { CheckStore } from '../checks/port';
import type { ClassRecord } from '../classes/port';
import type { ModuleRecord, ModuleStore } from '../modules/port';
import type { ProgressStore } from '../progress/port';
import type { PathOverrideStore } from './port';
import { makePrerequisiteGate } from './prerequisites';
import { currentChecks } from '../progress/scores';

export type SectionAccess = ReturnType<typeof makeSectionAccess>;

export function makeSectionAccess(ports: { modules: ModuleStore; checks: CheckStore; progress: ProgressStore; overrides: PathOverrideStore }) {
  const gatedPath = makePrerequisiteGate(ports);

  /** The student's path in the module in each of `holding` (the classes that have the module). */
  return async function pathsInClasses(studentId: string, module: ModuleRecord, holding: readonly ClassRecord[]): Promise<StudentPath[]> {
    const keys = holding.map((schoolClass) => ({ classId: schoolClass.classId, moduleId: module.moduleId, studentId }));
    const [summaries, records, overrideRecords] = await Promise.all([
      ports.checks.listCheckSummaries([module.moduleId]),
      Promise.all(keys.map((key) => ports.progress.getProgress(key))),
      Promise.all(keys.map((key) => ports.overrides.getOverrides(key))),
    ]);
    const moduleChecks = currentChecks(module, summaries);
    return Promise.all(
      holding.map((schoolClass, index) =>
        gatedPath(schoolClass, module.moduleId, studentId, overrideRecords[index], pathOfStudent(module, moduleChecks, records[index], undefined, overrideRecords[index])),
      ),
    );
  };
}

/** Whether the section is open on one of the paths. */
export const openOnAnyPath = (paths: readonly StudentPath[], sectionId: string) => paths.some((path) => sectionOnPath(path, sectionId)?.accessible);

/** Refuses (`refuse`, naming what unlocks it) a section open on none of the paths. */
export function requireOpenOnAnyPath(paths: readonly StudentPath[], sectionId: string, refuse: (message: string) => Error): void {
  if (paths.length > 0 && !openOnAnyPath(paths, sectionId)) requireAccessible(paths[0], sectionId, refuse);
}
