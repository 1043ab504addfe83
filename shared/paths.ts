// Personalised paths, the contract: a section's role in the module, a check's score bands (which review or extension
// sections a score releases, which later optional sections it skips) and the state of each section on a student's
// path. The path itself is computed by the server (functions/src/paths/paths.ts); the rules here are what a teacher
// may save, checked the same way by the browser's form and the server.
import { TEXT_LIMITS } from './constants';
import * as z from './zod';

export const SECTION_ROLES = ['core', 'review', 'extension', 'optional'] as const;
/** core: everyone's; review and extension: only once a band releases them; optional: never required, a band may skip it. */
export type SectionRole = (typeof SECTION_ROLES)[number];
export const DEFAULT_SECTION_ROLE: SectionRole = 'core';
/** What the screens call each role. */
export const SECTION_ROLE_NAMES: Record<SectionRole, string> = { core: 'Core', review: 'Review', extension: 'Extension', optional: 'Optional' };
/** The roles a band can release. */
export const RELEASABLE_ROLES: readonly SectionRole[] = ['review', 'extension'];

export const SECTION_STATES = ['open', 'locked', 'complete', 'skipped', 'excused'] as const;
export type SectionState = (typeof SECTION_STATES)[number];

/** Which branch of a module a student is on (the report's chip): given extra review, an extension, or the core. */
export const BRANCHES = ['core', 'review', 'extension'] as const;
export type Branch = (typeof BRANCHES)[number];

const roleError = `role must be one of ${SECTION_ROLES.join(', ')}.`;
export const sectionRoleSchema = () => z.enum(SECTION_ROLES, { error: roleError });

const percentError = (field: string) => `${field} must be a whole percent from 0 to 100.`;
const percent = (field: string) =>
  z.number({ error: percentError(field) }).check(z.int({ error: percentError(field) }), z.minimum(0, { error: percentError(field) }), z.maximum(100, { error: percentError(field) }));
const sectionIds = (field: string) =>
  z.array(z.string({ error: `${field} must list section ids.` }).check(z.maxLength(TEXT_LIMITS.idMaxLength, { error: `${field} names a section id that is too long.` })), {
    error: `${field} must be a list of section ids.`,
  }).check(
    z.maxLength(100, { error: `${field} can name at most 100 sections.` }),
    z.refine((ids) => new Set(ids).size === ids.length, { error: `${field} names a section twice.` }),
  );

/** A score band of a check: a best percent in [min, max) (max 100 includes 100) releases and skips these sections. */
const bandSchema = () =>
  z.strictObject(
    { min: percent('min'), max: percent('max'), release: sectionIds('release'), skip: z.optional(sectionIds('skip')) },
    { error: 'Each band must be { min, max, release, skip? }.' },
  );
export type ScoreBand = z.output<ReturnType<typeof bandSchema>>;

type Issue = { code: 'custom'; path: (string | number)[]; message: string; input: unknown };

/** Bands must run from 0 to 100 in order, each starting where the previous one ends: no gap, no overlap. */
export function bandRangeIssues(bands: ScoreBand[]): Issue[] {
  const issues: Issue[] = [];
  const at = (index: number, field: 'min' | 'max', message: string) => issues.push({ code: 'custom', path: [index, field], message, input: bands[index]?.[field] });
  bands.forEach((band, index) => {
    if (band.min >= band.max) at(index, 'max', `Band ${index + 1}: max must be more than min.`);
    if (index === 0 && band.min !== 0) at(index, 'min', 'The first band must start at 0 %.');
    if (index > 0 && band.min !== bands[index - 1].max) {
      at(index, 'min', `Band ${index + 1} must start at ${bands[index - 1].max} %, where band ${index} ends (bands cover 0–100 without gaps or overlap, in order).`);
    }
    if (index === bands.length - 1 && band.max !== 100) at(index, 'max', 'The last band must end at 100 %.');
  });
  return issues;
}

/** What a check's bands may name: the module's sections (id, role, in order) and the section the check belongs to. */
export interface BandContext {
  sections: { _id: string; role?: SectionRole }[];
  sectionId: string;
}

/** Released sections must be review or extension sections of the module; skipped ones optional sections after the check. */
export function bandSectionIssues(bands: ScoreBand[], { sections, sectionId }: BandContext): Issue[] {
  const issues: Issue[] = [];
  const position = new Map(sections.map((section, index) => [section._id, index]));
  const roleOf = new Map(sections.map((section) => [section._id, section.role ?? DEFAULT_SECTION_ROLE]));
  const checkPosition = position.get(sectionId) ?? -1;
  bands.forEach((band, index) => {
    band.release.forEach((id, item) => {
      if (!RELEASABLE_ROLES.includes(roleOf.get(id) ?? DEFAULT_SECTION_ROLE) || !position.has(id)) {
        issues.push({ code: 'custom', path: [index, 'release', item], message: `Band ${index + 1} can only release review or extension sections of this module.`, input: id });
      }
    });
    (band.skip ?? []).forEach((id, item) => {
      if (roleOf.get(id) !== 'optional' || (position.get(id) ?? -1) <= checkPosition) {
        issues.push({ code: 'custom', path: [index, 'skip', item], message: `Band ${index + 1} can only skip optional sections after this check.`, input: id });
      }
    });
  });
  return issues;
}

/** A section a band named but may no longer release or skip (its role, its place or the section itself changed). */
export interface DroppedBandSection {
  /** The band's index. */
  band: number;
  sectionId: string;
  as: 'release' | 'skip';
}

/**
 * The bands with only the sections they may still name in the module as it is (a module save applies this to every
 * check, so a role change never leaves a check that cannot be saved), and what each band let go of.
 */
export function fitBands(bands: ScoreBand[], context: BandContext): { bands: ScoreBand[]; dropped: DroppedBandSection[] } {
  const dropped = bandSectionIssues(bands, context).map(({ path, input }) => ({ band: path[0] as number, as: path[1] as 'release' | 'skip', sectionId: input as string }));
  const keeps = (band: number, as: DroppedBandSection['as']) => (id: string) => !dropped.some((each) => each.band === band && each.as === as && each.sectionId === id);
  return {
    bands: bands.map((band, index) => ({ ...band, release: band.release.filter(keeps(index, 'release')), ...(band.skip && { skip: band.skip.filter(keeps(index, 'skip')) }) })),
    dropped,
  };
}

/** A check's bands; with the module as context, also whether the sections they name may be released or skipped. */
export function makeBandsSchema(context?: BandContext) {
  return z
    .array(
      bandSchema(),
      { error: 'bands must be a list of score bands.' },
    )
    .check(
      z.maxLength(10, { error: 'A check can have at most 10 bands.' }),
      z.superRefine((bands, refinement) => {
        for (const issue of [...bandRangeIssues(bands), ...(context ? bandSectionIssues(bands, context) : [])]) refinement.addIssue(issue);
      }),
    );
}

/** A band holds a best percent from its min up to, not including, its max; the band ending at 100 holds 100 too. */
export const bandHolds = (band: ScoreBand, percent: number) => percent >= band.min && (percent < band.max || (band.max === 100 && percent === 100));

/** The state of one section on a student's path, on their module read: `reason` for locked, skipped and released sections. */
export interface SectionPathFields {
  state: SectionState;
  reason?: string;
}

/**
 * A teacher's override of one student's path: open a section whatever the rules (`release`), excuse them from one
 * (`excuse`), open the module whatever its prerequisite (`unlock`, no section), or grant more attempts at a section's
 * check (`attempts`, with `extra`). Each carries the teacher's reason.
 */
export const OVERRIDE_KINDS = ['release', 'excuse', 'unlock', 'attempts'] as const;
export type OverrideKind = (typeof OVERRIDE_KINDS)[number];
export const OVERRIDE_REASON_MAX_LENGTH = 300;
/** Extra attempts one `attempts` override may grant (each grant adds to the ones before). */
export const EXTRA_ATTEMPTS_MAX = 10;

/**
 * What in a module's saved rules can leave a student stuck: a review or extension section no band releases
 * (`unreachable`), a check in an in-order module that a student who fails every allowed attempt cannot get past
 * (`dead-end`), a class's prerequisite naming a module the class no longer has (`prerequisite`).
 */
export const PATH_PROBLEM_KINDS = ['unreachable', 'dead-end', 'prerequisite'] as const;
export type PathProblemKind = (typeof PATH_PROBLEM_KINDS)[number];
