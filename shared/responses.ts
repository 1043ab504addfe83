// Response schemas: what each route answers, one schema per route name. The integration tests parse every answer
// with them, the handlers' results are typed by them, and the web client's calls take their types from them (types
// only: zod stays out of the web app's entry chunk). Objects are strict, so a field the contract does not name (an
// owner id, a storage key attribute) fails the parse.
import { ERROR_REASONS } from './second-factor';
import * as z from './zod';
import { draftsSchema, settledDraftsAnswerSchema } from './drafts';
import {
  CONTENT_TYPES,
  type ClassCompletion,
  type ClassDetail,
  type ClassReportPage,
  type ClassReportRow,
  type ClassSummary,
  type Module,
  type ModuleReport,
  type Notifications,
  type Nudge,
  type Progress,
  type RenewedUploadParts,
  type StudentClassProgress,
  type UploadTicket,
} from './entities';
import type { AdminClassDetail, AdminClassSummary, EnrolmentOutcome } from './class-admin';
import { AUDIT_ACTIONS, PERSON_STATUSES, type AccessOutcome, type AdminOverview, type AuditPage, type Invitation, type InvitationOutcome, type PeoplePage, type Person } from './people';
import { ROLES } from './roles';
import type { SectionReading, StudentReading } from './reading';
import { searchResultsSchema } from './search';
import { sectionTextSchema } from './section-text';
import type { RosterPageAnswer } from './paging';
import type { RouteName } from './routes';
import { BRANCHES, OVERRIDE_KINDS, PATH_PROBLEM_KINDS, SECTION_ROLES, SECTION_STATES, type PathChangePreview, type PathCheck, type PathPreview, type StudentOverrides } from './paths';
import {
  QUESTION_KINDS,
  type AttemptAnswer,
  type AttemptHistoryEntry,
  type AttemptResult,
  type CheckAnalysis,
  type CheckStanding,
  type CheckSummary,
  type ModuleScores,
  type ModuleScoreSummary,
  type ScoreTotals,
  type StudentAttempts,
  type StudentCheck,
  type StudentQuestion,
  type TeacherCheck,
} from './checks';

const sectionSchema = z.strictObject({
  _id: z.string(),
  title: z.string(),
  order: z.number().check(z.int(), z.positive()),
  contentType: z.enum(CONTENT_TYPES),
  contentUrl: z.string(),
  originalFileName: z.string(),
  size: z.optional(z.number().check(z.int(), z.minimum(0))),
  downloadUrl: z.optional(z.string()),
  role: z.enum(SECTION_ROLES),
  state: z.optional(z.enum(SECTION_STATES)),
  reason: z.optional(z.string()),
  lastPage: z.optional(z.number().check(z.int(), z.positive())),
});

const isoDate = z.iso.datetime();

// ---- Checks ----

const wholeCount = z.number().check(z.int(), z.minimum(0));
const wholePercent = z.number().check(z.int(), z.minimum(0), z.maximum(100));
const optionListSchema = z.array(z.strictObject({ id: z.string(), text: z.string() }));
const questionShape = { id: z.string(), prompt: z.string(), points: z.number().check(z.int(), z.positive()), explanation: z.optional(z.string()) };
const answerKeySchema = z.union([z.array(z.string()), z.boolean(), z.strictObject({ value: z.number(), tolerance: z.number() })]);

const bandSchema = z.strictObject({
  min: wholePercent,
  max: wholePercent,
  release: z.array(z.string()),
  skip: z.optional(z.array(z.string())),
});

export const teacherCheckSchema = z.strictObject({
  moduleId: z.string(),
  sectionId: z.string(),
  version: z.number().check(z.int(), z.positive()),
  attemptCount: wholeCount,
  updatedAt: isoDate,
  passMark: wholePercent,
  maxAttempts: z.nullable(z.number().check(z.int(), z.positive())),
  showCorrectness: z.boolean(),
  showAnswers: z.boolean(),
  bands: z.array(bandSchema),
  questions: z.array(
    z.union([
      z.strictObject({ ...questionShape, kind: z.enum(['single', 'multiple']), options: optionListSchema, answer: z.array(z.string()) }),
      z.strictObject({ ...questionShape, kind: z.literal('truefalse'), answer: z.boolean() }),
      z.strictObject({ ...questionShape, kind: z.literal('text'), answer: z.array(z.string()) }),
      z.strictObject({ ...questionShape, kind: z.literal('number'), answer: z.strictObject({ value: z.number(), tolerance: z.number().check(z.minimum(0)) }) }),
    ]),
  ),
}) satisfies z.ZodMiniType<TeacherCheck>;

/** Strict and without `answer`: a student's read that carried an answer key would fail this parse. */
const studentQuestionSchema = z.strictObject({
  ...questionShape,
  kind: z.enum(QUESTION_KINDS),
  options: z.optional(optionListSchema),
}) satisfies z.ZodMiniType<StudentQuestion>;

const attemptScoreShape = {
  attemptId: z.string(),
  version: z.number().check(z.int(), z.positive()),
  submittedAt: isoDate,
  score: z.number().check(z.minimum(0)),
  maxScore: z.number().check(z.positive()),
  percent: wholePercent,
  passed: z.boolean(),
};

const attemptResultShape = {
  ...attemptScoreShape,
  answers: z.record(z.string(), z.union([z.array(z.string()), z.boolean(), z.string(), z.number()])),
  results: z.array(
    z.strictObject({
      questionId: z.string(),
      correct: z.optional(z.boolean()),
      earned: z.optional(z.number().check(z.minimum(0))),
      points: z.number().check(z.positive()),
      answer: z.optional(answerKeySchema),
      explanation: z.optional(z.string()),
    }),
  ),
};

export const attemptResultSchema = z.strictObject(attemptResultShape) satisfies z.ZodMiniType<AttemptResult>;

export const attemptAnswerSchema = z.strictObject({
  ...attemptResultShape,
  attemptsUsed: z.number().check(z.int(), z.positive()),
  attemptsLeft: z.nullable(wholeCount),
  bestPercent: wholePercent,
}) satisfies z.ZodMiniType<AttemptAnswer>;

export const studentCheckSchema = z.strictObject({
  moduleId: z.string(),
  sectionId: z.string(),
  version: z.number().check(z.int(), z.positive()),
  passMark: wholePercent,
  maxAttempts: z.nullable(z.number().check(z.int(), z.positive())),
  showCorrectness: z.boolean(),
  showAnswers: z.boolean(),
  questions: z.array(studentQuestionSchema),
  attempts: z.array(attemptResultSchema),
  attemptsUsed: wholeCount,
}) satisfies z.ZodMiniType<StudentCheck>;

const checkStandingSchema = z.strictObject({
  bestPercent: z.nullable(wholePercent),
  attempts: wholeCount,
  passed: z.boolean(),
}) satisfies z.ZodMiniType<CheckStanding>;

const moduleScoreSummaryShape = { checks: wholeCount, passed: wholeCount, meanBestPercent: z.nullable(wholePercent) };

export const moduleScoreSummarySchema = z.strictObject(moduleScoreSummaryShape) satisfies z.ZodMiniType<ModuleScoreSummary>;

export const moduleScoresSchema = z.strictObject({
  ...moduleScoreSummaryShape,
  bySection: z.record(z.string(), checkStandingSchema),
}) satisfies z.ZodMiniType<ModuleScores>;

const checkSummarySchema = z.strictObject({
  sectionId: z.string(),
  version: z.number().check(z.int(), z.positive()),
  passMark: wholePercent,
  maxAttempts: z.nullable(z.number().check(z.int(), z.positive())),
  questionCount: z.number().check(z.int(), z.positive()),
  bands: z.optional(z.array(bandSchema)),
}) satisfies z.ZodMiniType<CheckSummary>;

// ---- Reading ----

const sectionReadingShape = {
  sectionId: z.string(),
  opened: z.number().check(z.int(), z.minimum(0)),
  minutes: z.number().check(z.int(), z.minimum(0)),
  page: z.optional(z.number().check(z.int(), z.positive())),
};
const sectionReadingSchema = z.strictObject(sectionReadingShape) satisfies z.ZodMiniType<SectionReading>;
const studentReadingSchema = z.strictObject({
  classId: z.string(),
  studentId: z.string(),
  modules: z.array(
    z.strictObject({ moduleId: z.string(), moduleTitle: z.string(), sections: z.array(z.strictObject({ ...sectionReadingShape, sectionTitle: z.string() })) }),
  ),
}) satisfies z.ZodMiniType<StudentReading>;

export const studentAttemptsSchema = z.strictObject({
  classId: z.string(),
  studentId: z.string(),
  attempts: z.array(
    z.strictObject({ ...attemptScoreShape, moduleId: z.string(), sectionId: z.string() }) satisfies z.ZodMiniType<AttemptHistoryEntry>,
  ),
}) satisfies z.ZodMiniType<StudentAttempts>;

export const checkAnalysisSchema = z.strictObject({
  classId: z.string(),
  moduleId: z.string(),
  sectionId: z.string(),
  version: z.number().check(z.int(), z.positive()),
  attempts: wholeCount,
  questions: z.array(
    z.strictObject({
      id: z.string(),
      kind: z.enum(QUESTION_KINDS),
      prompt: z.string(),
      correct: wholeCount,
      percentCorrect: wholePercent,
      options: z.optional(z.array(z.strictObject({ id: z.string(), text: z.string(), picks: wholeCount, correct: z.boolean() }))),
    }),
  ),
}) satisfies z.ZodMiniType<CheckAnalysis>;

const scoreTotalsSchema = z.strictObject({ bestPercentSum: z.number().check(z.minimum(0)), scoredCount: wholeCount }) satisfies z.ZodMiniType<ScoreTotals>;

export const moduleSchema = z.strictObject({
  _id: z.string(),
  title: z.string(),
  description: z.string(),
  sections: z.array(sectionSchema),
  sequential: z.boolean(),
  createdAt: isoDate,
  updatedAt: isoDate,
  checks: z.optional(z.array(checkSummarySchema)),
  usage: z.optional(
    z.strictObject({
      classes: z.array(z.strictObject({ classId: z.string(), className: z.string() })),
      studentsWithProgress: wholeCount,
      checkAttempts: wholeCount,
      overrides: wholeCount,
      prerequisites: wholeCount,
    }),
  ),
}) satisfies z.ZodMiniType<Module>;

const userRefSchema = z.strictObject({ _id: z.string(), username: z.string() });
const studentRefSchema = z.strictObject({ _id: z.string(), username: z.string(), email: z.optional(z.string()) });

export const classSummarySchema = z.strictObject({
  _id: z.string(),
  className: z.string(),
  teacherId: userRefSchema,
  studentIds: z.array(z.string()),
  assignedModuleIds: z.array(z.string()),
}) satisfies z.ZodMiniType<ClassSummary>;

export const classDetailSchema = z.strictObject({
  _id: z.string(),
  className: z.string(),
  teacherId: userRefSchema,
  studentIds: z.array(studentRefSchema),
  assignedModuleIds: z.array(
    z.strictObject({ _id: z.string(), title: z.string(), description: z.string(), dueAt: z.optional(isoDate), prerequisiteModuleId: z.optional(z.string()) }),
  ),
}) satisfies z.ZodMiniType<ClassDetail>;

export const progressSchema = z.strictObject({
  studentId: z.string(),
  moduleId: z.string(),
  classId: z.string(),
  completedSections: z.array(z.string()),
  updatedAt: z.optional(isoDate),
}) satisfies z.ZodMiniType<Progress>;

const percentage = z.number().check(z.int(), z.minimum(0), z.maximum(100));

const moduleProgressShape = {
  moduleId: z.string(),
  moduleTitle: z.string(),
  percentage,
  completed: z.number().check(z.int(), z.minimum(0)),
  total: z.number().check(z.int(), z.minimum(0)),
  branch: z.optional(z.enum(BRANCHES)),
};

export const classReportSchema = z.array(
  z.strictObject({
    studentId: z.string(),
    studentName: z.string(),
    studentEmail: z.optional(z.string()),
    disabled: z.optional(z.literal(true)),
    lastActivityAt: z.nullable(isoDate),
    modules: z.array(
      z.strictObject({
        ...moduleProgressShape,
        completedAt: z.record(z.string(), z.nullable(isoDate)),
        scores: z.optional(moduleScoreSummarySchema),
        waitsFor: z.optional(z.strictObject({ moduleId: z.string(), moduleTitle: z.string() })),
        struggling: z.optional(z.literal(true)),
      }),
    ),
  }),
) satisfies z.ZodMiniType<ClassReportRow[]>;

export const classReportPageSchema = z.strictObject({
  rows: classReportSchema,
  studentCount: z.number().check(z.int(), z.minimum(0)),
  next: z.optional(z.string()),
}) satisfies z.ZodMiniType<ClassReportPage>;

export const classCompletionSchema = z.strictObject({
  classId: z.string(),
  studentCount: z.number().check(z.int(), z.minimum(0)),
  averagePercentage: percentage,
  modules: z.array(
    z.strictObject({
      moduleId: z.string(),
      moduleTitle: z.string(),
      sections: z.number().check(z.int(), z.minimum(0)),
      completions: z.number().check(z.int(), z.minimum(0)),
      percentage,
    }),
  ),
  activeStudentIds: z.array(z.string()),
  scores: z.optional(scoreTotalsSchema),
}) satisfies z.ZodMiniType<ClassCompletion>;

export const notificationsSchema = z.strictObject({
  unread: z.number().check(z.int(), z.minimum(0)),
  items: z.array(
    z.strictObject({
      id: z.string(),
      kind: z.enum(['completed', 'progress', 'not-started', 'assigned', 'nudge', 'finished']),
      at: isoDate,
      classId: z.string(),
      className: z.string(),
      moduleId: z.string(),
      moduleTitle: z.string(),
      studentName: z.optional(z.string()),
      count: z.optional(z.number().check(z.int(), z.minimum(0))),
      sectionTotal: z.optional(z.number().check(z.int(), z.minimum(0))),
      assignedAt: z.optional(isoDate),
      teacherName: z.optional(z.string()),
      dueAt: z.optional(isoDate),
    }),
  ),
}) satisfies z.ZodMiniType<Notifications>;

export const nudgeSchema = z.strictObject({
  classId: z.string(),
  moduleId: z.string(),
  studentId: z.string(),
  dueAt: isoDate,
  sentAt: isoDate,
}) satisfies z.ZodMiniType<Nudge>;

const studentCount = () => z.number().check(z.int(), z.minimum(0));
export const pathChangePreviewSchema = z.strictObject({ students: studentCount(), changed: studentCount() }) satisfies z.ZodMiniType<PathChangePreview>;

export const pathPreviewResponseSchema = z.strictObject({
  sections: z.array(z.strictObject({ sectionId: z.string(), state: z.enum(SECTION_STATES), reason: z.optional(z.string()) })),
}) satisfies z.ZodMiniType<PathPreview>;

export const pathCheckSchema = z.strictObject({
  problems: z.array(z.strictObject({ kind: z.enum(PATH_PROBLEM_KINDS), sectionId: z.optional(z.string()), message: z.string() })),
}) satisfies z.ZodMiniType<PathCheck>;

export const studentOverridesSchema = z.strictObject({
  classId: z.string(),
  studentId: z.string(),
  overrides: z.array(
    z.strictObject({
      moduleId: z.string(),
      moduleTitle: z.string(),
      kind: z.enum(OVERRIDE_KINDS),
      sectionId: z.optional(z.string()),
      sectionTitle: z.optional(z.string()),
      extra: z.optional(z.number().check(z.int(), z.minimum(1))),
      reason: z.string(),
      at: isoDate,
      teacherName: z.string(),
    }),
  ),
}) satisfies z.ZodMiniType<StudentOverrides>;

export const moduleReportSchema = z.strictObject({
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
}) satisfies z.ZodMiniType<ModuleReport>;

export const studentClassProgressSchema = z.strictObject({
  classId: z.string(),
  studentId: z.string(),
  modules: z.array(
    z.strictObject({
      ...moduleProgressShape,
      completedSections: z.array(z.string()),
      nextSectionId: z.nullable(z.string()),
      dueAt: z.optional(isoDate),
      lockedReason: z.optional(z.string()),
      scores: z.optional(moduleScoresSchema),
    }),
  ),
}) satisfies z.ZodMiniType<StudentClassProgress>;

const partUrlSchema = z.strictObject({ partNumber: z.number().check(z.int(), z.positive()), uploadUrl: z.url() });

export const uploadTicketSchema = z.union([
  z.strictObject({ contentUrl: z.string(), uploadUrl: z.url() }),
  z.strictObject({ contentUrl: z.string(), uploadId: z.string(), partSize: z.number().check(z.int(), z.positive()), parts: z.array(partUrlSchema) }),
]) satisfies z.ZodMiniType<UploadTicket>;

export const renewedUploadPartsSchema = z.strictObject({ parts: z.array(partUrlSchema) }) satisfies z.ZodMiniType<RenewedUploadParts>;

// ---- Administration ----

export const personSchema = z.strictObject({
  userId: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.nullable(z.enum(ROLES)),
  status: z.enum(PERSON_STATUSES),
  createdAt: z.string(),
}) satisfies z.ZodMiniType<Person>;

const peoplePageSchema = z.strictObject({ people: z.array(personSchema), next: z.optional(z.string()) }) satisfies z.ZodMiniType<PeoplePage>;

/** The temporary password is there only on the local stack, where no e-mail is sent. */
const invitationSchema = z.strictObject({ person: personSchema, temporaryPassword: z.optional(z.string()) }) satisfies z.ZodMiniType<Invitation>;

const invitationOutcomeSchema = z.union([
  z.strictObject({ email: z.string(), outcome: z.literal('invited'), person: personSchema, temporaryPassword: z.optional(z.string()) }),
  z.strictObject({ email: z.string(), outcome: z.enum(['exists', 'failed']), message: z.string() }),
]) satisfies z.ZodMiniType<InvitationOutcome>;

const accessOutcomeSchema = z.union([
  z.strictObject({ userId: z.string(), outcome: z.literal('done'), person: personSchema }),
  z.strictObject({ userId: z.string(), outcome: z.literal('failed'), message: z.string() }),
]) satisfies z.ZodMiniType<AccessOutcome>;

const count = z.number().check(z.int(), z.minimum(0));

const auditEntrySchema = z.strictObject({
  at: isoDate,
  actorId: z.string(),
  actor: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  subject: z.string(),
  detail: z.optional(z.string()),
});

const auditPageSchema = z.strictObject({ entries: z.array(auditEntrySchema), next: z.optional(z.string()) }) satisfies z.ZodMiniType<AuditPage>;

const statusCountsSchema = z.strictObject({ invited: count, active: count, disabled: count });

export const adminOverviewSchema = z.strictObject({
  people: z.strictObject({ Teachers: statusCountsSchema, Students: statusCountsSchema, Admins: statusCountsSchema }),
  classes: z.strictObject({ total: count, withoutTeacher: count, withoutStudents: count }),
  modules: count,
  recentChanges: z.array(auditEntrySchema),
}) satisfies z.ZodMiniType<AdminOverview>;

const namedPersonSchema = z.strictObject({ userId: z.string(), name: z.string() });

export const adminClassSummarySchema = z.strictObject({
  classId: z.string(),
  className: z.string(),
  teacher: z.optional(namedPersonSchema),
  studentCount: count,
  moduleCount: count,
}) satisfies z.ZodMiniType<AdminClassSummary>;

export const adminClassDetailSchema = adminClassSummarySchema satisfies z.ZodMiniType<AdminClassDetail>;

export const rosterPageSchema = z.strictObject({
  students: z.array(z.strictObject({ userId: z.string(), name: z.string(), email: z.optional(z.string()), enrolledAt: z.optional(isoDate) })),
  studentCount: count,
  next: z.optional(z.string()),
}) satisfies z.ZodMiniType<RosterPageAnswer>;

const enrolmentOutcomeSchema = z.strictObject({
  studentId: z.string(),
  outcome: z.enum(['enrolled', 'alreadyEnrolled', 'notFound', 'notStudent']),
  message: z.string(),
  student: z.optional(z.strictObject({ userId: z.string(), email: z.string(), name: z.string() })),
}) satisfies z.ZodMiniType<EnrolmentOutcome>;

/** 204: no body. */
const noContent = z.undefined();

/**
 * Every refusal and failure: a sentence for a person; a 400 from schema validation also names each invalid field
 * (dotted path → its message), for forms to show in place; a refusal the app answers with a way out names its reason.
 */
export const errorSchema = z.strictObject({
  message: z.string().check(z.minLength(1)),
  fields: z.optional(z.record(z.string(), z.string().check(z.minLength(1)))),
  reason: z.optional(z.enum(ERROR_REASONS)),
});

/** What each route answers on success (2xx). */
export const responseSchemas = {
  createModule: moduleSchema,
  listModules: z.array(moduleSchema),
  getModule: moduleSchema,
  updateModule: moduleSchema,
  deleteModule: noContent,
  listClasses: z.array(classSummarySchema),
  getClass: classDetailSchema,
  listTeacherClasses: z.array(classSummarySchema),
  listStudentClasses: z.array(classSummarySchema),
  assignModule: classDetailSchema,
  getProgress: progressSchema,
  markComplete: progressSchema,
  getStudentClassProgress: studentClassProgressSchema,
  // The spec's rows without paging parameters; one page with `limit` or `cursor`.
  getClassReport: z.union([classReportSchema, classReportPageSchema]),
  getClassCompletion: classCompletionSchema,
  listClassStudents: rosterPageSchema,
  getModuleReport: moduleReportSchema,
  getNotifications: notificationsSchema,
  markNotificationsRead: noContent,
  // 201 for a new reminder; 200 with the day's first for a repeat the same day.
  nudgeStudent: nudgeSchema,
  // The student's overrides after the change (201).
  addPathOverride: studentOverridesSchema,
  previewPathChanges: pathChangePreviewSchema,
  previewPath: pathPreviewResponseSchema,
  checkPath: pathCheckSchema,
  setModulePrerequisite: classDetailSchema,
  listPathOverrides: studentOverridesSchema,
  // The student's overrides after the removal.
  removePathOverride: studentOverridesSchema,
  createUpload: uploadTicketSchema,
  completeUpload: z.strictObject({ contentUrl: z.string() }),
  abortUpload: noContent,
  renewUploadParts: renewedUploadPartsSchema,
  renameSelf: personSchema,
  getAdminOverview: adminOverviewSchema,
  listPeople: peoplePageSchema,
  invitePerson: invitationSchema,
  invitePeople: z.strictObject({ results: z.array(invitationOutcomeSchema) }),
  setPeopleAccess: z.strictObject({ results: z.array(accessOutcomeSchema) }),
  listAuditTrail: auditPageSchema,
  lookupPeople: z.strictObject({ people: z.array(personSchema) }),
  renamePerson: personSchema,
  changeRole: personSchema,
  disablePerson: personSchema,
  enablePerson: personSchema,
  resendInvitation: z.strictObject({ temporaryPassword: z.optional(z.string()) }),
  unassignModule: classDetailSchema,
  listAdminClasses: z.array(adminClassSummarySchema),
  createClass: adminClassDetailSchema,
  getAdminClass: adminClassDetailSchema,
  renameClass: adminClassDetailSchema,
  deleteClass: noContent,
  setClassTeacher: adminClassDetailSchema,
  enrolStudents: z.strictObject({ results: z.array(enrolmentOutcomeSchema) }),
  unenrolStudent: adminClassDetailSchema,
  putCheck: teacherCheckSchema,
  // The owner gets it whole; a student gets it without the answer key, with their attempts.
  getCheck: z.union([teacherCheckSchema, studentCheckSchema]),
  submitAttempt: attemptAnswerSchema,
  draftQuestions: draftsSchema,
  settleDrafts: settledDraftsAnswerSchema,
  getCheckAnalysis: checkAnalysisSchema,
  listStudentAttempts: studentAttemptsSchema,
  getSectionText: sectionTextSchema,
  search: searchResultsSchema,
  recordReading: sectionReadingSchema,
  getStudentReading: studentReadingSchema,
} as const satisfies Record<RouteName, z.ZodMiniType>;

/** The body a route answers with on success. */
export type ResponseOf<N extends RouteName> = z.infer<(typeof responseSchemas)[N]>;
