// Modules: a teacher's ordered sections of files, what a student reads. Routes, what they take and what they answer.
import * as z from '../zod';
import { TEXT_LIMITS } from '../constants';
import { CONTENT_TYPES } from '../content-type';
import { readableText } from '../readable-text';
import { SECTION_ROLES, SECTION_STATES, sectionRoleSchema } from '../paths';
import { TEACHERS, TEACHERS_AND_STUDENTS } from './route';
import { idSchema, isoDate, noContent, storageKey, wholeCount, type RouteContract } from './blocks';
import { checkSummarySchema } from './checks';

// ---- What the routes take ----

export const sectionInputSchema = /* @__PURE__ */ z.lazy(() =>
  z.strictObject({
    /** Present for a section that already exists, so its id (and the progress on it) survives an edit. */
    _id: z.optional(idSchema('Section _id')),
    title: readableText('Section title', TEXT_LIMITS.titleMaxLength),
    // order and contentType are accepted for compatibility but derived by the server.
    order: z.optional(
      z
        .number({ error: 'order must be a number.' })
        .check(z.int({ error: 'order must be a whole number.' }), z.positive({ error: 'order must be 1 or more.' })),
    ),
    contentType: z.optional(z.enum(CONTENT_TYPES, { error: 'contentType must be PDF, PPT, WORD or UNKNOWN.' })),
    contentUrl: storageKey,
    originalFileName: z.optional(readableText('originalFileName', TEXT_LIMITS.fileNameMaxLength)),
    // Derived on read; a client may echo it back, it is never stored.
    downloadUrl: z.optional(z.string({ error: 'downloadUrl must be text.' })),
    // Taken from the stored file when it is saved; a client may echo it back, it is ignored.
    size: z.optional(z.number({ error: 'size must be a number.' })),
    /** Absent: a new section is core, a kept one keeps its role (a client unaware of roles changes none). */
    role: z.optional(sectionRoleSchema()),
    // A student's path fields, echoed back by a client; never stored.
    state: z.optional(z.string({ error: 'state must be text.' })),
    reason: z.optional(z.string({ error: 'reason must be text.' })),
  }),
);

const sectionsSchema = () =>
  z.array(sectionInputSchema, { error: 'sections must be a list.' }).check(
    z.maxLength(TEXT_LIMITS.sectionsPerModuleMax, {
      error: `A module can have at most ${TEXT_LIMITS.sectionsPerModuleMax} sections.`,
    }),
  );

const sequentialSchema = () => z.boolean({ error: 'sequential must be true (in order) or false (any order).' });

/** The module's title, checked on its own by the first creation step. */
export const moduleTitleSchema = /* @__PURE__ */ z.lazy(() => readableText('Title', TEXT_LIMITS.titleMaxLength));
export const moduleDescriptionSchema = /* @__PURE__ */ z.lazy(() => readableText('Description', TEXT_LIMITS.descriptionMaxLength, { multiline: true }));
export const sectionTitleSchema = /* @__PURE__ */ z.lazy(() => readableText('Section title', TEXT_LIMITS.titleMaxLength));

export const createModuleSchema = /* @__PURE__ */ z.lazy(() =>
  z.strictObject({
    /**
     * The id the client chose for the new module, once per draft: sending the same draft again (a double click, a
     * retry after a timeout, Back and resubmit) answers the module already created instead of making a copy.
     */
    _id: z.optional(z.uuid({ error: '_id must be a UUID the client generated for this draft.' })),
    title: readableText('Title', TEXT_LIMITS.titleMaxLength),
    description: readableText('Description', TEXT_LIMITS.descriptionMaxLength, { multiline: true }),
    sections: sectionsSchema().check(z.minLength(1, { error: 'Add at least one section before saving the module.' })),
    /** Absent: any order. */
    sequential: z.optional(sequentialSchema()),
    /** Duplicate: another module of the caller's whose checks go to the new sections in the same positions. */
    copyChecksFrom: z.optional(idSchema('copyChecksFrom')),
  }),
);

export const updateModuleSchema = /* @__PURE__ */ z.lazy(() =>
  z.strictObject({
    title: readableText('Title', TEXT_LIMITS.titleMaxLength),
    description: readableText('Description', TEXT_LIMITS.descriptionMaxLength, { multiline: true }),
    sections: sectionsSchema(),
    /** Absent keeps the module's order mode (a client unaware of it changes nothing). */
    sequential: z.optional(sequentialSchema()),
    /** The updatedAt the client last read; when given, the update only applies if nobody changed the module since. */
    updatedAt: z.optional(z.iso.datetime({ error: 'updatedAt must be the timestamp the module was read with.' })),
    // Read-only fields a client may echo back from GET; ignored.
    _id: z.optional(z.string({ error: '_id must be text.' })),
    createdAt: z.optional(z.string({ error: 'createdAt must be text.' })),
  }),
);

/** `GET /api/modules/{id}?classId=`: the class a student reads the module in, so one round trip authorizes them. */
export const moduleReadQuerySchema = /* @__PURE__ */ z.lazy(() =>
  z.strictObject({
    classId: z.optional(idSchema('classId')),
    // The owner asks what deleting the module would take away (classes, students with progress, check attempts).
    usage: z.optional(z.literal('true', { error: 'usage must be true, or left out.' })),
  }),
);

export type SectionInput = z.infer<typeof sectionInputSchema>;
export type CreateModuleInput = z.infer<typeof createModuleSchema>;
export type UpdateModuleInput = z.infer<typeof updateModuleSchema>;

// ---- What they answer ----

export const sectionSchema = /* @__PURE__ */ z.lazy(() =>
  z.strictObject({
    _id: z.string(),
    title: z.string(),
    /** 1-based position in the module. */
    order: z.number().check(z.int(), z.positive()),
    contentType: z.enum(CONTENT_TYPES),
    /** Storage key of the uploaded file. */
    contentUrl: z.string(),
    originalFileName: z.string(),
    /** The file's size in bytes, stored when the section is saved; absent on sections saved before it was kept. */
    size: z.optional(z.number().check(z.int(), z.minimum(0))),
    /** Signed, short-lived link for viewing; derived on read, never stored; absent for a section locked to the student. */
    downloadUrl: z.optional(z.string()),
    /** Who the section is for (shared/paths.ts); 'core' for sections saved before roles. */
    role: z.enum(SECTION_ROLES),
    /** On a student's read (`?classId=`), where the section stands on their path. */
    state: z.optional(z.enum(SECTION_STATES)),
    /** Why: for locked and skipped sections what unlocks or skipped them, for released review and extension sections why they opened. */
    reason: z.optional(z.string()),
    /** On a student's read (`?classId=`), the page or slide they were last on in the section's file. */
    lastPage: z.optional(z.number().check(z.int(), z.positive())),
  }),
);

/** What deleting the module would take away (its owner's GET with `?usage=true` only). */
const moduleUsageSchema = /* @__PURE__ */ z.lazy(() =>
  z.strictObject({
    /** The classes it is assigned to. */
    classes: z.array(z.strictObject({ classId: z.string(), className: z.string() })),
    /** Students with completions or check scores in it, over those classes. */
    studentsWithProgress: wholeCount,
    /** Attempts on the current versions of its checks (each with its score). */
    checkAttempts: wholeCount,
    /** Teachers' overrides of students' paths in it (opened, excused sections, unlocks, extra attempts), over those classes. */
    overrides: wholeCount,
    /** Prerequisites in those classes that name it, as the module waited for or the one waiting. */
    prerequisites: wholeCount,
  }),
);

export const moduleSchema = /* @__PURE__ */ z.lazy(() =>
  z.strictObject({
    _id: z.string(),
    title: z.string(),
    description: z.string(),
    sections: z.array(sectionSchema),
    /** In order: a section locks until the previous required one is complete; false for modules saved before. */
    sequential: z.boolean(),
    createdAt: isoDate,
    /** Also the concurrency token: send it back on update to avoid overwriting someone else's edit. */
    updatedAt: isoDate,
    /** The sections that carry a check (GET only; absent when none does): the reader offers the check instead of Mark as Complete. */
    checks: z.optional(z.array(checkSummarySchema)),
    usage: z.optional(moduleUsageSchema),
  }),
);

export type Section = z.infer<typeof sectionSchema>;
export type ModuleUsage = z.infer<typeof moduleUsageSchema>;
export type Module = z.infer<typeof moduleSchema>;

export const modulesRoutes = {
  createModule: { method: 'POST', path: '/api/modules', roles: TEACHERS, body: createModuleSchema, response: moduleSchema },
  listModules: { method: 'GET', path: '/api/modules/getAllModules', roles: TEACHERS, response: /* @__PURE__ */ z.array(moduleSchema) },
  getModule: { method: 'GET', path: '/api/modules/{id}', roles: TEACHERS_AND_STUDENTS, query: moduleReadQuerySchema, response: moduleSchema },
  updateModule: { method: 'PUT', path: '/api/modules/{id}', roles: TEACHERS, body: updateModuleSchema, response: moduleSchema },
  deleteModule: { method: 'DELETE', path: '/api/modules/{id}', roles: TEACHERS, response: noContent },
} as const satisfies Record<string, RouteContract>;
