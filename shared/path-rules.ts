// A student's path through a module: which sections are open, locked, complete, skipped or excused, and why, computed
// from the module's rules (section roles, order mode), its checks' pass marks and score bands, the student's standings
// on the checks (best percent, passed) and the sections they completed. Pure and the only source of a path: the
// server's reader, syllabus, progress percentages, report and Continue all ask it (functions/src/paths/paths.ts), and
// the edit screen runs the same rules over a teacher's unsaved edits (`pathRuleProblems`) before they are saved. Paths
// are never stored, so a rule changed after students started recomputes them; completed work stays complete.
import type { PathProblem } from './contract/paths';
import { bandHolds, DEFAULT_SECTION_ROLE, RELEASABLE_ROLES, type Branch, type ScoreBand, type SectionRole, type SectionState } from './paths';

/** What the rules read of a module: its sections (id, title, place, role) and its order mode. */
export interface RulesModule {
  sections: { _id: string; title: string; order: number; role?: SectionRole }[];
  sequential?: boolean;
}

/** What the rules read of a check: its section, pass mark, attempts and score bands. */
export interface RulesCheck {
  sectionId: string;
  passMark: number;
  maxAttempts: number | null;
  bands?: ScoreBand[];
}

export interface PathInput {
  module: RulesModule;
  /** The module's check summaries (a removed section's check is ignored). */
  checks: RulesCheck[];
  /** Section id → the student's standing on that section's check, for the checks they attempted. */
  standings: Record<string, { bestPercent: number; passed: boolean }>;
  completedSections: string[];
  /** A teacher's per-student overrides: sections opened whatever the rules, sections the student is excused from. */
  overrides?: { released?: OverrideEntry[]; excused?: OverrideEntry[] };
}

export interface OverrideEntry {
  sectionId: string;
  reason: string;
}

export interface SectionOnPath {
  sectionId: string;
  state: SectionState;
  /** For locked and skipped sections, what unlocks or skipped them; for released review and extension sections (and any a teacher opened), why. */
  reason?: string;
  /** Counted in the student's progress: core and band-released (or completed) review or extension sections, unless excused. */
  required: boolean;
  /** The student may read it, mark it complete and attempt its check. */
  accessible: boolean;
}

export interface StudentPath {
  /** In the module's order. */
  sections: SectionOnPath[];
  requiredCount: number;
  completedRequiredCount: number;
  /** Completed required sections of the required ones, whole percent (0 with none required). */
  percentage: number;
  /** Continue: the first open required section not yet complete, else the first open one; null when none is left. */
  nextSectionId: string | null;
  branch: Branch;
}

const percentText = (percent: number) => `${percent}\u00a0%`;
/** The way every lock message ends: a teacher's override opens any section (and lets a student into any module). */
export const TEACHER_WAY = ', or your teacher can open it for you.';
const anyOf = new Intl.ListFormat('en', { type: 'disjunction' });
const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
/** "score below 50 %", "score 80 % or more", "score from 50 % to below 80 %": the scores a band holds. */
function scoreText({ min, max }: ScoreBand): string {
  if (min === 0 && max === 100) return 'score anything';
  if (min === 0) return `score below ${percentText(max)}`;
  return max === 100 ? `score ${percentText(min)} or more` : `score from ${percentText(min)} to below ${percentText(max)}`;
}
/** Section titles are quoted, not emphasised: the reader shows reasons as plain text. */
const quoted = (title: string) => `“${title}”`;

export function computePath({ module, checks, standings, completedSections, overrides }: PathInput): StudentPath {
  const ordered = [...module.sections].sort((a, b) => a.order - b.order);
  const titleOf = new Map(ordered.map((section) => [section._id, section.title]));
  const roleOf = new Map<string, SectionRole>(ordered.map((section) => [section._id, section.role ?? DEFAULT_SECTION_ROLE]));
  const position = new Map(ordered.map((section, index) => [section._id, index]));
  const currentChecks = checks.filter((check) => position.has(check.sectionId)).sort((a, b) => position.get(a.sectionId)! - position.get(b.sectionId)!);
  const checkOf = new Map(currentChecks.map((check) => [check.sectionId, check]));
  const done = new Set(completedSections);
  const releasedByOverride = new Map((overrides?.released ?? []).map((entry) => [entry.sectionId, entry.reason]));
  const excused = new Map((overrides?.excused ?? []).map((entry) => [entry.sectionId, entry.reason]));

  // What each attempted check's band does: the sections it releases and skips, and whether it moved the student on.
  const released = new Map<string, string>();
  const skipped = new Map<string, string>();
  const advanced = new Set<string>();
  for (const check of currentChecks) {
    const standing = standings[check.sectionId];
    const band = standing && check.bands?.find((candidate) => bandHolds(candidate, standing.bestPercent));
    if (!band) continue;
    const because = `Because you scored ${percentText(standing.bestPercent)} on ${quoted(titleOf.get(check.sectionId)!)}`;
    for (const id of band.release) {
      const role = roleOf.get(id);
      if (!role || !RELEASABLE_ROLES.includes(role)) continue;
      advanced.add(check.sectionId);
      if (!released.has(id)) released.set(id, role === 'review' ? `${because}, review this first.` : `${because}, this extension is open to you.`);
    }
    for (const id of band.skip ?? []) {
      if (roleOf.get(id) === 'optional' && position.get(id)! > position.get(check.sectionId)! && !skipped.has(id)) skipped.set(id, `${because}, you can skip this.`);
    }
  }

  /**
   * Why a review or extension section no band released is shut, naming every way it still opens: each band of each
   * check that releases it and a score can still reach (a best only rises), and the teacher. Skipped once no score can.
   */
  function unreleased(sectionId: string): { state: SectionState; reason: string } {
    const releasing = currentChecks.flatMap((check) => {
      const bands = (check.bands ?? []).filter((band) => band.release.includes(sectionId));
      return bands.length > 0 ? [{ check, bands }] : [];
    });
    if (releasing.length === 0) return { state: 'locked', reason: 'Your teacher opens this section for you when you need it.' };
    const ways = releasing.flatMap(({ check, bands }) => {
      const standing = standings[check.sectionId];
      const reachable = bands.filter((band) => !standing || stillReachable(band, standing.bestPercent)).sort((a, b) => a.min - b.min);
      return reachable.map((band) => `${scoreText(band)} on the check in ${quoted(titleOf.get(check.sectionId)!)}`);
    });
    if (ways.length > 0) return { state: 'locked', reason: `${capitalised(anyOf.format(ways))} to open this${TEACHER_WAY}` };
    const { check } = releasing[0];
    return { state: 'skipped', reason: `Because you scored ${percentText(standings[check.sectionId]!.bestPercent)} on ${quoted(titleOf.get(check.sectionId)!)}, you can skip this.` };
  }

  /** A required section lets the next ones open once complete, or once its attempted check's band released the next step. */
  const doneForOrder = (sectionId: string) => done.has(sectionId) || advanced.has(sectionId);
  /**
   * Why an in-order section waits for `sectionId`, naming every way past it: completing it, or for one with a check
   * passing it or scoring in a band below the pass mark that releases a section (the way forward after a failed
   * check); and the teacher.
   */
  const lockedBehind = (sectionId: string) => {
    const title = quoted(titleOf.get(sectionId)!);
    const check = checkOf.get(sectionId);
    if (!check || standings[sectionId]?.passed) return `Complete ${title} to open this${TEACHER_WAY}`;
    const best = standings[sectionId]?.bestPercent;
    const forward = (check.bands ?? [])
      .filter((band) => band.min < check.passMark && band.release.some((id) => RELEASABLE_ROLES.includes(roleOf.get(id) ?? DEFAULT_SECTION_ROLE)))
      .filter((band) => best === undefined || stillReachable(band, best))
      .sort((a, b) => a.min - b.min)
      .map((band) => scoreText(band).replace(/^score /, ''));
    const orScore = forward.length > 0 ? ` or score ${anyOf.format(forward)} on it` : '';
    return `Pass the check in ${title}${orScore} to open this${TEACHER_WAY}`;
  };

  let previousRequired: string | undefined;
  const sections = ordered.map(({ _id: sectionId }): SectionOnPath => {
    const role = roleOf.get(sectionId)!;
    const releasable = RELEASABLE_ROLES.includes(role);
    const opened = releasedByOverride.get(sectionId);
    const bandReleased = releasable ? released.get(sectionId) : undefined;
    const releaseReason = opened !== undefined ? `Your teacher opened this for you: ${opened}` : bandReleased;
    const excuse = excused.get(sectionId);
    // A teacher's release only opens: the section is extra until completed, so nothing after it waits for it and the
    // student's progress does not drop.
    const onPath = role !== 'optional' && (!releasable || bandReleased !== undefined || done.has(sectionId));
    const required = onPath && excuse === undefined;
    const entry = ((): Omit<SectionOnPath, 'sectionId' | 'required'> => {
      const withReason = (reason: string | undefined) => (reason === undefined ? {} : { reason });
      if (done.has(sectionId)) return { state: 'complete', accessible: true, ...withReason(releaseReason) };
      if (excuse !== undefined) return { state: 'excused', accessible: true, reason: `Your teacher excused you from this: ${excuse}` };
      if (releasable && releaseReason === undefined) return { ...unreleased(sectionId), accessible: false };
      if (role === 'optional' && skipped.has(sectionId) && opened === undefined) return { state: 'skipped', accessible: true, reason: skipped.get(sectionId)! };
      // A released section is the way forward (after a failed check, or a teacher's override): it opens in any mode.
      if (module.sequential && releaseReason === undefined && previousRequired !== undefined && !doneForOrder(previousRequired)) {
        return { state: 'locked', accessible: false, reason: lockedBehind(previousRequired) };
      }
      return { state: 'open', accessible: true, ...withReason(releaseReason) };
    })();
    if (required) previousRequired = sectionId;
    return { sectionId, required, ...entry };
  });

  const requiredCount = sections.filter((section) => section.required).length;
  const completedRequiredCount = sections.filter((section) => section.required && section.state === 'complete').length;
  const open = sections.filter((section) => section.state === 'open');
  return {
    sections,
    requiredCount,
    completedRequiredCount,
    percentage: requiredCount === 0 ? 0 : Math.round((completedRequiredCount / requiredCount) * 100),
    nextSectionId: (open.find((section) => section.required) ?? open[0])?.sectionId ?? null,
    branch: branchOf(sections, roleOf),
  };
}

/** A band above the best percent can still be reached (a best only rises); the one holding it already applied. */
const stillReachable = (band: ScoreBand, bestPercent: number) => band.min > bestPercent;

function branchOf(sections: SectionOnPath[], roleOf: Map<string, SectionRole>): Branch {
  // A review or extension section is open only once released (by a band or the teacher).
  const onPath = (role: SectionRole) => sections.some((section) => (section.required || section.state === 'open') && roleOf.get(section.sectionId) === role);
  if (onPath('review')) return 'review';
  return onPath('extension') ? 'extension' : 'core';
}


/**
 * What in a module's rules can leave a student stuck, each with its fix in words: review and extension sections no
 * band releases (`unreachable`) and, in an in-order module, checks a student who fails every allowed attempt cannot get
 * past (`dead-end`). Over saved rules on the server's path check, over the unsaved edits on the edit screen.
 */
export function pathRuleProblems(module: RulesModule, checks: RulesCheck[]): PathProblem[] {
  return [...unreachableSections(module, checks), ...deadEnds(module, checks)];
}

/** Review and extension sections no band of any check releases: only a teacher's override opens them. */
function unreachableSections(module: RulesModule, checks: RulesCheck[]): PathProblem[] {
  const sectionIds = new Set(module.sections.map((section) => section._id));
  const released = new Set(checks.filter((check) => sectionIds.has(check.sectionId)).flatMap((check) => (check.bands ?? []).flatMap((band) => band.release)));
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
function deadEnds(module: RulesModule, checks: RulesCheck[]): PathProblem[] {
  if (!module.sequential) return [];
  const ordered = [...module.sections].sort((a, b) => a.order - b.order);
  return checks.flatMap((check): PathProblem[] => {
    const position = ordered.findIndex((section) => section._id === check.sectionId);
    if (check.maxAttempts === null || position < 0) return [];
    const before = ordered.slice(0, position).map((section) => section._id);
    for (let percent = 0; percent < check.passMark; percent += 1) {
      const path = computePath({ module, checks, standings: { [check.sectionId]: { bestPercent: percent, passed: false } }, completedSections: before });
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
