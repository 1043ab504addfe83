// Classes as teachers and students see them: the class lists and detail, assigning modules, nudging a student.
import * as z from '../zod';
import { EVERYONE, STUDENTS, TEACHERS } from './route';
import { idSchema, isoDate, type RouteContract } from './blocks';

// ---- What the routes take ----

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

export type AssignModuleInput = z.infer<typeof assignModuleSchema>;
export type NudgeStudentInput = z.infer<typeof nudgeStudentSchema>;

// ---- What they answer ----

const userRefSchema = /* @__PURE__ */ z.lazy(() => z.strictObject({ _id: z.string(), username: z.string() }));

/**
 * A student on a class's detail view. Beyond the spec's fields: their e-mail, shown beside the name (two students may
 * share one), only to the class's teacher and admins, and absent on enrolments written before it was kept.
 */
const studentRefSchema = /* @__PURE__ */ z.lazy(() => z.strictObject({ _id: z.string(), username: z.string(), email: z.optional(z.string()) }));

const moduleRefSchema = /* @__PURE__ */ z.lazy(() =>
  z.strictObject({
    _id: z.string(),
    title: z.string(),
    description: z.string(),
    /** When the class should have finished it (UTC ISO instant); absent when it has no due date. */
    dueAt: z.optional(isoDate),
    /** The module of the class a student completes (or passes the checks of) before this one opens; absent: none. */
    prerequisiteModuleId: z.optional(z.string()),
  }),
);

/** A class in lists: ids only. Field names follow the product specification (section 3) exactly. */
export const classSummarySchema = /* @__PURE__ */ z.lazy(() =>
  z.strictObject({
    _id: z.string(),
    className: z.string(),
    teacherId: userRefSchema,
    studentIds: z.array(z.string()),
    assignedModuleIds: z.array(z.string()),
  }),
);

/** A class on its detail view: students and modules populated. */
export const classDetailSchema = /* @__PURE__ */ z.lazy(() =>
  z.strictObject({
    _id: z.string(),
    className: z.string(),
    teacherId: userRefSchema,
    studentIds: z.array(studentRefSchema),
    assignedModuleIds: z.array(moduleRefSchema),
  }),
);

/** A teacher's reminder to one student of a module's due date (one per student, module and UTC day). */
export const nudgeSchema = /* @__PURE__ */ z.lazy(() =>
  z.strictObject({
    classId: z.string(),
    moduleId: z.string(),
    studentId: z.string(),
    dueAt: isoDate,
    /** When it was sent: the first nudge of the day (a repeat that day answers it). */
    sentAt: isoDate,
  }),
);

export type UserRef = z.infer<typeof userRefSchema>;
export type StudentRef = z.infer<typeof studentRefSchema>;
export type ModuleRef = z.infer<typeof moduleRefSchema>;
export type ClassSummary = z.infer<typeof classSummarySchema>;
export type ClassDetail = z.infer<typeof classDetailSchema>;
export type Nudge = z.infer<typeof nudgeSchema>;

const classList = /* @__PURE__ */ z.array(classSummarySchema);

export const classesRoutes = {
  listClasses: { method: 'GET', path: '/api/classes', roles: TEACHERS, response: classList },
  // Admins read any class and its report (read-only).
  getClass: { method: 'GET', path: '/api/classes/{classId}', roles: EVERYONE, response: classDetailSchema },
  listTeacherClasses: { method: 'GET', path: '/api/classes/teacher/{teacherId}', roles: TEACHERS, response: classList },
  listStudentClasses: { method: 'GET', path: '/api/classes/student/{userId}', roles: STUDENTS, response: classList },
  unassignModule: { method: 'DELETE', path: '/api/classes/{classId}/modules/{moduleId}', roles: TEACHERS, response: classDetailSchema },
  assignModule: { method: 'PUT', path: '/api/classes/{classId}/assign-module', roles: TEACHERS, body: assignModuleSchema, response: classDetailSchema },
  // The class's teacher reminds a student of a module's due date (the student's bell); once per student, module and
  // day: 201 for a new reminder, 200 with the day's first for a repeat the same day.
  nudgeStudent: { method: 'POST', path: '/api/classes/{classId}/modules/{moduleId}/nudges', roles: TEACHERS, body: nudgeStudentSchema, response: nudgeSchema },
} as const satisfies Record<string, RouteContract>;
