// What new rules would change: before a teacher saves a new order mode or new section roles (the module's edit screen),
// or a check's new score bands (the check editor), the screen asks how many students' paths would differ. Each student of the teacher's classes holding the module has their path computed
// under the saved rules and under the proposed ones (the same pure function, the same completions, scores and
// overrides); a path differs when a kept section's state or whether it is required does. Completed work stays
// complete under any rules, so it never counts as a change.
import type { CheckSummary } from '@shared/contract/checks';
import { bandSectionIssues } from '@shared/paths';
import type { PathChangePreview, PathChangesInput } from '@shared/contract/paths';
import type { Caller } from '../kernel/caller';
import { invalid, notFound } from '../kernel/errors';
import { requireOwnModule } from '../modules/modules';
import type { StudentPath } from '@shared/path-rules';
import { pathOfStudent } from './paths';
import type { CheckStore } from '../checks/port';
import type { ClassStore } from '../classes/port';
import type { ModuleRecord, ModuleStore } from '../modules/port';
import type { ProgressStore } from '../progress/port';
import type { PathOverrideStore } from './port';
import { currentChecks } from '../progress/scores';

export interface PathChangeServicePorts {
  modules: ModuleStore;
  classes: ClassStore;
  progress: ProgressStore;
  overrides: PathOverrideStore;
  checks: CheckStore;
}

export type PathChangeService = ReturnType<typeof makePathChangeService>;

export function makePathChangeService({ modules, classes, progress, overrides, checks }: PathChangeServicePorts) {
  /**
   * The module (the caller's own), the classes they teach and the module's check index at once; then per class
   * holding the module, at once: its roster, the module's progress items (with their scores) and overrides. 2 round trips.
   */
  async function preview(caller: Caller, moduleId: string, proposal: PathChangesInput): Promise<PathChangePreview> {
    const [module, taught, summaries] = await Promise.all([
      requireOwnModule(modules, caller, moduleId),
      classes.listClassesByTeacher(caller.userId),
      checks.listCheckSummaries([moduleId]),
    ]);
    const proposed = withRules(module, proposal);
    const checksNow = currentChecks(module, summaries);
    const checksThen = withBands(proposed, currentChecks(proposed, summaries), proposal.check);
    const holding = taught.filter((schoolClass) => schoolClass.assignedModuleIds.includes(moduleId));
    const perClass = await Promise.all(
      holding.map(async ({ classId }) => {
        const [roster, records, overrideRecords] = await Promise.all([
          classes.listAllStudents(classId),
          progress.listProgressOfClass(classId, moduleId),
          overrides.listOverridesOfClass(classId, moduleId),
        ]);
        const recordOf = new Map(records.map((record) => [record.studentId, record]));
        const overridesOf = new Map(overrideRecords.map((record) => [record.studentId, record]));
        return roster.map(({ studentId }) => {
          const inputs = [recordOf.get(studentId), recordOf.get(studentId)?.checks ?? {}, overridesOf.get(studentId)] as const;
          return differs(pathOfStudent(module, checksNow, ...inputs), pathOfStudent(proposed, checksThen, ...inputs), proposed);
        });
      }),
    );
    const students = perClass.flat();
    return { students: students.length, changed: students.filter(Boolean).length };
  }

  return { preview };
}

/** The module under the proposed rules: the kept sections, in the proposed order, with the proposed roles. */
function withRules(module: ModuleRecord, { sequential = module.sequential, sections }: PathChangesInput): ModuleRecord {
  if (!sections) return { ...module, sequential };
  const current = new Map(module.sections.map((section) => [section._id, section]));
  return {
    ...module,
    sequential,
    sections: sections.flatMap(({ _id, role }, index) => {
      const section = current.get(_id);
      return section ? [{ ...section, role, order: index + 1 }] : [];
    }),
  };
}

/**
 * The checks with the proposed bands on the named one. The bands are judged against the module as the check editor's
 * save would judge them, so a preview never counts what the save would refuse.
 */
function withBands(module: ModuleRecord, checks: CheckSummary[], proposal: PathChangesInput['check']): CheckSummary[] {
  if (!proposal) return checks;
  const { sectionId, bands } = proposal;
  if (!checks.some((check) => check.sectionId === sectionId)) {
    throw notFound('This section has no check: save the check first, then change its score bands.');
  }
  const issues = bandSectionIssues(bands, { sections: [...module.sections].sort((a, b) => a.order - b.order), sectionId });
  if (issues.length > 0) {
    throw invalid(issues[0].message, Object.fromEntries(issues.map((issue) => [['check', 'bands', ...issue.path].join('.'), issue.message])));
  }
  return checks.map((check) => {
    if (check.sectionId !== sectionId) return check;
    const { bands: _saved, ...settings } = check;
    return bands.length > 0 ? { ...settings, bands } : settings;
  });
}

const stepsOf = (path: StudentPath) => new Map(path.sections.map((section) => [section.sectionId, `${section.state}|${section.required}`]));

function differs(before: StudentPath, after: StudentPath, proposed: ModuleRecord): boolean {
  const [then, now] = [stepsOf(before), stepsOf(after)];
  return proposed.sections.some((section) => then.get(section._id) !== now.get(section._id));
}
