// Paged reads of a class (its roster, its report): what a page may hold and the query that asks for one. The cursor is
// opaque to clients (base64url of the last student id of the previous page); the server decodes and checks it.
import * as z from './zod';
import { PAGE_LIMITS } from './constants';
import { idSchema } from './schemas';

const base64url = (text: string) => btoa(String.fromCharCode(...new TextEncoder().encode(text))).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const fromBase64url = (cursor: string) => {
  const binary = atob(cursor.replace(/-/g, '+').replace(/_/g, '/'));
  return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)));
};

/** The cursor that continues after this student. */
export const encodeCursor = (studentId: string) => base64url(studentId);

const CURSOR_ERROR = 'cursor is not one this list gave; start again without it.';
const LIMIT_ERROR = `limit must be a whole number from 1 to ${PAGE_LIMITS.studentsMax}.`;

/** `limit` (1–100, default 100) and `cursor` from a query string; `after` is the decoded student id. */
export const pageQuerySchema = /* @__PURE__ */ z.lazy(() =>
  z.strictObject({
    limit: z.optional(
      z.pipe(
        z.pipe(z.string().check(z.regex(/^\d{1,4}$/, { error: LIMIT_ERROR })), z.transform(Number)),
        z.number().check(z.minimum(1, { error: LIMIT_ERROR }), z.maximum(PAGE_LIMITS.studentsMax, { error: LIMIT_ERROR })),
      ),
    ),
    cursor: z.optional(
      z.pipe(
        z.string().check(z.maxLength(400, { error: CURSOR_ERROR }), z.regex(/^[A-Za-z0-9_-]+$/, { error: CURSOR_ERROR })),
        z.transform((cursor: string, context) => {
          try {
            const after = fromBase64url(cursor);
            if (idSchema('cursor').safeParse(after).success && encodeCursor(after) === cursor) return after;
          } catch {
            // Not base64url of UTF-8 text: refused below.
          }
          context.issues.push({ code: 'custom', message: CURSOR_ERROR, input: cursor });
          return z.NEVER;
        }),
      ),
    ),
  }),
);

export type PageQuery = z.infer<typeof pageQuerySchema>;

/** One page of a class's roster; `studentCount` is the whole class's. */
export interface RosterPageAnswer {
  /** `email` is absent for an enrolment written before it was kept, until `npm run migrate` fills it. */
  students: { userId: string; name: string; email?: string; enrolledAt?: string }[];
  studentCount: number;
  next?: string;
}
