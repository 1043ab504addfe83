// Personalised paths, the routes: what changing a module's rules would do, a path preview and its problems, a
// teacher's overrides of one student's path, and a class's module prerequisites. The rules themselves (roles, score
// bands, states) are shared/paths.ts; the path is computed by the server (functions/src/paths/paths.ts).
import * as z from '../zod';
import { TEXT_LIMITS } from '../constants';
import { readableText } from '../readable-text';
import {
  EXTRA_ATTEMPTS_MAX,
  makeBandsSchema,
  OVERRIDE_KINDS,
  OVERRIDE_REASON_MAX_LENGTH,
  PATH_PROBLEM_KINDS,
  SECTION_STATES,
  sectionRoleSchema,
} from '../paths';
import { TEACHERS, TEACHERS_AND_ADMINS } from './route';
import { idSchema, isoDate, wholeCount, type RouteContract } from './blocks';
import { classDetailSchema } from './classes';

// ---- What the routes take ----

export const modulePrerequisiteSchema = /* @__PURE__ */ z.lazy(() =>
  z.strictObject({
    /** The module of the class to complete first; null: the module opens without one. */
    prerequisiteModuleId: z.nullable(idSchema('prerequisiteModuleId')),
  }),
);

/**
 * The rules an edit would save, what the path preview compares with the saved ones: the module's edit screen sends the
 * order mode and the sections kept (in their new order, with their roles); the check editor sends one check's new score
 * bands. A rule left out stays as saved.
 */
export const pathChangesSchema = /* @__PURE__ */ z.lazy(() =>
  z
    .strictObject({
      sequential: z.optional(z.boolean({ error: 'sequential must be true or false.' })),
      sections: z.optional(
        z
          .array(z.strictObject({ _id: idSchema('Section _id'), role: sectionRoleSchema() }), { error: 'sections must be a list of { _id, role }.' })
          .check(z.maxLength(TEXT_LIMITS.sectionsPerModuleMax, { error: `A module can have at most ${TEXT_LIMITS.sectionsPerModuleMax} sections.` })),
      ),
      check: z.optional(
        z.strictObject({ sectionId: idSchema('check.sectionId'), bands: makeBandsSchema() }, { error: 'check must be { sectionId, bands } (the check\'s new score bands).' }),
      ),
    })
    .check(
      z.refine((input) => input.sequential !== undefined || input.sections !== undefined || input.check !== undefined, {
        error: 'Send the rules to compare: sequential and sections (the module), or check (a check\'s score bands).',
      }),
    ),
);

const previewPercentError = 'Each score must be a whole percent from 0 to 100, keyed by the section id of a check.';
/** A student's results to preview a module's path with (POST /api/modules/{id}/path-preview). */
export const pathPreviewSchema = /* @__PURE__ */ z.lazy(() =>
  z.strictObject(
    {
      scores: z.optional(
        z
          .record(idSchema('A scored section id'), z.number({ error: previewPercentError }).check(z.int({ error: previewPercentError }), z.minimum(0, { error: previewPercentError }), z.maximum(100, { error: previewPercentError })), {
            error: 'scores must be { [sectionId]: percent }.',
          })
          .check(z.refine((scores) => Object.keys(scores).length <= TEXT_LIMITS.sectionsPerModuleMax, { error: `scores can name at most ${TEXT_LIMITS.sectionsPerModuleMax} sections.` })),
      ),
      completed: z.optional(
        z
          .array(idSchema('A completed section id'), { error: 'completed must be a list of section ids.' })
          .check(z.maxLength(TEXT_LIMITS.sectionsPerModuleMax, { error: `completed can name at most ${TEXT_LIMITS.sectionsPerModuleMax} sections.` })),
      ),
    },
    { error: 'Send { scores?: { [sectionId]: percent }, completed?: [sectionId] }.' },
  ),
);

/** Which override: a release or an excuse names the section; unlocking opens the whole module, so it names none. */
const overrideTargetShape = () => ({
  moduleId: idSchema('moduleId'),
  kind: z.enum(OVERRIDE_KINDS, { error: `kind must be one of ${OVERRIDE_KINDS.join(', ')}.` }),
  sectionId: z.optional(idSchema('sectionId')),
});
const namesSectionUnlessUnlock = () =>
  z.refine<{ kind: string; sectionId?: string }>((input) => (input.kind === 'unlock') === (input.sectionId === undefined), {
    error: 'Name the section (sectionId) to release, excuse or grant attempts at; unlocking a module names none.',
    path: ['sectionId'],
  });
const extraError = `extra must be a whole number of attempts from 1 to ${EXTRA_ATTEMPTS_MAX}.`;
const extraOnlyForAttempts = () =>
  z.refine<{ kind: string; extra?: number }>((input) => (input.kind === 'attempts') === (input.extra !== undefined), {
    error: 'Say how many more attempts (extra, 1–10) with kind "attempts", and only then.',
    path: ['extra'],
  });

export const pathOverrideSchema = /* @__PURE__ */ z.lazy(() =>
  z
    .strictObject({
      ...overrideTargetShape(),
      extra: z.optional(z.number({ error: extraError }).check(z.int({ error: extraError }), z.minimum(1, { error: extraError }), z.maximum(EXTRA_ATTEMPTS_MAX, { error: extraError }))),
      reason: readableText('Reason', OVERRIDE_REASON_MAX_LENGTH),
    })
    .check(namesSectionUnlessUnlock(), extraOnlyForAttempts()),
);

/** The override to remove: the module and kind from the path, the section (of a release or an excuse) from `?sectionId=`. */
export const pathOverrideTargetSchema = /* @__PURE__ */ z.lazy(() => z.strictObject(overrideTargetShape()).check(namesSectionUnlessUnlock()));

export type ModulePrerequisiteInput = z.infer<typeof modulePrerequisiteSchema>;
export type PathChangesInput = z.infer<typeof pathChangesSchema>;
/** A student's results the teacher previews a path with: best percent per checked section, and sections completed. */
export type PathPreviewInput = z.infer<typeof pathPreviewSchema>;
export type PathOverrideInput = z.infer<typeof pathOverrideSchema>;
export type AddPathOverrideInput = PathOverrideInput;
export type PathOverrideTarget = z.infer<typeof pathOverrideTargetSchema>;

// ---- What they answer ----

/**
 * What saving new rules would do to the students' paths in the teacher's classes (the edit screen says it first):
 * `students` of the teacher's classes that have the module; `changed`, those whose path (a kept section's state or
 * whether it is required) would differ.
 */
export const pathChangePreviewSchema = /* @__PURE__ */ z.lazy(() => z.strictObject({ students: wholeCount, changed: wholeCount }));

/** The module's saved rules as a student with those results meets them, section by section in order. */
export const pathPreviewResponseSchema = /* @__PURE__ */ z.lazy(() =>
  z.strictObject({
    sections: z.array(z.strictObject({ sectionId: z.string(), state: z.enum(SECTION_STATES), reason: z.optional(z.string()) })),
  }),
);

/** A problem of a module's saved rules (shared/paths.ts, PATH_PROBLEM_KINDS): the section it is about (none for a prerequisite), what goes wrong and the fix, in words. */
const pathProblemSchema = /* @__PURE__ */ z.lazy(() => z.strictObject({ kind: z.enum(PATH_PROBLEM_KINDS), sectionId: z.optional(z.string()), message: z.string() }));

export const pathCheckSchema = /* @__PURE__ */ z.lazy(() => z.strictObject({ problems: z.array(pathProblemSchema) }));

/** An override as the student drill-down lists it; for `attempts`, `extra` is the extra attempts granted in all (grants add up). */
const pathOverrideEntry = () => ({
  moduleId: z.string(),
  moduleTitle: z.string(),
  kind: z.enum(OVERRIDE_KINDS),
  sectionId: z.optional(z.string()),
  sectionTitle: z.optional(z.string()),
  extra: z.optional(z.number().check(z.int(), z.minimum(1))),
  reason: z.string(),
  at: isoDate,
  teacherName: z.string(),
});
const pathOverrideEntrySchema = /* @__PURE__ */ z.lazy(() => z.strictObject(pathOverrideEntry()));

/** A student's overrides in a class, newest first. */
export const studentOverridesSchema = /* @__PURE__ */ z.lazy(() =>
  z.strictObject({ classId: z.string(), studentId: z.string(), overrides: z.array(pathOverrideEntrySchema) }),
);

/** Every override in a class, newest first, each with the student it is for (students still enrolled). */
export const classOverridesSchema = /* @__PURE__ */ z.lazy(() =>
  z.strictObject({
    classId: z.string(),
    overrides: z.array(z.strictObject({ ...pathOverrideEntry(), studentId: z.string(), studentName: z.string() })),
  }),
);

export type PathChangePreview = z.infer<typeof pathChangePreviewSchema>;
export type PathPreview = z.infer<typeof pathPreviewResponseSchema>;
export type PathProblem = z.infer<typeof pathProblemSchema>;
export type PathCheck = z.infer<typeof pathCheckSchema>;
export type PathOverride = z.infer<typeof pathOverrideEntrySchema>;
export type StudentOverrides = z.infer<typeof studentOverridesSchema>;
export type ClassOverrides = z.infer<typeof classOverridesSchema>;

export const pathsRoutes = {
  // How many students' paths a change of the module's rules (order mode, section roles, a check's score bands) would
  // change, before saving.
  previewPathChanges: { method: 'POST', path: '/api/modules/{id}/path-changes', roles: TEACHERS, body: pathChangesSchema, response: pathChangePreviewSchema },
  // Explainable release, for the module's owner: the path a student with given results meets under the saved rules,
  // and the places the rules leave a student stuck, each with its fix.
  previewPath: { method: 'POST', path: '/api/modules/{id}/path-preview', roles: TEACHERS, body: pathPreviewSchema, response: pathPreviewResponseSchema },
  checkPath: { method: 'GET', path: '/api/modules/{id}/path-check', roles: TEACHERS, response: pathCheckSchema },
  // The class's teacher changes one student's path (release or excuse a section, unlock a module) with a reason; the
  // student drill-down lists them (admins read it too). Answers the student's overrides after the change (201).
  addPathOverride: {
    method: 'POST',
    path: '/api/classes/{classId}/students/{studentId}/overrides',
    roles: TEACHERS,
    body: pathOverrideSchema,
    response: studentOverridesSchema,
  },
  listPathOverrides: { method: 'GET', path: '/api/classes/{classId}/students/{studentId}/overrides', roles: TEACHERS_AND_ADMINS, response: studentOverridesSchema },
  // Every student's overrides in the class in one list, for the class's teacher (and admins) to review what was changed.
  listClassOverrides: { method: 'GET', path: '/api/classes/{classId}/overrides', roles: TEACHERS_AND_ADMINS, response: classOverridesSchema },
  // The class's teacher takes one back (`?sectionId=` names the section of a release or an excuse); answers the
  // student's overrides after the removal.
  removePathOverride: {
    method: 'DELETE',
    path: '/api/classes/{classId}/students/{studentId}/overrides/{moduleId}/{kind}',
    roles: TEACHERS,
    params: pathOverrideTargetSchema,
    response: studentOverridesSchema,
  },
  // The class's teacher makes a module of the class wait for another (null: opens without one).
  setModulePrerequisite: {
    method: 'PUT',
    path: '/api/classes/{classId}/modules/{moduleId}/prerequisite',
    roles: TEACHERS,
    body: modulePrerequisiteSchema,
    response: classDetailSchema,
  },
} as const satisfies Record<string, RouteContract>;
