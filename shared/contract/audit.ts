// The audit trail: every administrative change and every teacher's override, read in pages, newest first.
import * as z from '../zod';
import { AUDIT_ACTIONS } from '../people';
import { ADMINS } from './route';
import { idSchema, isoDate, type RouteContract } from './blocks';

/**
 * An instant, written as the trail's keys are (toISOString: milliseconds, Z), so `from` and `to` compare with them
 * as strings: "…T09:00:00Z" would sort after an entry at "…T09:00:00.000Z" and leave it out.
 */
const instant = (label: string) =>
  z.pipe(
    z.iso.datetime({ error: `${label} must be a date and time (ISO 8601, e.g. 2026-11-23T00:00:00.000Z).` }),
    z.transform((value: string) => new Date(value).toISOString()),
  );

/** Who (the admin's id), what (the action) and when (from and to, inclusive instants, from not after to) of the audit trail. */
export const auditQuerySchema = /* @__PURE__ */ z.lazy(() =>
  z
    .strictObject({
      actorId: z.optional(idSchema('actorId')),
      action: z.optional(z.enum(AUDIT_ACTIONS, { error: `action must be one of ${AUDIT_ACTIONS.join(', ')}.` })),
      from: z.optional(instant('from')),
      to: z.optional(instant('to')),
      next: z.optional(z.string().check(z.maxLength(400, { error: 'next is too long.' }))),
    })
    .check(
      z.superRefine(({ from, to }, context) => {
        if (from === undefined || to === undefined || from <= to) return;
        context.addIssue({ code: 'custom', path: ['from'], message: 'from must be at or before to (the range is reversed).', input: from });
        context.addIssue({ code: 'custom', path: ['to'], message: 'to must be at or after from (the range is reversed).', input: to });
      }),
    ),
);
export type AuditQuery = z.infer<typeof auditQuerySchema>;


/** `actor`: the admin's name (or e-mail) when the change was made; `subject`: whom or what the change was about, as a person reads it (a name and e-mail, a class name). */
export const auditEntrySchema = /* @__PURE__ */ z.lazy(() =>
  z.strictObject({
    at: isoDate,
    actorId: z.string(),
    actor: z.string(),
    action: z.enum(AUDIT_ACTIONS),
    subject: z.string(),
    /** The person the entry is about, when it is about one (entries written before this was kept have none). */
    subjectId: z.optional(z.string()),
    detail: z.optional(z.string()),
  }),
);

/** One page of the audit trail, newest first; `next` is present while older entries may match (send it back). */
export const auditPageSchema = /* @__PURE__ */ z.lazy(() => z.strictObject({ entries: z.array(auditEntrySchema), next: z.optional(z.string()) }));

export type AuditEntry = z.infer<typeof auditEntrySchema>;
export type AuditPage = z.infer<typeof auditPageSchema>;

export const auditRoutes = {
  /** The audit trail in pages, newest first, filtered by who, what and when. */
  listAuditTrail: { method: 'GET', path: '/api/admin/audit', roles: ADMINS, query: auditQuerySchema, response: auditPageSchema },
} as const satisfies Record<string, RouteContract>;
