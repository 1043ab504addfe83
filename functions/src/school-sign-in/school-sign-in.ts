// Who may come in through a school's identity provider: only the school's own accounts (the e-mail domains the stage
// configures for that provider), and of those only someone the school already knows. The first federated sign-in of a
// person is linked to the account an administrator invited (or a roster created) with the same verified e-mail, so
// they keep their role and classes; from then on the provider's identity signs in as that account. Someone nobody
// invited is refused and no account is made, unless an administrator lets new people of their domain in as students.
// Administrators make that choice per domain here too, each change written to the audit trail.
import type { AuditEntry } from '@shared/contract/audit';
import type { SchoolSignInDomain } from '@shared/contract/school-sign-in';
import { displayName } from '@shared/person-name';
import { DISABLED_MESSAGE, emailDomain, NOT_SET_UP_MESSAGE, OTHER_DOMAIN_MESSAGE, type SchoolProviderRule } from '@shared/school-sign-in';
import type { Caller } from '../kernel/caller';
import { invalid } from '../kernel/errors';
import type { Clock } from '../kernel/ports';
import type { AuditLog } from '../audit/port';
import type { PeopleIndex } from '../people/port';
import type { DomainSettingStore, SchoolAccountDirectory } from './port';

export class SchoolSignInRefused extends Error {
  name = 'SchoolSignInRefused';
}

/** What the user pool tells the PreSignUp trigger of a first federated sign-in. */
export interface FederatedSignUp {
  /** `<provider name>_<subject>`; Cognito lower-cases the provider's name in it. */
  userName: string;
  email: string | undefined;
  emailVerified: boolean;
  name: string | undefined;
}

/** The audit trail's actor for what a sign-in did on its own (no administrator made it). */
export const SCHOOL_SIGN_IN_ACTOR = 'School sign-in';

/** The configured provider a federated user name belongs to, and the person's subject there. */
function providerOf(providers: readonly SchoolProviderRule[], userName: string) {
  const lower = userName.toLowerCase();
  // Provider names hold no underscore (stage settings), so the first one ends the name.
  const provider = providers.find((candidate) => lower.startsWith(`${candidate.name.toLowerCase()}_`));
  return provider && { provider, subject: userName.slice(provider.name.length + 1) };
}

export function makeSchoolSignIn(deps: {
  providers: readonly SchoolProviderRule[];
  directory: SchoolAccountDirectory;
  domains: DomainSettingStore;
  index: PeopleIndex;
  audit: AuditLog;
  clock: Clock;
}) {
  const { providers, directory, domains, index, audit, clock } = deps;

  /** The account a newcomer of a domain open to students gets: the Students group, their school's name for them. */
  async function joinAsStudent(email: string, name: string | undefined, via: string, domain: string) {
    const created = await directory.createStudent({ email, name: name?.trim() || email });
    // A sign-in racing this one made the account first: link to it as to an invited one.
    if (created === 'exists') return directory.findByEmail(email);
    await index.save(created);
    const entry: AuditEntry = {
      at: clock.now().toISOString(),
      actorId: SCHOOL_SIGN_IN_ACTOR,
      actor: SCHOOL_SIGN_IN_ACTOR,
      action: 'joinAsStudent',
      subject: `${displayName(created)} (${created.email})`,
      subjectId: created.userId,
      detail: `through ${via}: new people from ${domain} come in as students`,
    };
    await audit.record(entry);
    return { username: created.userId, enabled: true };
  }

  return {
    /** Links the identity to the school's account for its address, or refuses (SchoolSignInRefused, with the message the person sees). */
    async signUp(signUp: FederatedSignUp): Promise<void> {
      const found = providerOf(providers, signUp.userName);
      // A provider the pool federates but the stage did not describe: nobody's domain can be checked, so nobody comes in.
      if (!found) throw new SchoolSignInRefused(NOT_SET_UP_MESSAGE);
      // An address the provider has not verified proves nothing about who signs in.
      const email = signUp.emailVerified ? signUp.email?.trim().toLowerCase() : undefined;
      if (!email) throw new SchoolSignInRefused(NOT_SET_UP_MESSAGE);
      const domain = emailDomain(email);
      if (!domain || !found.provider.domains.includes(domain)) throw new SchoolSignInRefused(OTHER_DOMAIN_MESSAGE);
      const account =
        (await directory.findByEmail(email)) ??
        ((await domains.studentsMayJoin(domain)) ? await joinAsStudent(email, signUp.name, found.provider.name, domain) : undefined);
      if (!account) throw new SchoolSignInRefused(NOT_SET_UP_MESSAGE);
      if (!account.enabled) throw new SchoolSignInRefused(DISABLED_MESSAGE);
      // AdminLinkProviderForUser wants the provider's name as the pool has it, not as the user name spells it.
      await directory.link(account.username, { providerName: found.provider.name, subject: found.subject });
    },
  };
}
export type SchoolSignIn = ReturnType<typeof makeSchoolSignIn>;

/** The administrators' side: each configured domain and whether new people from it come in as students. */
export function makeSchoolSignInSettings(deps: { providers: readonly SchoolProviderRule[]; domains: DomainSettingStore; audit: AuditLog; clock: Clock }) {
  const { providers, domains, audit, clock } = deps;
  const configured = (): Map<string, string[]> => {
    const byDomain = new Map<string, string[]>();
    for (const provider of providers) for (const domain of provider.domains) byDomain.set(domain, [...(byDomain.get(domain) ?? []), provider.name]);
    return byDomain;
  };

  return {
    async list(): Promise<SchoolSignInDomain[]> {
      const saved = new Map((await domains.list()).map((setting) => [setting.domain, setting.studentsMayJoin]));
      return [...configured()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([domain, providerNames]) => ({ domain, providers: providerNames, studentsMayJoin: saved.get(domain) ?? false }));
    },

    async setStudentsMayJoin(caller: Caller, domainGiven: string, studentsMayJoin: boolean): Promise<SchoolSignInDomain> {
      const domain = domainGiven.trim().toLowerCase();
      const providerNames = configured().get(domain);
      if (!providerNames) {
        const known = [...configured().keys()];
        throw invalid(
          known.length
            ? `${domain} is not one of the school's sign-in domains (${known.join(', ')}).`
            : 'School sign-in is not turned on for this school: there are no sign-in domains to set.',
        );
      }
      await domains.save({ domain, studentsMayJoin });
      await audit.record({
        at: clock.now().toISOString(),
        actorId: caller.userId,
        actor: caller.name ?? caller.userId,
        action: 'setSchoolSignInDomain',
        subject: domain,
        detail: studentsMayJoin ? 'new people from this domain come in as students' : 'new people from this domain are refused',
      });
      return { domain, providers: providerNames, studentsMayJoin };
    },
  };
}
export type SchoolSignInSettings = ReturnType<typeof makeSchoolSignInSettings>;
