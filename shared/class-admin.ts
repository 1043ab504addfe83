// Classes as administrators manage them: what the admin class routes answer with and the rules their input follows.
import * as z from './zod';
import { readableText } from './readable-text';
import { emailSchema, type Person } from './people';
import { idSchema } from './schemas';

export const CLASS_LIMITS = {
  classNameMaxLength: 100,
  /** Students per enrol request; the web sends a longer pasted list in chunks of this size. */
  enrolBatchMax: 50,
} as const;

export interface AdminClassSummary {
  classId: string;
  className: string;
  /** Absent while the class has no teacher. */
  teacher?: { userId: string; name: string };
  studentCount: number;
  moduleCount: number;
}

/** The roster is read in pages (`GET /api/classes/{classId}/students`), so a class of any size answers the same. */
export type AdminClassDetail = AdminClassSummary;

export type EnrolmentOutcome = {
  studentId: string;
  outcome: 'enrolled' | 'alreadyEnrolled' | 'notFound' | 'notStudent';
  message: string;
  student?: Pick<Person, 'userId' | 'email' | 'name'>;
};

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

export type CreateClassInput = z.infer<typeof createClassSchema>;
export type RenameClassInput = z.infer<typeof renameClassSchema>;
export type SetClassTeacherInput = z.infer<typeof setClassTeacherSchema>;
export type EnrolStudentsInput = z.infer<typeof enrolStudentsSchema>;

/** Pasted e-mail addresses for an enrolment preview: one per line, or separated by commas, semicolons or spaces. */
export function parseAddressList(text: string): { valid: string[]; invalid: string[] } {
  const tokens = text.split(/[\s,;]+/).map((token) => token.trim()).filter(Boolean);
  const valid: string[] = [];
  const invalid: string[] = [];
  for (const token of tokens) {
    const parsed = emailSchema.safeParse(token);
    if (parsed.success) valid.push(parsed.data);
    else invalid.push(token);
  }
  return { valid, invalid };
}
