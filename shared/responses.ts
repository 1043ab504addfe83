// Response schemas: what each route answers, one schema per route name. The integration tests parse every answer
// with them, the handlers' results are typed by them, and the web client's calls take their types from them (types
// only: zod stays out of the web app's entry chunk). Objects are strict, so a field the contract does not name (an
// owner id, a storage key attribute) fails the parse.
import { ERROR_REASONS } from './second-factor';
import * as z from './zod';
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
  type Progress,
  type RenewedUploadParts,
  type StudentClassProgress,
  type UploadTicket,
} from './entities';
import type { AdminClassDetail, AdminClassSummary, EnrolmentOutcome } from './class-admin';
import { AUDIT_ACTIONS, PERSON_STATUSES, type AdminOverview, type Invitation, type InvitationOutcome, type PeoplePage, type Person } from './people';
import { ROLES } from './roles';
import type { RosterPageAnswer } from './paging';
import type { RouteName } from './routes';

const sectionSchema = z.strictObject({
  _id: z.string(),
  title: z.string(),
  order: z.number().check(z.int(), z.positive()),
  contentType: z.enum(CONTENT_TYPES),
  contentUrl: z.string(),
  originalFileName: z.string(),
  size: z.optional(z.number().check(z.int(), z.minimum(0))),
  downloadUrl: z.optional(z.string()),
});

const isoDate = z.iso.datetime();

export const moduleSchema = z.strictObject({
  _id: z.string(),
  title: z.string(),
  description: z.string(),
  sections: z.array(sectionSchema),
  createdAt: isoDate,
  updatedAt: isoDate,
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
  assignedModuleIds: z.array(z.strictObject({ _id: z.string(), title: z.string(), description: z.string() })),
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
};

export const classReportSchema = z.array(
  z.strictObject({
    studentId: z.string(),
    studentName: z.string(),
    studentEmail: z.optional(z.string()),
    lastActivityAt: z.nullable(isoDate),
    modules: z.array(z.strictObject({ ...moduleProgressShape, completedAt: z.record(z.string(), z.nullable(isoDate)) })),
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
}) satisfies z.ZodMiniType<ClassCompletion>;

export const notificationsSchema = z.strictObject({
  unread: z.number().check(z.int(), z.minimum(0)),
  items: z.array(
    z.strictObject({
      id: z.string(),
      kind: z.enum(['completed', 'progress', 'not-started', 'assigned']),
      at: isoDate,
      classId: z.string(),
      className: z.string(),
      moduleId: z.string(),
      moduleTitle: z.string(),
      studentName: z.optional(z.string()),
      count: z.optional(z.number().check(z.int(), z.minimum(0))),
      sectionTotal: z.optional(z.number().check(z.int(), z.minimum(0))),
      assignedAt: z.optional(isoDate),
    }),
  ),
}) satisfies z.ZodMiniType<Notifications>;

export const moduleReportSchema = z.strictObject({
  moduleId: z.string(),
  moduleTitle: z.string(),
  sections: z.array(z.strictObject({ _id: z.string(), title: z.string() })),
  rows: z.array(
    z.strictObject({ studentId: z.string(), studentName: z.string(), completedAt: z.record(z.string(), z.nullable(isoDate)) }),
  ),
}) satisfies z.ZodMiniType<ModuleReport>;

export const studentClassProgressSchema = z.strictObject({
  classId: z.string(),
  studentId: z.string(),
  modules: z.array(
    z.strictObject({ ...moduleProgressShape, completedSections: z.array(z.string()), nextSectionId: z.nullable(z.string()) }),
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

const count = z.number().check(z.int(), z.minimum(0));

const auditEntrySchema = z.strictObject({
  at: isoDate,
  actorId: z.string(),
  actor: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  subject: z.string(),
  detail: z.optional(z.string()),
});

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
  createUpload: uploadTicketSchema,
  completeUpload: z.strictObject({ contentUrl: z.string() }),
  abortUpload: noContent,
  renewUploadParts: renewedUploadPartsSchema,
  renameSelf: personSchema,
  getAdminOverview: adminOverviewSchema,
  listPeople: peoplePageSchema,
  invitePerson: invitationSchema,
  invitePeople: z.strictObject({ results: z.array(invitationOutcomeSchema) }),
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
} as const satisfies Record<RouteName, z.ZodMiniType>;

/** The body a route answers with on success. */
export type ResponseOf<N extends RouteName> = z.infer<(typeof responseSchemas)[N]>;
