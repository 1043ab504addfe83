// Classes as administrators manage them (rosters): create, rename, delete, a class's teacher, enrolment, and a
// class's roster in pages.
import * as z from '../zod';
import { CLASS_LIMITS } from '../class-admin';
import { readableText } from '../readable-text';
import { ADMINS, TEACHERS_AND_ADMINS } from './route';
import { idSchema, isoDate, noContent, pageQuerySchema, storageKey, wholeCount, type RouteContract } from './blocks';
import { dataExportSchema } from './data-export';

// ---- What the routes take ----

const className = /* @__PURE__ */ z.lazy(() => readableText('Class name', CLASS_LIMITS.classNameMaxLength));

export const createClassSchema = /* @__PURE__ */ z.lazy(() =>
  z.strictObject({
    /** Chosen by the client once per form draft: a repeat of the same create answers the class made first. */
    classId: z.optional(z.uuid({ error: 'classId must be a UUID the client generated for this form.' })),
    className,
    /** A teacher now, or later: a class may exist without one. */
    teacherId: z.optional(idSchema('teacherId')),
  }),
);

export const renameClassSchema = /* @__PURE__ */ z.lazy(() => z.strictObject({ className }));

export const setClassTeacherSchema = /* @__PURE__ */ z.lazy(() =>
  z.strictObject({
    /** null takes the teacher off the class. */
    teacherId: z.nullable(idSchema('teacherId')),
  }),
);

export const enrolStudentsSchema = /* @__PURE__ */ z.lazy(() =>
  z.strictObject({
    studentIds: z.array(idSchema('studentId'), { error: 'studentIds must be a list of student ids.' }).check(
      z.minLength(1, { error: 'studentIds must list at least one student.' }),
      z.maxLength(CLASS_LIMITS.enrolBatchMax, { error: `Enrol at most ${CLASS_LIMITS.enrolBatchMax} students per request; send a longer list in parts.` }),
    ),
  }),
);

/** A OneRoster package the admin uploaded (content type application/zip), previewed or applied. */
export const importOneRosterSchema = /* @__PURE__ */ z.lazy(() =>
  z.strictObject({
    contentUrl: storageKey,
    mode: z.enum(['preview', 'apply'], { error: 'mode must be "preview" (nothing changes) or "apply".' }),
    /** The information system's administrators become Admins only when the admin ticks it. */
    importAdministrators: z.optional(z.boolean({ error: 'importAdministrators must be true or false.' })),
  }),
);

export type CreateClassInput = z.infer<typeof createClassSchema>;
export type ImportOneRosterInput = z.infer<typeof importOneRosterSchema>;
export type RenameClassInput = z.infer<typeof renameClassSchema>;
export type SetClassTeacherInput = z.infer<typeof setClassTeacherSchema>;
export type EnrolStudentsInput = z.infer<typeof enrolStudentsSchema>;

// ---- What they answer ----

/** `teacher` is absent while the class has no teacher. */
export const adminClassSummarySchema = /* @__PURE__ */ z.lazy(() =>
  z.strictObject({
    classId: z.string(),
    className: z.string(),
    teacher: z.optional(z.strictObject({ userId: z.string(), name: z.string() })),
    studentCount: wholeCount,
    moduleCount: wholeCount,
    /** Archived (school-year): read-only, off the dashboards; once retention has removed its students' data, for good. */
    archivedAt: z.optional(isoDate),
    studentDataRemovedAt: z.optional(isoDate),
  }),
);

/** The roster is read in pages (`GET /api/classes/{classId}/students`), so a class of any size answers the same. */
export const adminClassDetailSchema = adminClassSummarySchema;

/** One page of a class's roster; `studentCount` is the whole class's; `email` is absent for an enrolment written before it was kept, until `npm run migrate` fills it. */
export const rosterPageSchema = /* @__PURE__ */ z.lazy(() =>
  z.strictObject({
    students: z.array(z.strictObject({ userId: z.string(), name: z.string(), email: z.optional(z.string()), enrolledAt: z.optional(isoDate) })),
    studentCount: wholeCount,
    next: z.optional(z.string()),
  }),
);

const enrolmentOutcomeSchema = /* @__PURE__ */ z.lazy(() =>
  z.strictObject({
    studentId: z.string(),
    outcome: z.enum(['enrolled', 'alreadyEnrolled', 'notFound', 'notStudent']),
    message: z.string(),
    student: z.optional(z.strictObject({ userId: z.string(), email: z.string(), name: z.string() })),
  }),
);

const changeCountSchema = /* @__PURE__ */ z.lazy(() => z.strictObject({ create: wholeCount, update: wholeCount, delete: wholeCount, unchanged: wholeCount }));
const rosterErrorSchema = /* @__PURE__ */ z.lazy(() => z.strictObject({ file: z.string(), line: wholeCount, message: z.string() }));
const oneRosterCountsSchema = /* @__PURE__ */ z.lazy(() => z.strictObject({ users: changeCountSchema, classes: changeCountSchema, enrollments: changeCountSchema }));

/** What a preview would change (or an apply changed), and the rows skipped, by file and line. */
export const oneRosterAnswerSchema = /* @__PURE__ */ z.lazy(() => z.strictObject({ counts: oneRosterCountsSchema, errors: z.array(rosterErrorSchema) }));

/** One run in the history; `errors` holds the first of `errorCount`. */
export const oneRosterRunSchema = /* @__PURE__ */ z.lazy(() =>
  z.strictObject({
    runId: z.string(),
    at: isoDate,
    by: z.string(),
    source: z.enum(['upload', 'bucket']),
    mode: z.enum(['preview', 'apply']),
    counts: oneRosterCountsSchema,
    errors: z.array(rosterErrorSchema),
    errorCount: wholeCount,
  }),
);

export type OneRosterAnswer = z.infer<typeof oneRosterAnswerSchema>;
export type OneRosterRunSummary = z.infer<typeof oneRosterRunSchema>;
export type AdminClassSummary = z.infer<typeof adminClassSummarySchema>;
export type AdminClassDetail = AdminClassSummary;
export type RosterPageAnswer = z.infer<typeof rosterPageSchema>;
export type EnrolmentOutcome = z.infer<typeof enrolmentOutcomeSchema>;

export const rostersRoutes = {
  listAdminClasses: { method: 'GET', path: '/api/admin/classes', roles: ADMINS, response: /* @__PURE__ */ z.array(adminClassSummarySchema) },
  createClass: { method: 'POST', path: '/api/admin/classes', roles: ADMINS, body: createClassSchema, response: adminClassDetailSchema },
  getAdminClass: { method: 'GET', path: '/api/admin/classes/{classId}', roles: ADMINS, response: adminClassDetailSchema },
  renameClass: { method: 'PUT', path: '/api/admin/classes/{classId}', roles: ADMINS, body: renameClassSchema, response: adminClassDetailSchema },
  deleteClass: { method: 'DELETE', path: '/api/admin/classes/{classId}', roles: ADMINS, response: noContent },
  setClassTeacher: { method: 'PUT', path: '/api/admin/classes/{classId}/teacher', roles: ADMINS, body: setClassTeacherSchema, response: adminClassDetailSchema },
  enrolStudents: {
    method: 'POST',
    path: '/api/admin/classes/{classId}/students',
    roles: ADMINS,
    body: enrolStudentsSchema,
    response: /* @__PURE__ */ z.strictObject({ results: z.array(enrolmentOutcomeSchema) }),
  },
  unenrolStudent: { method: 'DELETE', path: '/api/admin/classes/{classId}/students/{studentId}', roles: ADMINS, response: adminClassDetailSchema },
  // The roster in pages (?limit=&cursor=); the class's teacher reads it too.
  listClassStudents: { method: 'GET', path: '/api/classes/{classId}/students', roles: TEACHERS_AND_ADMINS, query: pageQuerySchema, response: rosterPageSchema },
  importOneRoster: { method: 'POST', path: '/api/admin/rosters/oneroster', roles: ADMINS, body: importOneRosterSchema, response: oneRosterAnswerSchema },
  listOneRosterRuns: {
    method: 'GET',
    path: '/api/admin/rosters/oneroster/runs',
    roles: ADMINS,
    response: /* @__PURE__ */ z.strictObject({ runs: z.array(oneRosterRunSchema) }),
  },
  // Scores out: the class's best scores as a OneRoster 1.2 gradebook zip, written to storage and answered as a
  // short-lived link (as a person's data export), for whoever reads the class report.
  exportOneRosterScores: { method: 'POST', path: '/api/progress/class/{classId}/oneroster-scores', roles: TEACHERS_AND_ADMINS, response: dataExportSchema },
} as const satisfies Record<string, RouteContract>;
