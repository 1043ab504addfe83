// Request schemas: the one place input rules live. The functions validate with them; the web reuses them.
import * as z from './zod';
import { TEXT_LIMITS, UPLOAD_LIMITS } from './constants';
import { ALLOWED_FILE_TYPES_MESSAGE, sectionFileMediaType } from './content-type';
import { CONTENT_TYPES } from './entities';
import { readableText } from './readable-text';
import { EXTRA_ATTEMPTS_MAX, makeBandsSchema, OVERRIDE_KINDS, OVERRIDE_REASON_MAX_LENGTH, sectionRoleSchema, type PathOverrideInput, type PathPreviewInput } from './paths';
import type { CreateClassInput, EnrolStudentsInput, RenameClassInput, SetClassTeacherInput } from './class-admin';
import type { ChangeRoleInput, InvitePeopleInput, InvitePersonInput, LookupPeopleInput, RenamePersonInput, SetPeopleAccessInput } from './people';
import type { RouteName } from './routes';
import type { AttemptInput, CheckInput } from './checks';
import type { DraftRequest, SettledDrafts } from './drafts';
import type { RecordReadingInput } from './reading';

/** Missing and wrong-typed values get different sentences. */
const typeError = (label: string, expected: string) => (issue: { input?: unknown }) =>
  issue.input === undefined ? `${label} is required.` : `${label} must be ${expected}.`;

/** Text that can be encoded: a lone UTF-16 surrogate would be stored and then break every later read. */
const wellFormed = (label: string) =>
  [
    (value: string) => !/\p{Cs}/u.test(value),
    { error: `${label} contains a character that is not valid text.` },
  ] as const;


export const idSchema = (label: string) =>
  z.string({ error: typeError(label, 'text') }).check(
    z.minLength(1, { error: `${label} is required.` }),
    z.maxLength(TEXT_LIMITS.idMaxLength, { error: `${label} is too long.` }),
    z.regex(/^[A-Za-z0-9_-]+$/, { error: `${label} may only contain letters, digits, '-' and '_'.` }),
  );

const storageKey = /* @__PURE__ */ z.lazy(() =>
  z.string({ error: typeError('contentUrl', 'text') }).check(
    z.minLength(1, { error: 'contentUrl is required: upload the file first.' }),
    z.maxLength(TEXT_LIMITS.storageKeyMaxLength, { error: 'contentUrl is too long.' }),
    z.refine(...wellFormed('contentUrl')),
  ),
);

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

/** A due date: an instant, so ISO 8601 with its offset or Z (a time without a zone would mean a different moment to each reader). */
export const DUE_AT_MESSAGE = 'dueAt must be a date and time in ISO 8601 with its time zone offset, e.g. 2026-12-05T17:00:00+01:00.';

export const assignModuleSchema = /* @__PURE__ */ z.lazy(() =>
  z.strictObject({
    moduleId: idSchema('moduleId'),
    /** When the class should have finished the module; absent: no due date (a re-assign without it removes one). */
    dueAt: z.optional(z.iso.datetime({ offset: true, error: DUE_AT_MESSAGE })),
  }),
);

export const nudgeStudentSchema = /* @__PURE__ */ z.lazy(() =>
  z.strictObject({
    studentId: idSchema('studentId'),
  }),
);

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

export const markCompleteSchema = /* @__PURE__ */ z.lazy(() =>
  z.strictObject({
    studentId: idSchema('studentId'),
    moduleId: idSchema('moduleId'),
    classId: idSchema('classId'),
    sectionId: idSchema('sectionId'),
    // false undoes a completion marked by mistake (not one a passed check made).
    completed: z.optional(z.boolean({ error: 'completed must be true or false.' })),
  }),
);

export const createUploadSchema = /* @__PURE__ */ z.lazy(() =>
  z.pipe(
    z.strictObject({
      fileName: readableText('fileName', TEXT_LIMITS.fileNameMaxLength),
      // The browser's file.type; empty when it does not know the type.
      contentType: z.pipe(
        z.transform((value: unknown) => (value === undefined || value === '' ? 'application/octet-stream' : value)),
        z.string({ error: 'contentType must be text.' }).check(
          z.maxLength(255, { error: 'contentType is too long.' }),
          z.regex(/^[\w.+-]+\/[\w.+-]+$/, { error: 'contentType must be a media type such as application/pdf.' }),
        ),
      ),
      size: z.number({ error: 'size must be the file size in bytes.' }).check(
        z.int({ error: 'size must be a whole number of bytes.' }),
        z.minimum(1, { error: 'The file is empty.' }),
        z.maximum(UPLOAD_LIMITS.maxFileBytes, { error: 'The file is larger than the 5 GB limit; split it or compress it.' }),
      ),
    }),
    // Sections hold PDF, PowerPoint and Word files only: checked by extension and declared media type, which is
    // also what the file is stored (and later served) as.
    z.transform((input, context) => {
      const mediaType = sectionFileMediaType(input.fileName, input.contentType);
      if (mediaType) return { ...input, contentType: mediaType };
      context.issues.push({ code: 'custom', path: ['fileName'], message: ALLOWED_FILE_TYPES_MESSAGE, input: input.fileName });
      return z.NEVER;
    }),
  ),
);

const uploadId = /* @__PURE__ */ z.lazy(() =>
  z.string({ error: typeError('uploadId', 'text') }).check(
    z.minLength(1, { error: 'uploadId is required.' }),
    z.maxLength(1024, { error: 'uploadId is too long.' }),
    z.refine(...wellFormed('uploadId')),
  ),
);

const partRange = `partNumber must be a whole number from 1 to ${UPLOAD_LIMITS.maxParts}.`;

const partNumber = /* @__PURE__ */ z.lazy(() =>
  z
    .number({ error: typeError('partNumber', 'a number') })
    .check(z.int({ error: partRange }), z.minimum(1, { error: partRange }), z.maximum(UPLOAD_LIMITS.maxParts, { error: partRange })),
);

/**
 * Ends an upload: a multipart one with its id and parts, a single one with its key alone. Either way the server then
 * checks the stored file's first bytes against its type.
 */
export const completeUploadSchema = /* @__PURE__ */ z.lazy(() =>
  z
    .strictObject({
      contentUrl: storageKey,
      uploadId: z.optional(uploadId),
      parts: z.optional(
        z
          .array(
            z.strictObject({
              partNumber,
              etag: z.string({ error: typeError('etag', 'text') }).check(
                z.minLength(1, { error: 'etag is required: send the ETag each part upload answered with.' }),
                z.maxLength(200, { error: 'etag is too long.' }),
                z.refine(...wellFormed('etag')),
              ),
            }),
            { error: 'parts must be a list of { partNumber, etag }.' },
          )
          .check(
            z.minLength(1, { error: 'parts must list every uploaded part.' }),
            z.maxLength(UPLOAD_LIMITS.maxParts, { error: `An upload has at most ${UPLOAD_LIMITS.maxParts} parts.` }),
          ),
      ),
    })
    .check(
      z.refine((input) => (input.uploadId === undefined) === (input.parts === undefined), {
        error: 'Send uploadId and parts together to finish a multipart upload, or neither for a single upload.',
        path: ['uploadId'],
      }),
    ),
);

export const abortUploadSchema = /* @__PURE__ */ z.lazy(() =>
  z.strictObject({
    contentUrl: storageKey,
    uploadId,
  }),
);

/** Fresh URLs for the parts still to upload, when the first ones expired (a long pause, a slow connection). */
export const renewUploadPartsSchema = /* @__PURE__ */ z.lazy(() =>
  z.strictObject({
    contentUrl: storageKey,
    uploadId,
    partNumbers: z
      .array(partNumber, { error: 'partNumbers must be a list of part numbers.' })
      .check(
        z.minLength(1, { error: 'partNumbers must list at least one part to upload.' }),
        z.maxLength(UPLOAD_LIMITS.maxParts, { error: `An upload has at most ${UPLOAD_LIMITS.maxParts} parts.` }),
        z.refine((numbers) => new Set(numbers).size === numbers.length, { error: 'partNumbers must list each part only once.' }),
      ),
  }),
);

export type SectionInput = z.infer<typeof sectionInputSchema>;
export type CreateModuleInput = z.infer<typeof createModuleSchema>;
export type UpdateModuleInput = z.infer<typeof updateModuleSchema>;
export type AssignModuleInput = z.infer<typeof assignModuleSchema>;
export type MarkCompleteInput = z.infer<typeof markCompleteSchema>;
export type NudgeStudentInput = z.infer<typeof nudgeStudentSchema>;
export type AddPathOverrideInput = PathOverrideInput;
export type PathOverrideTarget = z.infer<typeof pathOverrideTargetSchema>;
export type PathChangesInput = z.infer<typeof pathChangesSchema>;
export type ModulePrerequisiteInput = z.infer<typeof modulePrerequisiteSchema>;
export type CreateUploadInput = z.infer<typeof createUploadSchema>;
export type CompleteUploadInput = z.infer<typeof completeUploadSchema>;
export type AbortUploadInput = z.infer<typeof abortUploadSchema>;
export type RenewUploadPartsInput = z.infer<typeof renewUploadPartsSchema>;

const issueMessage = (issue: z.core.$ZodIssue) =>
  issue.code === 'unrecognized_keys' ? `Unknown field(s) ${issue.keys.join(', ')} are not accepted.` : issue.message;

/** The body each route takes; routes not listed take none. */
interface RequestBodies {
  createModule: CreateModuleInput;
  updateModule: UpdateModuleInput;
  assignModule: AssignModuleInput;
  markComplete: MarkCompleteInput;
  nudgeStudent: NudgeStudentInput;
  addPathOverride: AddPathOverrideInput;
  previewPathChanges: PathChangesInput;
  previewPath: PathPreviewInput;
  setModulePrerequisite: ModulePrerequisiteInput;
  createUpload: CreateUploadInput;
  completeUpload: CompleteUploadInput;
  abortUpload: AbortUploadInput;
  renewUploadParts: RenewUploadPartsInput;
  renameSelf: RenamePersonInput;
  invitePerson: InvitePersonInput;
  invitePeople: InvitePeopleInput;
  lookupPeople: LookupPeopleInput;
  renamePerson: RenamePersonInput;
  changeRole: ChangeRoleInput;
  setPeopleAccess: SetPeopleAccessInput;
  createClass: CreateClassInput;
  renameClass: RenameClassInput;
  setClassTeacher: SetClassTeacherInput;
  enrolStudents: EnrolStudentsInput;
  putCheck: CheckInput;
  submitAttempt: AttemptInput;
  draftQuestions: DraftRequest;
  settleDrafts: SettledDrafts;
  recordReading: RecordReadingInput;
}
export type RequestOf<N extends RouteName> = N extends keyof RequestBodies ? RequestBodies[N] : undefined;

/** One sentence a person can act on, from a failed validation. */
export function describeIssues(error: z.core.$ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => {
      if (issue.path.length === 0 && issue.code === 'invalid_type') {
        return 'The request body must be a JSON object with the fields this request needs.';
      }
      const where = issue.path.length ? `${issue.path.join('.')}: ` : '';
      return where + issueMessage(issue);
    })
    .join(' ');
}

/**
 * The first message for each field a failed validation names, keyed by its dotted path (`title`,
 * `sections.0.title`), so a form can show each next to its input.
 */
export function fieldIssues(error: z.core.$ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    if (issue.path.length === 0) continue;
    fields[issue.path.join('.')] ??= issueMessage(issue);
  }
  return fields;
}
