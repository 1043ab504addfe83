// A student's own progress: completions per module, a class's modules in syllabus order with their path, and what
// the reader reports of their reading (where they were, coarse counts: no times, no page history).
import * as z from '../zod';
import { READING_LIMITS } from '../reading';
import { BRANCHES } from '../paths';
import { STUDENTS, TEACHERS_AND_STUDENTS } from './route';
import { idSchema, isoDate, wholeCount, wholePercent, type RouteContract } from './blocks';
import { moduleScoresSchema } from './checks';

// ---- What the routes take ----

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

const whole = (label: string, min: number, max: number) =>
  z.number({ error: `${label} must be a whole number from ${min} to ${max}.` }).check(
    z.int({ error: `${label} must be a whole number from ${min} to ${max}.` }),
    z.minimum(min, { error: `${label} must be a whole number from ${min} to ${max}.` }),
    z.maximum(max, { error: `${label} must be a whole number from ${min} to ${max}.` }),
  );

/** What the reader reports: the file was opened, the page or slide now shown, minutes read; at least one of them. */
export const recordReadingSchema = /* @__PURE__ */ z.lazy(() =>
  z.strictObject({
    classId: idSchema('classId'),
    opened: z.optional(z.literal(true, { error: 'opened must be true (leave it out otherwise).' })),
    page: z.optional(whole('page', 1, READING_LIMITS.pageMax)),
    minutes: z.optional(whole('minutes', 0, READING_LIMITS.minutesPerReportMax)),
  }).check(
    z.refine((input) => input.opened !== undefined || input.page !== undefined || input.minutes !== undefined, {
      error: 'Send at least one of opened, page or minutes.',
    }),
  ),
);
export type MarkCompleteInput = z.infer<typeof markCompleteSchema>;
export type RecordReadingInput = z.infer<typeof recordReadingSchema>;

// ---- What they answer ----

export const progressSchema = /* @__PURE__ */ z.lazy(() =>
  z.strictObject({
    studentId: z.string(),
    moduleId: z.string(),
    classId: z.string(),
    completedSections: z.array(z.string()),
    /** Absent while nothing has been recorded. */
    updatedAt: z.optional(isoDate),
  }),
);

/**
 * Completion of the student's own required sections (their path: core, and review or extension released to them);
 * `branch`: the branch the student's path takes (absent when the module has no review or extension sections).
 */
export const moduleProgressShape = () => ({
  moduleId: z.string(),
  moduleTitle: z.string(),
  percentage: wholePercent,
  completed: wholeCount,
  total: wholeCount,
  branch: z.optional(z.enum(BRANCHES)),
});

/** One module of a student's class: completion and the first section still to do (null when none is left). */
const studentModuleProgressSchema = /* @__PURE__ */ z.lazy(() =>
  z.strictObject({
    ...moduleProgressShape(),
    completedSections: z.array(z.string()),
    nextSectionId: z.nullable(z.string()),
    /** The module's due date in this class (UTC ISO instant); absent when it has none. */
    dueAt: z.optional(isoDate),
    /** Why the module is shut to the student ("Complete “X” to open this."); absent when it is open. */
    lockedReason: z.optional(z.string()),
    /** The student's own scores on the module's checks (absent when it has none). */
    scores: z.optional(moduleScoresSchema),
  }),
);

/** A student's progress in every module of a class, in syllabus order. */
export const studentClassProgressSchema = /* @__PURE__ */ z.lazy(() =>
  z.strictObject({ classId: z.string(), studentId: z.string(), modules: z.array(studentModuleProgressSchema) }),
);

/** One student's reading of one section: opens, whole minutes, and the page or slide they were last on (absent: none yet). */
export const sectionReadingShape = () => ({
  sectionId: z.string(),
  opened: wholeCount,
  minutes: wholeCount,
  page: z.optional(z.number().check(z.int(), z.positive())),
});
export const sectionReadingSchema = /* @__PURE__ */ z.lazy(() => z.strictObject(sectionReadingShape()));

export type Progress = z.infer<typeof progressSchema>;
export type ModuleProgress = z.infer<z.ZodMiniObject<ReturnType<typeof moduleProgressShape>>>;
export type StudentModuleProgress = z.infer<typeof studentModuleProgressSchema>;
export type StudentClassProgress = z.infer<typeof studentClassProgressSchema>;
export type SectionReading = z.infer<typeof sectionReadingSchema>;

export const progressRoutes = {
  getProgress: { method: 'GET', path: '/api/progress/{studentId}/{moduleId}/{classId}', roles: TEACHERS_AND_STUDENTS, response: progressSchema },
  markComplete: { method: 'POST', path: '/api/progress/mark-complete', roles: STUDENTS, body: markCompleteSchema, response: progressSchema },
  getStudentClassProgress: {
    method: 'GET',
    path: '/api/progress/class/{classId}/student/{studentId}',
    roles: TEACHERS_AND_STUDENTS,
    response: studentClassProgressSchema,
  },
  // The reader remembers a student's page per section and counts their opens and minutes (coarse); the student
  // drill-down shows the counts to the class's teacher (admins read it too).
  recordReading: { method: 'PUT', path: '/api/modules/{id}/sections/{sectionId}/reading', roles: STUDENTS, body: recordReadingSchema, response: sectionReadingSchema },
} as const satisfies Record<string, RouteContract>;
