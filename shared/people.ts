// People and administration: what the admin API answers with and the rules its input follows. The functions validate
// with these schemas; the web reuses them for its forms and its bulk-invitation preview.
import * as z from './zod';
import { readableText, readableTextMessages } from './readable-text';
import { ROLES, type Role } from './roles';
import { idSchema } from './schemas';

/** invited: has not signed in yet (temporary password); active: signed in at least once; disabled: offboarded. */
export const PERSON_STATUSES = ['invited', 'active', 'disabled'] as const;
export type PersonStatus = (typeof PERSON_STATUSES)[number];

export interface Person {
  /** The identity service's sub: the id the API knows the person by. */
  userId: string;
  email: string;
  /** The `name` attribute; empty for someone invited before names existed. */
  name: string;
  role: Role | null;
  status: PersonStatus;
  createdAt: string;
}

export interface PeoplePage {
  people: Person[];
  /** Present while there are more people to list; send it back as `next`. */
  next?: string;
}

export interface Invitation {
  person: Person;
  /** Only on the local stack, where no e-mail leaves the machine: shown to the admin once. */
  temporaryPassword?: string;
}

/** What one person of a bulk disable or enable came to: their account as it is now, or why it was not changed. */
export type AccessOutcome = { userId: string; outcome: 'done'; person: Person } | { userId: string; outcome: 'failed'; message: string };

export type InvitationOutcome =
  | { email: string; outcome: 'invited'; person: Person; temporaryPassword?: string }
  | { email: string; outcome: 'exists' | 'failed'; message: string };

export const AUDIT_ACTIONS = [
  'invite',
  'resendInvitation',
  'rename',
  'changeRole',
  'disable',
  'enable',
  'createClass',
  'renameClass',
  'deleteClass',
  'changeTeacher',
  'enrol',
  'unenrol',
  // A teacher's override of one student's path.
  'releaseSection',
  'excuseSection',
  'unlockModule',
  'grantAttempts',
  'removeOverride',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export interface AuditEntry {
  at: string;
  actorId: string;
  /** The admin's name (or e-mail) when the change was made. */
  actor: string;
  action: AuditAction;
  /** Whom or what the change was about, as a person reads it (a name and e-mail, a class name). */
  subject: string;
  detail?: string;
}

/** One page of the audit trail, newest first. */
export interface AuditPage {
  entries: AuditEntry[];
  /** Present while older entries may match; send it back as `next`. */
  next?: string;
}

export const AUDIT_LIMITS = {
  pageSize: 50,
  /** Entries a CSV export reads at most (the filters narrow a longer trail). */
  exportMax: 5000,
} as const;

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

export type PeopleCounts = Record<Role, Record<PersonStatus, number>>;

export interface AdminOverview {
  people: PeopleCounts;
  classes: { total: number; withoutTeacher: number; withoutStudents: number };
  modules: number;
  /** Newest first. */
  recentChanges: AuditEntry[];
}

export const PEOPLE_LIMITS = {
  nameMaxLength: 100,
  emailMaxLength: 254,
  /** Rows per invite-many request; the web sends a longer list in chunks of this size, with a progress bar. */
  invitationBatchMax: 25,
  /** Addresses per look-up request (bulk previews send chunks of this size). */
  lookupMax: 100,
  /** What Cognito's ListUsers returns at most per page. */
  pageSize: 60,
  searchMaxLength: 100,
  /** People per bulk disable or enable request; the web sends a longer selection in parts. */
  accessBatchMax: 25,
  /** Rows a pasted list or CSV may hold. */
  previewRowsMax: 2000,
} as const;

const requiredText = (label: string) => (issue: { input?: unknown }) =>
  issue.input === undefined ? `${label} is required.` : `${label} must be text.`;

export const PERSON_NAME_MESSAGES = readableTextMessages('Name');

export const personNameSchema = /* @__PURE__ */ z.lazy(() => readableText('Name', PEOPLE_LIMITS.nameMaxLength));

/** E-mail addresses are compared and stored in lower case: the same person typed twice is one account. */
export const emailSchema = /* @__PURE__ */ z.lazy(() =>
  z.pipe(
    z.pipe(
      z.string({ error: requiredText('E-mail') }).check(z.trim(), z.maxLength(PEOPLE_LIMITS.emailMaxLength, { error: 'E-mail is too long.' })),
      z.email({ error: 'E-mail is not a valid address.' }),
    ),
    z.transform((value: string) => value.toLowerCase()),
  ),
);

export const roleSchema = /* @__PURE__ */ z.lazy(() => z.enum(ROLES, { error: 'Role must be Students, Teachers or Admins.' }));

export const invitePersonSchema = /* @__PURE__ */ z.lazy(() =>
  z.strictObject({
    email: emailSchema,
    name: personNameSchema,
    role: roleSchema,
  }),
);

export const invitePeopleSchema = /* @__PURE__ */ z.lazy(() =>
  z.strictObject({
    people: z.array(invitePersonSchema, { error: 'people must be a list of { email, name, role }.' }).check(
      z.minLength(1, { error: 'people must list at least one person.' }),
      z.maxLength(PEOPLE_LIMITS.invitationBatchMax, {
        error: `Send at most ${PEOPLE_LIMITS.invitationBatchMax} people per request; send a longer list in parts.`,
      }),
    ),
  }),
);

export const lookupPeopleSchema = /* @__PURE__ */ z.lazy(() =>
  z.strictObject({
    emails: z.array(emailSchema, { error: 'emails must be a list of e-mail addresses.' }).check(
      z.minLength(1, { error: 'emails must list at least one address.' }),
      z.maxLength(PEOPLE_LIMITS.lookupMax, { error: `Look up at most ${PEOPLE_LIMITS.lookupMax} addresses per request.` }),
    ),
  }),
);

export const setPeopleAccessSchema = /* @__PURE__ */ z.lazy(() =>
  z.strictObject({
    access: z.enum(['disabled', 'enabled'], { error: 'access must be disabled or enabled.' }),
    userIds: z.array(idSchema('userId'), { error: 'userIds must be a list of user ids.' }).check(
      z.minLength(1, { error: 'userIds must list at least one person.' }),
      z.maxLength(PEOPLE_LIMITS.accessBatchMax, { error: `Change at most ${PEOPLE_LIMITS.accessBatchMax} people per request; send a longer selection in parts.` }),
    ),
  }),
);

export const renamePersonSchema = /* @__PURE__ */ z.lazy(() => z.strictObject({ name: personNameSchema }));

export const changeRoleSchema = /* @__PURE__ */ z.lazy(() => z.strictObject({ role: roleSchema }));

export const listPeopleQuerySchema = /* @__PURE__ */ z.lazy(() =>
  z.strictObject({
    search: z.optional(
      z.string().check(
        z.trim(),
        z.maxLength(PEOPLE_LIMITS.searchMaxLength, { error: `search must be at most ${PEOPLE_LIMITS.searchMaxLength} characters.` }),
      ),
    ),
    role: z.optional(roleSchema),
    status: z.optional(z.enum(PERSON_STATUSES, { error: 'status must be invited, active or disabled.' })),
    next: z.optional(z.string().check(z.maxLength(4096, { error: 'next is too long.' }))),
  }),
);

export type InvitePersonInput = z.infer<typeof invitePersonSchema>;
export type ListPeopleQuery = z.infer<typeof listPeopleQuerySchema>;
export type InvitePeopleInput = z.infer<typeof invitePeopleSchema>;
export type LookupPeopleInput = z.infer<typeof lookupPeopleSchema>;
export type SetPeopleAccessInput = z.infer<typeof setPeopleAccessSchema>;
export type RenamePersonInput = z.infer<typeof renamePersonSchema>;
export type ChangeRoleInput = z.infer<typeof changeRoleSchema>;
