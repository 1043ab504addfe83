// Response schemas: what each route answers, one schema per route name. The integration tests parse every answer
// with them, the handlers' results are typed by them, and the web client's calls take their types from them (types
// only: zod stays out of the web app's entry chunk). Objects are strict, so a field the contract does not name (an
// owner id, a storage key attribute) fails the parse.
import { ERROR_REASONS } from './second-factor';
import * as z from 'zod';
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
  order: z.number().int().positive(),
  contentType: z.enum(CONTENT_TYPES),
  contentUrl: z.string(),
  originalFileName: z.string(),
  size: z.number().int().min(0).optional(),
  downloadUrl: z.string().optional(),
});

const isoDate = z.iso.datetime();

export const moduleSchema = z.strictObject({
  _id: z.string(),
  title: z.string(),
  description: z.string(),
  sections: z.array(sectionSchema),
  createdAt: isoDate,
  updatedAt: isoDate,
}) satisfies z.ZodType<Module>;

const userRefSchema = z.strictObject({ _id: z.string(), username: z.string() });
const studentRefSchema = z.strictObject({ _id: z.string(), username: z.string(), email: z.string().optional() });

export const classSummarySchema = z.strictObject({
  _id: z.string(),
  className: z.string(),
  teacherId: userRefSchema,
  studentIds: z.array(z.string()),
  assignedModuleIds: z.array(z.string()),
}) satisfies z.ZodType<ClassSummary>;

export const classDetailSchema = z.strictObject({
  _id: z.string(),
  className: z.string(),
  teacherId: userRefSchema,
  studentIds: z.array(studentRefSchema),
  assignedModuleIds: z.array(z.strictObject({ _id: z.string(), title: z.string(), description: z.string() })),
}) satisfies z.ZodType<ClassDetail>;

export const progressSchema = z.strictObject({
  studentId: z.string(),
  moduleId: z.string(),
  classId: z.string(),
  completedSections: z.array(z.string()),
  updatedAt: isoDate.optional(),
}) satisfies z.ZodType<Progress>;

const percentage = z.number().int().min(0).max(100);

const moduleProgressShape = {
  moduleId: z.string(),
  moduleTitle: z.string(),
  percentage,
  completed: z.number().int().min(0),
  total: z.number().int().min(0),
};

export const classReportSchema = z.array(
  z.strictObject({
    studentId: z.string(),
    studentName: z.string(),
    studentEmail: z.string().optional(),
    lastActivityAt: isoDate.nullable(),
    modules: z.array(z.strictObject({ ...moduleProgressShape, completedAt: z.record(z.string(), isoDate.nullable()) })),
  }),
) satisfies z.ZodType<ClassReportRow[]>;

export const classReportPageSchema = z.strictObject({
  rows: classReportSchema,
  studentCount: z.number().int().min(0),
  next: z.string().optional(),
}) satisfies z.ZodType<ClassReportPage>;

export const classCompletionSchema = z.strictObject({
  classId: z.string(),
  studentCount: z.number().int().min(0),
  averagePercentage: percentage,
  modules: z.array(
    z.strictObject({
      moduleId: z.string(),
      moduleTitle: z.string(),
      sections: z.number().int().min(0),
      completions: z.number().int().min(0),
      percentage,
    }),
  ),
  activeStudentIds: z.array(z.string()),
}) satisfies z.ZodType<ClassCompletion>;

export const notificationsSchema = z.strictObject({
  unread: z.number().int().min(0),
  items: z.array(
    z.strictObject({
      id: z.string(),
      kind: z.enum(['completed', 'progress', 'not-started', 'assigned']),
      at: isoDate,
      classId: z.string(),
      className: z.string(),
      moduleId: z.string(),
      moduleTitle: z.string(),
      studentName: z.string().optional(),
      count: z.number().int().min(0).optional(),
      sectionTotal: z.number().int().min(0).optional(),
      assignedAt: isoDate.optional(),
    }),
  ),
}) satisfies z.ZodType<Notifications>;

export const moduleReportSchema = z.strictObject({
  moduleId: z.string(),
  moduleTitle: z.string(),
  sections: z.array(z.strictObject({ _id: z.string(), title: z.string() })),
  rows: z.array(
    z.strictObject({ studentId: z.string(), studentName: z.string(), completedAt: z.record(z.string(), isoDate.nullable()) }),
  ),
}) satisfies z.ZodType<ModuleReport>;

export const studentClassProgressSchema = z.strictObject({
  classId: z.string(),
  studentId: z.string(),
  modules: z.array(
    z.strictObject({ ...moduleProgressShape, completedSections: z.array(z.string()), nextSectionId: z.string().nullable() }),
  ),
}) satisfies z.ZodType<StudentClassProgress>;

const partUrlSchema = z.strictObject({ partNumber: z.number().int().positive(), uploadUrl: z.url() });

export const uploadTicketSchema = z.union([
  z.strictObject({ contentUrl: z.string(), uploadUrl: z.url() }),
  z.strictObject({ contentUrl: z.string(), uploadId: z.string(), partSize: z.number().int().positive(), parts: z.array(partUrlSchema) }),
]) satisfies z.ZodType<UploadTicket>;

export const renewedUploadPartsSchema = z.strictObject({ parts: z.array(partUrlSchema) }) satisfies z.ZodType<RenewedUploadParts>;

// ---- Administration ----

export const personSchema = z.strictObject({
  userId: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(ROLES).nullable(),
  status: z.enum(PERSON_STATUSES),
  createdAt: z.string(),
}) satisfies z.ZodType<Person>;

const peoplePageSchema = z.strictObject({ people: z.array(personSchema), next: z.string().optional() }) satisfies z.ZodType<PeoplePage>;

/** The temporary password is there only on the local stack, where no e-mail is sent. */
const invitationSchema = z.strictObject({ person: personSchema, temporaryPassword: z.string().optional() }) satisfies z.ZodType<Invitation>;

const invitationOutcomeSchema = z.union([
  z.strictObject({ email: z.string(), outcome: z.literal('invited'), person: personSchema, temporaryPassword: z.string().optional() }),
  z.strictObject({ email: z.string(), outcome: z.enum(['exists', 'failed']), message: z.string() }),
]) satisfies z.ZodType<InvitationOutcome>;

const count = z.number().int().min(0);

const auditEntrySchema = z.strictObject({
  at: isoDate,
  actorId: z.string(),
  actor: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  subject: z.string(),
  detail: z.string().optional(),
});

const statusCountsSchema = z.strictObject({ invited: count, active: count, disabled: count });

export const adminOverviewSchema = z.strictObject({
  people: z.strictObject({ Teachers: statusCountsSchema, Students: statusCountsSchema, Admins: statusCountsSchema }),
  classes: z.strictObject({ total: count, withoutTeacher: count, withoutStudents: count }),
  modules: count,
  recentChanges: z.array(auditEntrySchema),
}) satisfies z.ZodType<AdminOverview>;

const namedPersonSchema = z.strictObject({ userId: z.string(), name: z.string() });

export const adminClassSummarySchema = z.strictObject({
  classId: z.string(),
  className: z.string(),
  teacher: namedPersonSchema.optional(),
  studentCount: count,
  moduleCount: count,
}) satisfies z.ZodType<AdminClassSummary>;

export const adminClassDetailSchema = adminClassSummarySchema satisfies z.ZodType<AdminClassDetail>;

export const rosterPageSchema = z.strictObject({
  students: z.array(z.strictObject({ userId: z.string(), name: z.string(), email: z.string().optional(), enrolledAt: isoDate.optional() })),
  studentCount: count,
  next: z.string().optional(),
}) satisfies z.ZodType<RosterPageAnswer>;

const enrolmentOutcomeSchema = z.strictObject({
  studentId: z.string(),
  outcome: z.enum(['enrolled', 'alreadyEnrolled', 'notFound', 'notStudent']),
  message: z.string(),
  student: z.strictObject({ userId: z.string(), email: z.string(), name: z.string() }).optional(),
}) satisfies z.ZodType<EnrolmentOutcome>;

/** 204: no body. */
const noContent = z.undefined();

/**
 * Every refusal and failure: a sentence for a person; a 400 from schema validation also names each invalid field
 * (dotted path → its message), for forms to show in place; a refusal the app answers with a way out names its reason.
 */
export const errorSchema = z.strictObject({
  message: z.string().min(1),
  fields: z.record(z.string(), z.string().min(1)).optional(),
  reason: z.enum(ERROR_REASONS).optional(),
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
  resendInvitation: z.strictObject({ temporaryPassword: z.string().optional() }),
  unassignModule: classDetailSchema,
  listAdminClasses: z.array(adminClassSummarySchema),
  createClass: adminClassDetailSchema,
  getAdminClass: adminClassDetailSchema,
  renameClass: adminClassDetailSchema,
  deleteClass: noContent,
  setClassTeacher: adminClassDetailSchema,
  enrolStudents: z.strictObject({ results: z.array(enrolmentOutcomeSchema) }),
  unenrolStudent: adminClassDetailSchema,
} as const satisfies Record<RouteName, z.ZodType>;

/** The body a route answers with on success. */
export type ResponseOf<N extends RouteName> = z.infer<(typeof responseSchemas)[N]>;
