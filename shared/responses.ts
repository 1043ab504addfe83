// Response schemas: what each route answers, one schema per route name. The integration tests parse every answer
// with them, the handlers' results are typed by them, and the web client's calls take their types from them (types
// only: zod stays out of the web app's entry chunk). Objects are strict, so a field the contract does not name (an
// owner id, a storage key attribute) fails the parse.
import * as z from 'zod';
import { CONTENT_TYPES, type ClassDetail, type ClassReportRow, type ClassSummary, type Module, type Progress } from './entities';
import type { RenewedUploadParts, UploadTicket } from './entities';
import type { RouteName } from './routes';

const sectionSchema = z.strictObject({
  _id: z.string(),
  title: z.string(),
  order: z.number().int().positive(),
  contentType: z.enum(CONTENT_TYPES),
  contentUrl: z.string(),
  originalFileName: z.string(),
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
  studentIds: z.array(userRefSchema),
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

export const classReportSchema = z.array(
  z.strictObject({
    studentId: z.string(),
    studentName: z.string(),
    modules: z.array(
      z.strictObject({
        moduleId: z.string(),
        moduleTitle: z.string(),
        percentage,
        completed: z.number().int().min(0),
        total: z.number().int().min(0),
      }),
    ),
  }),
) satisfies z.ZodType<ClassReportRow[]>;

const partUrlSchema = z.strictObject({ partNumber: z.number().int().positive(), uploadUrl: z.url() });

export const uploadTicketSchema = z.union([
  z.strictObject({ contentUrl: z.string(), uploadUrl: z.url() }),
  z.strictObject({ contentUrl: z.string(), uploadId: z.string(), partSize: z.number().int().positive(), parts: z.array(partUrlSchema) }),
]) satisfies z.ZodType<UploadTicket>;

export const renewedUploadPartsSchema = z.strictObject({ parts: z.array(partUrlSchema) }) satisfies z.ZodType<RenewedUploadParts>;

/** 204: no body. */
const noContent = z.undefined();

/** Every refusal and failure: a sentence for a person. */
export const errorSchema = z.strictObject({ message: z.string().min(1) });

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
  getClassReport: classReportSchema,
  createUpload: uploadTicketSchema,
  completeUpload: z.strictObject({ contentUrl: z.string() }),
  abortUpload: noContent,
  renewUploadParts: renewedUploadPartsSchema,
} as const satisfies Record<RouteName, z.ZodType>;

/** The body a route answers with on success. */
export type ResponseOf<N extends RouteName> = z.infer<(typeof responseSchemas)[N]>;
