// A student's path through a module: which sections are open, locked, complete, skipped or excused, and why, computed
// from the module's rules (section roles, order mode), its checks' pass marks and score bands, the student's standings
// on the checks (best percent, passed) and the sections they completed. Pure and the only source of a path: the
// reader, the syllabus, progress percentages, the report and Continue all ask it. Paths are never stored, so a rule
// changed after students started recomputes them; completed work stays complete whatever the rules say now.
import type { CheckSummary } from '@shared/contract/checks';
import { bandHolds, DEFAULT_SECTION_ROLE, RELEASABLE_ROLES, type Branch, type OverrideKind, type ScoreBand, type SectionRole, type SectionState } from '@shared/paths';
import type { ModuleRecord } from '../modules/port';
import type { PathOverrideRecord } from './port';

export interface PathInput {
  module: Pick<ModuleRecord, 'sections' | 'sequential'>;
  /** The module's check summaries (a removed section's check is ignored). */
  checks: CheckSummary[];
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
