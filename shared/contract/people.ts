// People and administration: renaming oneself, the admin overview, listing, inviting, renaming, re-roling, disabling
// and enabling people. Cognito is the directory; every change is written to the audit trail.
import * as z from '../zod';
import { readableText } from '../readable-text';
import { ROLES } from '../roles';
import { PEOPLE_LIMITS, PERSON_STATUSES } from '../people';
import { ADMINS, EVERYONE } from './route';
import { idSchema, wholeCount, type RouteContract } from './blocks';
import { auditEntrySchema } from './audit';

// ---- What the routes take ----

const requiredText = (label: string) => (issue: { input?: unknown }) =>
  issue.input === undefined ? `${label} is required.` : `${label} must be text.`;

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

/** Pasted e-mail addresses for a preview: one per line, or separated by commas, semicolons or spaces. */
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

// ---- What they answer ----

/** `userId`: the identity service's sub, the id the API knows the person by; `name`: empty for someone invited before names existed. */
export const personSchema = /* @__PURE__ */ z.lazy(() =>
  z.strictObject({
    userId: z.string(),
    email: z.string(),
    name: z.string(),
    role: z.nullable(z.enum(ROLES)),
    status: z.enum(PERSON_STATUSES),
    createdAt: z.string(),
  }),
);

/** `next` is present while there are more people to list; send it back as `next`. */
const peoplePageSchema = /* @__PURE__ */ z.lazy(() => z.strictObject({ people: z.array(personSchema), next: z.optional(z.string()) }));

/** The temporary password is there only on the local stack, where no e-mail leaves the machine: shown to the admin once. */
const invitationSchema = /* @__PURE__ */ z.lazy(() => z.strictObject({ person: personSchema, temporaryPassword: z.optional(z.string()) }));

const invitationOutcomeSchema = /* @__PURE__ */ z.lazy(() =>
  z.union([
    z.strictObject({ email: z.string(), outcome: z.literal('invited'), person: personSchema, temporaryPassword: z.optional(z.string()) }),
    z.strictObject({ email: z.string(), outcome: z.enum(['exists', 'failed']), message: z.string() }),
  ]),
);

/** What one person of a bulk disable or enable came to: their account as it is now, or why it was not changed. */
const accessOutcomeSchema = /* @__PURE__ */ z.lazy(() =>
  z.union([
    z.strictObject({ userId: z.string(), outcome: z.literal('done'), person: personSchema }),
    z.strictObject({ userId: z.string(), outcome: z.literal('failed'), message: z.string() }),
  ]),
);

const statusCountsSchema = /* @__PURE__ */ z.lazy(() => z.strictObject({ invited: wholeCount, active: wholeCount, disabled: wholeCount }));

/** `recentChanges` newest first. */
export const adminOverviewSchema = /* @__PURE__ */ z.lazy(() =>
  z.strictObject({
    people: z.strictObject({ Teachers: statusCountsSchema, Students: statusCountsSchema, Admins: statusCountsSchema }),
    classes: z.strictObject({ total: wholeCount, withoutTeacher: wholeCount, withoutStudents: wholeCount }),
    modules: wholeCount,
    recentChanges: z.array(auditEntrySchema),
  }),
);

export type Person = z.infer<typeof personSchema>;
export type PeoplePage = z.infer<typeof peoplePageSchema>;
export type Invitation = z.infer<typeof invitationSchema>;
export type InvitationOutcome = z.infer<typeof invitationOutcomeSchema>;
export type AccessOutcome = z.infer<typeof accessOutcomeSchema>;
export type AdminOverview = z.infer<typeof adminOverviewSchema>;
export type PeopleCounts = AdminOverview['people'];

export const peopleRoutes = {
  // Every signed-in person: their own name (class rosters store names, so they follow).
  renameSelf: { method: 'PUT', path: '/api/me/name', roles: EVERYONE, body: renamePersonSchema, response: personSchema },
  getAdminOverview: { method: 'GET', path: '/api/admin/overview', roles: ADMINS, response: adminOverviewSchema },
  listPeople: { method: 'GET', path: '/api/admin/people', roles: ADMINS, query: listPeopleQuerySchema, response: peoplePageSchema },
  invitePerson: { method: 'POST', path: '/api/admin/people', roles: ADMINS, body: invitePersonSchema, response: invitationSchema },
  invitePeople: {
    method: 'POST',
    path: '/api/admin/people/batch',
    roles: ADMINS,
    body: invitePeopleSchema,
    response: /* @__PURE__ */ z.strictObject({ results: z.array(invitationOutcomeSchema) }),
  },
  lookupPeople: {
    method: 'POST',
    path: '/api/admin/people/lookup',
    roles: ADMINS,
    body: lookupPeopleSchema,
    response: /* @__PURE__ */ z.strictObject({ people: z.array(personSchema) }),
  },
  renamePerson: { method: 'PUT', path: '/api/admin/people/{userId}/name', roles: ADMINS, body: renamePersonSchema, response: personSchema },
  changeRole: { method: 'PUT', path: '/api/admin/people/{userId}/role', roles: ADMINS, body: changeRoleSchema, response: personSchema },
  disablePerson: { method: 'POST', path: '/api/admin/people/{userId}/disable', roles: ADMINS, response: personSchema },
  enablePerson: { method: 'POST', path: '/api/admin/people/{userId}/enable', roles: ADMINS, response: personSchema },
  /** Disables or enables several people at once (up to 25), each on its own: one failure does not stop the others. */
  setPeopleAccess: {
    method: 'POST',
    path: '/api/admin/people/access',
    roles: ADMINS,
    body: setPeopleAccessSchema,
    response: /* @__PURE__ */ z.strictObject({ results: z.array(accessOutcomeSchema) }),
  },
  resendInvitation: {
    method: 'POST',
    path: '/api/admin/people/{userId}/resend-invitation',
    roles: ADMINS,
    response: /* @__PURE__ */ z.strictObject({ temporaryPassword: z.optional(z.string()) }),
  },
} as const satisfies Record<string, RouteContract>;
