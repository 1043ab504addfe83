// Teachers' reports on a class: the report (whole or in pages), completion per module, a module's drill-down, and a
// student's reading.
import * as z from '../zod';
import { BRANCHES } from '../paths';
import { TEACHERS_AND_ADMINS } from './route';
import { isoDate, pageQuerySchema, wholeCount, wholePercent, type RouteContract } from './blocks';
import { checkStandingSchema, moduleScoreSummarySchema } from './checks';
import { moduleProgressShape, sectionReadingShape } from './progress';

/** A class report cell: the module's completion and when each of its completed sections was done. */
const reportCellSchema = /* @__PURE__ */ z.lazy(() =>
  z.strictObject({
    ...moduleProgressShape(),
    /**
     * Section id → when it was first completed, for the completed sections still in the module; null for a section
     * completed before completion times were recorded.
     */
    completedAt: z.record(z.string(), z.nullable(isoDate)),
    /** The module's checks (absent when it has none): n of m passed and the mean best percent (each check: the module drill-down). */
    scores: z.optional(moduleScoreSummarySchema),
    /** The class's prerequisite the student is not done with, which keeps this module shut to them (absent when open). */
    waitsFor: z.optional(z.strictObject({ moduleId: z.string(), moduleTitle: z.string() })),
    /** Present (true) when the student attempted a check of the module without passing it and the module is not done. */
    struggling: z.optional(z.literal(true)),
  }),
);

const classReportRowSchema = /* @__PURE__ */ z.lazy(() =>
  z.strictObject({
    studentId: z.string(),
    studentName: z.string(),
    /** Shown beside the name; absent on enrolments written before it was kept (until `npm run migrate`). */
    studentEmail: z.optional(z.string()),
    /** Present (true) when the student's account is disabled: they cannot sign in, and the report marks them. */
    disabled: z.optional(z.literal(true)),
    /** The student's latest completion or check attempt in this class's modules; null before their first. */
    lastActivityAt: z.nullable(isoDate),
    modules: z.array(reportCellSchema),
  }),
);

export const classReportSchema = /* @__PURE__ */ z.array(classReportRowSchema);

/** One page of a class report (`?limit=&cursor=`): rows in student-id order, and the cursor of the next page. */
export const classReportPageSchema = /* @__PURE__ */ z.lazy(() =>
  z.strictObject({ rows: classReportSchema, studentCount: wholeCount, next: z.optional(z.string()) }),
);

/**
 * One student's figures in one module in the report's download: [percentage, completed, total] of their path's required
 * sections, then, when the module has checks, [checks, passed, meanBestPercent] (as a report cell's scores). Tuples keep
 * the answer of a class of 5,000 students × 20 modules near 2 MB.
 */
const downloadCellSchema = /* @__PURE__ */ z.lazy(() =>
  z.union([
    z.tuple([wholePercent, wholeCount, wholeCount]),
    z.tuple([wholePercent, wholeCount, wholeCount, wholeCount, wholeCount, z.nullable(wholePercent)]),
  ]),
);

/**
 * The whole class report for its download, kept as students work (the class's report rows): the modules in report
 * order, then one row per student (by name) with a cell per module in that order. While more students' figures must
 * be computed than one answer computes, it answers how many are left (`ready: false`); asking again goes on from there.
 */
export const classDownloadSchema = /* @__PURE__ */ z.lazy(() =>
  z.union([
    z.strictObject({
      ready: z.literal(true),
      modules: z.array(z.strictObject({ moduleId: z.string(), moduleTitle: z.string() })),
      rows: z.array(
        z.strictObject({
          studentId: z.string(),
          studentName: z.string(),
          studentEmail: z.optional(z.string()),
          lastActivityAt: z.nullable(isoDate),
          cells: z.array(downloadCellSchema),
        }),
      ),
    }),
    z.strictObject({ ready: z.literal(false), studentCount: wholeCount, pendingStudents: wholeCount }),
  ]),
);

/** The dashboard's Avg. Score, added up across classes: the sum and count (student, check pairs with an attempt) of each student's best percent per check. */
const scoreTotalsSchema = /* @__PURE__ */ z.lazy(() => z.strictObject({ bestPercentSum: z.number().check(z.minimum(0)), scoredCount: wholeCount }));

/** A class's completion per module from its counters (the dashboards' read: one small item per module). */
export const classCompletionSchema = /* @__PURE__ */ z.lazy(() =>
  z.strictObject({
    classId: z.string(),
    studentCount: wholeCount,
    /** Completed required sections over every student's required sections (the core ones), as a percentage (0 with none). */
    averagePercentage: wholePercent,
    /** `sections`: the module's core sections, required of every student; `completions` counts only those. */
    modules: z.array(z.strictObject({ moduleId: z.string(), moduleTitle: z.string(), sections: wholeCount, completions: wholeCount, percentage: wholePercent })),
    /** The students who completed a section in the last 7 UTC days (today included), whether still enrolled or not. */
    activeStudentIds: z.array(z.string()),
    /** Best percents of the class's students on the assigned modules' checks (absent before the first attempt). */
    scores: z.optional(scoreTotalsSchema),
  }),
);

/**
 * The module drill-down: each student of the class × the module's sections (in order), with completion times.
 * `checks`: the sections with a check, in order (absent when none has one). In rows, `studentEmail` as in the class
 * report; `scores`: section id → the student's standing on its check (absent when the module has no check); `branch`:
 * which branch each student's path takes (absent when the module has no review or extension sections); `closed`:
 * section id → how a section not complete stands on the student's path when it is not simply open (absent when none
 * is), so the drill-down tells locked, skipped and excused apart from not done.
 */
export const moduleReportSchema = /* @__PURE__ */ z.lazy(() =>
  z.strictObject({
    moduleId: z.string(),
    moduleTitle: z.string(),
    sections: z.array(z.strictObject({ _id: z.string(), title: z.string() })),
    checks: z.optional(z.array(z.strictObject({ sectionId: z.string(), passMark: wholePercent }))),
    rows: z.array(
      z.strictObject({
        studentId: z.string(),
        studentName: z.string(),
        studentEmail: z.optional(z.string()),
        completedAt: z.record(z.string(), z.nullable(isoDate)),
        closed: z.optional(z.record(z.string(), z.enum(['locked', 'skipped', 'excused']))),
        scores: z.optional(z.record(z.string(), checkStandingSchema)),
        branch: z.optional(z.enum(BRANCHES)),
      }),
    ),
  }),
);

/** A student's reading in every module of a class (the teacher's drill-down), sections in module order. */
export const studentReadingSchema = /* @__PURE__ */ z.lazy(() =>
  z.strictObject({
    classId: z.string(),
    studentId: z.string(),
    modules: z.array(
      z.strictObject({ moduleId: z.string(), moduleTitle: z.string(), sections: z.array(z.strictObject({ ...sectionReadingShape(), sectionTitle: z.string() })) }),
    ),
  }),
);

export type ReportCell = z.infer<typeof reportCellSchema>;
export type ClassReportRow = z.infer<typeof classReportRowSchema>;
export type ClassReportPage = z.infer<typeof classReportPageSchema>;
export type ScoreTotals = z.infer<typeof scoreTotalsSchema>;
export type ClassCompletion = z.infer<typeof classCompletionSchema>;
export type ModuleReport = z.infer<typeof moduleReportSchema>;
export type ClassDownload = z.infer<typeof classDownloadSchema>;
export type ReadyDownload = Extract<ClassDownload, { ready: true }>;
export type DownloadCell = z.infer<typeof downloadCellSchema>;
export type StudentReading = z.infer<typeof studentReadingSchema>;

export const reportsRoutes = {
  // The spec's whole array of rows without paging parameters; one page with ?limit=&cursor=.
  getClassReport: {
    method: 'GET',
    path: '/api/progress/class/{classId}',
    roles: TEACHERS_AND_ADMINS,
    query: pageQuerySchema,
    response: /* @__PURE__ */ z.union([classReportSchema, classReportPageSchema]),
  },
  // The whole report in one answer for its CSV, from the rows kept as students work (any class size).
  getClassDownload: { method: 'GET', path: '/api/progress/class/{classId}/download', roles: TEACHERS_AND_ADMINS, response: classDownloadSchema },
  // Dashboards: completion per module from the class's counters, and the students active in the last 7 days.
  getClassCompletion: { method: 'GET', path: '/api/progress/class/{classId}/completion', roles: TEACHERS_AND_ADMINS, response: classCompletionSchema },
  getModuleReport: { method: 'GET', path: '/api/progress/class/{classId}/module/{moduleId}', roles: TEACHERS_AND_ADMINS, response: moduleReportSchema },
  getStudentReading: { method: 'GET', path: '/api/progress/class/{classId}/student/{studentId}/reading', roles: TEACHERS_AND_ADMINS, response: studentReadingSchema },
} as const satisfies Record<string, RouteContract>;
