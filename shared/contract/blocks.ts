// The building blocks every resource's contract is made of: ids, instants, counts, the error answer, paging, and how a
// failed validation is worded. A leaf: it imports nothing of the contract, so each resource file can use it.
import * as z from '../zod';
import { PAGE_LIMITS, TEXT_LIMITS } from '../constants';
import { ERROR_REASONS } from '../second-factor';
import type { RouteDefinition } from './route';

/**
 * One route of the contract: its method, path and roles, what it takes (`body`; `query`, the query string; `params`,
 * path parameters and query string validated together) and what it answers on success (`response`).
 */
export interface RouteContract extends RouteDefinition {
  body?: z.ZodMiniType;
  query?: z.ZodMiniType;
  params?: z.ZodMiniType;
  response: z.ZodMiniType;
}

/** Missing and wrong-typed values get different sentences. */
export const typeError = (label: string, expected: string) => (issue: { input?: unknown }) =>
  issue.input === undefined ? `${label} is required.` : `${label} must be ${expected}.`;

/** Text that can be encoded: a lone UTF-16 surrogate would be stored and then break every later read. */
export const wellFormed = (label: string) =>
  [
    (value: string) => !/\p{Cs}/u.test(value),
    { error: `${label} contains a character that is not valid text.` },
  ] as const;

export const idSchema = (label: string) =>
  z.string({ error: typeError(label, 'text') }).check(
    z.minLength(1, { error: `${label} is required.` }),
    z.maxLength(TEXT_LIMITS.idMaxLength, { error: `${label} is too long.` }),
    z.regex(/^[A-Za-z0-9_-]+$/, { error: `${label} may only contain letters, digits, '-' and '_'.` }),
  );

/** The storage key of an uploaded file (a section's `contentUrl`). */
export const storageKey = /* @__PURE__ */ z.lazy(() =>
  z.string({ error: typeError('contentUrl', 'text') }).check(
    z.minLength(1, { error: 'contentUrl is required: upload the file first.' }),
    z.maxLength(TEXT_LIMITS.storageKeyMaxLength, { error: 'contentUrl is too long.' }),
    z.refine(...wellFormed('contentUrl')),
  ),
);

// ---- In answers ----

/** An instant as the API writes it (toISOString). */
export const isoDate = /* @__PURE__ */ z.iso.datetime();
export const wholeCount = /* @__PURE__ */ z.number().check(z.int(), z.minimum(0));
export const wholePercent = /* @__PURE__ */ z.number().check(z.int(), z.minimum(0), z.maximum(100));
export const positiveWhole = /* @__PURE__ */ z.number().check(z.int(), z.positive());

/** 204: no body. */
export const noContent = /* @__PURE__ */ z.undefined();

/**
 * Every refusal and failure: a sentence for a person; a 400 from schema validation also names each invalid field
 * (dotted path → its message), for forms to show in place; a refusal the app answers with a way out names its reason.
 */
export const errorSchema = /* @__PURE__ */ z.lazy(() =>
  z.strictObject({
    message: z.string().check(z.minLength(1)),
    fields: z.optional(z.record(z.string(), z.string().check(z.minLength(1)))),
    reason: z.optional(z.enum(ERROR_REASONS)),
  }),
);

// ---- Paging ----
// Paged reads of a class (its roster, its report): what a page may hold and the query that asks for one. The cursor is
// opaque to clients (base64url of the last student id of the previous page); the server decodes and checks it.

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

// ---- Refusals in words ----

const issueMessage = (issue: z.core.$ZodIssue) =>
  issue.code === 'unrecognized_keys' ? `Unknown field(s) ${issue.keys.join(', ')} are not accepted.` : issue.message;

/** One sentence a person can act on, from a failed validation. */
export function describeIssues(error: z.core.$ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => {
      if (issue.path.length === 0 && issue.code === 'invalid_type') {
        return 'The request body must be a JSON object with the fields this request needs.';
      }
      const where = issue.path.length ? `${issue.path.join('.')}: ` : '';
      return where + issueMessage(issue);
    })
    .join(' ');
}

/**
 * The first message for each field a failed validation names, keyed by its dotted path (`title`,
 * `sections.0.title`), so a form can show each next to its input.
 */
export function fieldIssues(error: z.core.$ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    if (issue.path.length === 0) continue;
    fields[issue.path.join('.')] ??= issueMessage(issue);
  }
  return fields;
}
