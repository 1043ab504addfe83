// School sign-in's administration: each e-mail domain the stage's identity providers accept, and whether new people
// from it (nobody invited them) come in as students on their first sign-in.
import * as z from '../zod';
import { ADMINS } from './route';
import { typeError, type RouteContract } from './blocks';

/** A configured domain, the providers that sign people of it in, and the administrators' choice (off until turned on). */
export const schoolSignInDomainSchema = /* @__PURE__ */ z.lazy(() =>
  z.strictObject({ domain: z.string(), providers: z.array(z.string()), studentsMayJoin: z.boolean() }),
);
export type SchoolSignInDomain = z.infer<typeof schoolSignInDomainSchema>;

const schoolSignInDomainsSchema = /* @__PURE__ */ z.lazy(() => z.strictObject({ domains: z.array(schoolSignInDomainSchema) }));

/** The domain (one of the listed ones) and the choice for it. */
export const setSchoolSignInDomainSchema = /* @__PURE__ */ z.lazy(() =>
  z.strictObject({
    domain: z.string({ error: typeError('domain', 'text') }).check(
      z.minLength(1, { error: 'domain is required: one of the domains the list shows.' }),
      z.maxLength(253, { error: 'domain is too long: a domain name has at most 253 characters.' }),
    ),
    studentsMayJoin: z.boolean({ error: typeError('studentsMayJoin', 'true or false') }),
  }),
);

export const schoolSignInRoutes = {
  /** The school's sign-in domains and, for each, whether new people come in as students (empty without school sign-in). */
  getSchoolSignIn: { method: 'GET', path: '/api/admin/school-sign-in', roles: ADMINS, response: schoolSignInDomainsSchema },
  /** Lets new people of one domain in as students, or stops it; answers the domain as it is now. */
  setSchoolSignInDomain: { method: 'PUT', path: '/api/admin/school-sign-in', roles: ADMINS, body: setSchoolSignInDomainSchema, response: schoolSignInDomainSchema },
} as const satisfies Record<string, RouteContract>;
