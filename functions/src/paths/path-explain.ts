// Explainable release: before students meet a module's rules, its owner can preview the path a student with given
// results would get (the same path function the student's read uses, over the saved rules) and check the rules for
// places a student gets stuck. Both read the module, its check index and (the check) the owner's classes.
import type { CheckSummary } from '@shared/contract/checks';
import { bandHolds, DEFAULT_SECTION_ROLE, RELEASABLE_ROLES } from '@shared/paths';
import type { PathCheck, PathPreview, PathPreviewInput, PathProblem } from '@shared/contract/paths';
import type { Caller } from '../kernel/caller';
import { invalid } from '../kernel/errors';
import { requireOwnModule } from '../modules/modules';
import { computePath } from './paths';
import type { CheckStore } from '../checks/port';
import type { ClassStore } from '../classes/port';
import type { ModuleRecord, ModuleStore } from '../modules/port';
import { currentChecks } from '../progress/scores';

export interface PathExplainServicePorts {
  modules: ModuleStore;
  checks: CheckStore;
  classes: ClassStore;
}

export type PathExplainService = ReturnType<typeof makePathExplainService>;

const quoted = (title: string) => `“${title}”`;

export function makePathExplainService({ modules, checks, classes }: PathExplainServicePorts) {
  async function ownModuleWithChecks(caller: Caller, moduleId: string) {
    const [module, summaries] = await Promise.all([requireOwnModule(modules, caller, moduleId), checks.listCheckSummaries([moduleId])]);
    return { module, moduleChecks: currentChecks(module, summaries) };
  }

  /**
   * The path a student with these results meets under the saved rules: a score at or above a check's pass mark passes
   * it and completes its section, as an attempt would; no teacher's override and no class prerequisite apply.
   */
  async function preview(caller: Caller, moduleId: string, input: PathPreviewInput): Promise<PathPreview> {
    const { module, moduleChecks } = await ownModuleWithChecks(caller, moduleId);
    const scores = input.scores ?? {};
    const completed = input.completed ?? [];
    requireSectionsOf(module, moduleChecks, Object.keys(scores), completed);
    const checkOf = new Map(moduleChecks.map((check) => [check.sectionId, check]));
    const standings = Object.fromEntries(
      Object.entries(scores).map(([sectionId, percent]) => [sectionId, { bestPercent: percent, passed: percent >= checkOf.get(sectionId)!.passMark }]),
    );
    const passed = Object.keys(standings).filter((sectionId) => standings[sectionId].passed);
    const path = computePath({ module, checks: moduleChecks, standings, completedSections: [...new Set([...completed, ...passed])] });
    return { sections: path.sections.map(({ sectionId, state, reason }) => ({ sectionId, state, ...(reason !== undefined && { reason }) })) };
  }

  /** The saved rules' dead ends, each with its fix in words; the owner's classes for their prerequisites. */
  async function check(caller: Caller, moduleId: string): Promise<PathCheck> {
    const [{ module, moduleChecks }, taught] = await Promise.all([ownModuleWithChecks(caller, moduleId), classes.listClassesByTeacher(caller.userId)]);
    const prerequisiteProblems = taught.flatMap((schoolClass): PathProblem[] => {
      const prerequisite = schoolClass.prerequisites?.[moduleId];
      if (!schoolClass.assignedModuleIds.includes(moduleId) || prerequisite === undefined || schoolClass.assignedModuleIds.includes(prerequisite)) return [];
      return [
        {
          kind: 'prerequisite',
          message: `In ${quoted(schoolClass.className)} this module waits for a module the class no longer has, so its students cannot open it. Fix: choose another prerequisite for it in the class, or none.`,
        },
      ];
    });
    return { problems: [...unreachableSections(module, moduleChecks), ...deadEnds(module, moduleChecks), ...prerequisiteProblems] };
  }

  return { preview, check };
}

/** Scores only for sections with a check, completions only of the module's sections: a refusal names the field. */
function requireSectionsOf(module: ModuleRecord, moduleChecks: CheckSummary[], scored: string[], completed: string[]): void {
  const sectionIds = new Set(module.sections.map((section) => section._id));
  const checked = new Set(moduleChecks.map((check) => check.sectionId));
  const fields: Record<string, string> = {};
  for (const sectionId of scored) if (!checked.has(sectionId)) fields[`scores.${sectionId}`] = 'Give scores only for sections of this module that have a check.';
  completed.forEach((sectionId, index) => {
    if (!sectionIds.has(sectionId)) fields[`completed.${index}`] = 'Name only sections of this module.';
  });
  if (Object.keys(fields).length > 0) throw invalid('The preview names sections this module does not have, or scores a section without a check; reload the module and try again.', fields);
}

/** Review and extension sections no band of any check releases: only a teacher's override opens them. */
function unreachableSections(module: ModuleRecord, moduleChecks: CheckSummary[]): PathProblem[] {
  const released = new Set(moduleChecks.flatMap((check) => (check.bands ?? []).flatMap((band) => band.release)));
  return [...module.sections]
    .sort((a, b) => a.order - b.order)
    .filter((section) => RELEASABLE_ROLES.includes(section.role ?? DEFAULT_SECTION_ROLE) && !released.has(section._id))
    .map((section) => ({
      kind: 'unreachable',
      sectionId: section._id,
      message: `No score band releases the ${section.role} section ${quoted(section.title)}, so no student meets it unless you open it for them one by one. Fix: release it in a check's score bands, or make it Core or Optional.`,
    }));
}

/**
 * Checks of an in-order module with a limited number of attempts where some failing best percent leaves the student
 * nothing to do: every section before the check complete, the check failed with no attempt left, and the next
 * required section still locked with nothing open that would unlock it. Found by asking the path function itself.
 */
function deadEnds(module: ModuleRecord, moduleChecks: CheckSummary[]): PathProblem[] {
  if (!module.sequential) return [];
  const ordered = [...module.sections].sort((a, b) => a.order - b.order);
  return moduleChecks.flatMap((check): PathProblem[] => {
    if (check.maxAttempts === null) return [];
    const position = ordered.findIndex((section) => section._id === check.sectionId);
    const before = ordered.slice(0, position).map((section) => section._id);
    for (let percent = 0; percent < check.passMark; percent += 1) {
      const path = computePath({ module, checks: moduleChecks, standings: { [check.sectionId]: { bestPercent: percent, passed: false } }, completedSections: before });
      const later = path.sections.slice(position + 1);
      const stuck = later.some((section) => section.required && section.state === 'locked') && !path.sections.some((section) => section.sectionId !== check.sectionId && section.required && section.state === 'open');
      if (!stuck) continue;
      // Every failing percent in the same band meets the same path.
      const band = check.bands?.find((candidate) => bandHolds(candidate, percent));
      const highest = Math.min(band?.max ?? check.passMark, check.passMark) - 1;
      const title = quoted(ordered[position].title);
      return [
        {
          kind: 'dead-end',
          sectionId: check.sectionId,
          message: `A student whose best score is ${percent === highest ? percent : `${percent}–${highest}`}\u00a0% after all ${check.maxAttempts} attempt${check.maxAttempts === 1 ? '' : 's'} at the check in ${title} can never go on: the sections after it stay locked. Fix: release a review section for those scores in the check's bands, allow more or unlimited attempts, or turn off "in order".`,
        },
      ];
    }
    return [];
  });
}
