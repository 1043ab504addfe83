// Use cases for administering people: invite (one or many), look up, list, rename, change role, disable and enable;
// every signed-in person can rename themselves. Every admin change is written to the audit trail.
import type { AccessOutcome, AdminOverview, Invitation, InvitationOutcome, PeopleCounts, PeoplePage, Person } from '@shared/contract/people';
import { PEOPLE_LIMITS, PERSON_STATUSES } from '@shared/people';
import { displayName } from '@shared/person-name';
import { ROLES, type Role } from '@shared/roles';
import { makeChangeRecorder } from '../audit/audit';
import type { Caller } from '../kernel/caller';
import { mapWithConcurrency } from '../kernel/concurrency';
import { conflict, DomainError, forbidden, notFound } from '../kernel/errors';
import type { AuditLog } from '../audit/port';
import type { Clock } from '../kernel/ports';
import type { NewPerson, PeopleIndex, PeopleQuery, PersonAccessStore, RosterNames, SchoolFigures, UserDirectory } from './port';

export const PERSON_NOT_FOUND = 'There is no such person; reload the list.';

/** The account was made but the directory does not show the role asked for: a conflict with what was asked (409). */
export class RoleNotConfirmedError extends DomainError {
  constructor(email: string, role: Role) {
    super('conflict', `${email} was invited, but their role (${role}) could not be confirmed; invite them again to give it.`);
  }
}
/** Invitations in flight at once: Cognito's AdminCreateUser quota is 50 requests a second per account. */
export const INVITE_CONCURRENCY = 5;
export const LOOKUP_CONCURRENCY = 10;
const RECENT_CHANGES = 20;
/**
 * How long a role change holds its person (ms): longer than a function may run (10 s), so a holder never outlives
 * it, and a change that died midway frees the person a little later.
 */
export const ROLE_CHANGE_HOLD_MS = 30_000;
export const ROLE_CHANGE_BUSY_MESSAGE = "Another change of this person's role is under way; reload the list, then try again.";

export interface PeopleServiceDeps {
  directory: UserDirectory;
  access: PersonAccessStore;
  index: PeopleIndex;
  audit: AuditLog;
  clock: Clock;
  rosters: RosterNames;
  figures: SchoolFigures;
}

export type PeopleService = ReturnType<typeof makePeopleService>;

export type PeopleQueries = ReturnType<typeof makePeopleQueries>;
export type PeopleLookup = ReturnType<typeof makePeopleLookup>;

/** Look-ups by e-mail, which need the directory only (their route touches no table). */
export function makePeopleLookup({ directory }: Pick<PeopleServiceDeps, 'directory'>) {
  return {
    /** The people who have these e-mail addresses (for previews: who exists already, with which role). */
    async lookup(emails: string[]): Promise<Person[]> {
      const found = await mapWithConcurrency([...new Set(emails)], LOOKUP_CONCURRENCY, (email) => directory.findByEmail(email));
      return found.filter((person): person is Person => person !== undefined);
    },
  };
}

/** Makes the people index exactly the directory again (`npm run migrate`): after changes made outside the app. */
export async function rebuildPeopleIndex({ directory, index }: Pick<PeopleServiceDeps, 'directory' | 'index'>) {
  return index.replaceAll(await directory.listEveryone());
}

export const describePeopleIndex = ({ saved, removed }: { saved: number; removed: number }) =>
  `People index rebuilt from the user pool: ${saved} ${saved === 1 ? 'person' : 'people'} copied, ${removed} removed.`;

/** The read-only use cases: look-ups in the directory, the list from the people index. */
export function makePeopleQueries({ directory, index }: Pick<PeopleServiceDeps, 'directory' | 'index'>) {
  /**
   * A first sign-in changes the status in the directory alone (no use case sees it), so the copy's "invited" is read
   * again for the people on the page; a person found signed in is marked so in the copy.
   */
  async function withSignInsSeen(people: Person[]): Promise<Person[]> {
    return mapWithConcurrency(people, LOOKUP_CONCURRENCY, async (person) => {
      if (person.status !== 'invited') return person;
      if ((await directory.get(person.userId))?.status !== 'active') return person;
      await index.markSignedIn(person.userId);
      return { ...person, status: 'active' };
    });
  }

  return {
    ...makePeopleLookup({ directory }),

    /** One page of people in name order; "active" also reads copies still saying "invited", to see sign-ins. */
    async list({ status, ...query }: PeopleQuery): Promise<PeoplePage> {
      const statuses = status === 'active' ? (['active', 'invited'] as const) : status ? [status] : undefined;
      const page = await index.search({ ...query, statuses }, PEOPLE_LIMITS.pageSize);
      const people = (await withSignInsSeen(page.people)).filter((person) => !status || person.status === status);
      return { people, ...(page.next ? { next: page.next } : {}) };
    },
  };
}

export function makePeopleService({ directory, access: accessRecords, index, audit, clock, rosters, figures }: PeopleServiceDeps) {
  /** The person as the audit trail names them, with their id. */
  const describe = (person: Pick<Person, 'userId' | 'name' | 'email'>) => ({
    text: person.name && person.name !== person.email ? `${person.name} (${person.email})` : person.email,
    personId: person.userId,
  });

  const record = makeChangeRecorder({ directory, audit, clock });

  async function requirePerson(userId: string): Promise<Person> {
    const person = await directory.get(userId);
    if (!person) throw notFound(PERSON_NOT_FOUND);
    return person;
  }

  /** An admin cannot lock themselves out: their own role and access are changed by another admin. */
  function refuseSelf(caller: Caller, userId: string, what: string) {
    if (caller.userId === userId) throw forbidden(`You cannot ${what} your own account; ask another administrator.`);
  }

  /**
   * A change of role or access reaches every token the person holds: they are signed out everywhere (no refresh), and
   * every token issued until now is refused from their next request on (an access token outlives a sign-out).
   */
  async function endSessions(userId: string) {
    await directory.signOut(userId);
    await accessRecords.revokeTokens(userId, Math.floor(clock.now().getTime() / 1000));
  }

  async function rename(person: Person, name: string) {
    const { userId, email } = person;
    await directory.setName(userId, name);
    await index.update({ ...person, name }, ['name']);
    await rosters.renameTeacher(userId, name);
    await rosters.renameStudent({ studentId: userId, name, email });
  }

  /**
   * Invites a person, once: an invitation of the same e-mail with the same role that is still pending answers that
   * person (`created: false`, no new password), so a retry after a timeout does not report the first try's person as
   * a conflict; one the first try left without a role gets it now. Anyone else with an account is a conflict.
   */
  async function inviteOnce(caller: Caller, input: NewPerson): Promise<Invitation & { created: boolean }> {
    const created = await directory.create(input);
    if (created === 'exists') {
      const pending = await directory.findByEmail(input.email);
      if (pending && pending.status === 'invited' && (pending.role === input.role || pending.role === null)) {
        if (pending.role === null) {
          // The first try stopped between creating the account and giving it its role: this one finishes it.
          await directory.setRole(pending, input.role);
          await confirmRole(pending, input.role);
          await index.save({ ...pending, role: input.role });
          await record(caller, 'invite', describe(pending), `as ${input.role}`);
        }
        return { person: { ...pending, role: input.role }, created: false };
      }
      throw conflict(
        `${input.email} already has an account; find them in the list (use "Resend invitation" if they have not signed in yet).`,
      );
    }
    await confirmRole(created.person, input.role);
    await index.save({ ...created.person, role: input.role });
    await record(caller, 'invite', describe(created.person), `as ${input.role}`);
    return { ...created, created: true };
  }

  /**
   * Reads back the role just given: an invitation is reported done only once the directory says so (a role lost on
   * the way left people invited "as Students" with no role). The same invitation again gives it (inviteOnce).
   */
  async function confirmRole(person: Person, role: Role) {
    if ((await directory.get(person.userId))?.role !== role) throw new RoleNotConfirmedError(person.email, role);
  }

  async function disable(caller: Caller, userId: string): Promise<Person> {
    refuseSelf(caller, userId, 'disable');
    const person = await requirePerson(userId);
    await directory.disable(userId);
    await endSessions(userId);
    await index.update({ ...person, status: 'disabled' }, ['status']);
    if (person.status !== 'disabled') await record(caller, 'disable', describe(person));
    return { ...person, status: 'disabled' };
  }

  async function enable(caller: Caller, userId: string): Promise<Person> {
    const person = await requirePerson(userId);
    if (person.status !== 'disabled') return index.update(person, ['status']).then(() => person);
    await directory.enable(userId);
    await endSessions(userId);
    await record(caller, 'enable', describe(person));
    // Whether they had signed in before is not known from a disabled account's record; re-read it.
    const enabled = (await directory.get(userId)) ?? { ...person, status: 'active' as const };
    await index.update(enabled, ['status']);
    return enabled;
  }

  async function changeRoleHeld(caller: Caller, userId: string, role: Role): Promise<Person> {
    const person = await requirePerson(userId);
    // Already so in the directory (a retry after the copy's write failed): the copy is brought along.
    if (person.role === role) return index.update(person, ['role']).then(() => person);
    // A class keeps its teacher id; moving that person out of Teachers would leave the class with a teacher who
    // cannot sign in to teach it.
    const taught = person.role === 'Teachers' ? await rosters.classesTaughtBy(userId) : [];
    if (taught.length > 0) {
      throw conflict(
        `${displayName(person)} teaches ${taught.join(', ')}; give ${taught.length === 1 ? 'that class' : 'those classes'} another teacher first.`,
      );
    }
    await directory.setRole(person, role);
    await index.update({ ...person, role }, ['role']);
    await endSessions(userId);
    await record(caller, 'changeRole', describe(person), `from ${person.role ?? 'no role'} to ${role}`);
    return { ...person, role };
  }

  return {
    ...makePeopleQueries({ directory, index }),

    invite: inviteOnce,

    /** Invites each row on its own: one failure does not stop the others, and each row says what happened. */
    async inviteMany(caller: Caller, rows: NewPerson[]): Promise<InvitationOutcome[]> {
      return mapWithConcurrency(rows, INVITE_CONCURRENCY, async (row): Promise<InvitationOutcome> => {
        try {
          const { person, temporaryPassword } = await inviteOnce(caller, row);
          return { email: row.email, outcome: 'invited', person, ...(temporaryPassword ? { temporaryPassword } : {}) };
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          const exists = error instanceof DomainError && error.kind === 'conflict' && !(error instanceof RoleNotConfirmedError);
          return { email: row.email, outcome: exists ? 'exists' : 'failed', message };
        }
      });
    },

    async resendInvitation(caller: Caller, userId: string): Promise<{ temporaryPassword?: string }> {
      const person = await requirePerson(userId);
      if (person.status !== 'invited') {
        throw conflict(`${displayName(person)} has already signed in; there is no invitation to resend.`);
      }
      const resent = await directory.resendInvitation(person);
      await record(caller, 'resendInvitation', describe(person));
      return resent;
    },

    async renamePerson(caller: Caller, userId: string, name: string): Promise<Person> {
      const person = await requirePerson(userId);
      await rename(person, name);
      await record(caller, 'rename', describe({ ...person, name }), `was "${displayName(person)}"`);
      return { ...person, name };
    },

    /** Any signed-in person's own name; it follows into the rosters of their classes. */
    async renameSelf(caller: Caller, name: string): Promise<Person> {
      const person = await requirePerson(caller.userId);
      await rename(person, name);
      return { ...person, name };
    },

    /**
     * One role change of a person at a time (another at once is a 409): two at once each moved the person from the
     * role they read, leaving them in both new groups.
     */
    async changeRole(caller: Caller, userId: string, role: Role): Promise<Person> {
      refuseSelf(caller, userId, 'change the role of');
      // Someone who does not exist is a 404 before the hold is taken: a refused change writes nothing.
      await requirePerson(userId);
      const now = clock.now().getTime();
      const until = now + ROLE_CHANGE_HOLD_MS;
      if (!(await accessRecords.beginRoleChange(userId, now, until))) throw conflict(ROLE_CHANGE_BUSY_MESSAGE);
      try {
        return await changeRoleHeld(caller, userId, role);
      } finally {
        await accessRecords.endRoleChange(userId, until);
      }
    },

    disable,

    enable,

    /**
     * Disables or enables each person on their own (as the single routes do, audit included): one refusal (their own
     * account, someone gone) does not stop the others, and each answers what it came to.
     */
    async setAccessMany(caller: Caller, access: 'disabled' | 'enabled', userIds: string[]): Promise<AccessOutcome[]> {
      return mapWithConcurrency([...new Set(userIds)], INVITE_CONCURRENCY, async (userId): Promise<AccessOutcome> => {
        try {
          return { userId, outcome: 'done', person: access === 'disabled' ? await disable(caller, userId) : await enable(caller, userId) };
        } catch (error) {
          if (!(error instanceof DomainError)) throw error;
          return { userId, outcome: 'failed', message: error.message };
        }
      });
    },

    async overview(): Promise<AdminOverview> {
      const members = await Promise.all(ROLES.map((role) => directory.listRole(role)));
      const people = Object.fromEntries(
        ROLES.map((role, index) => [
          role,
          Object.fromEntries(PERSON_STATUSES.map((status) => [status, members[index].filter((person) => person.status === status).length])),
        ]),
      ) as PeopleCounts;
      const teacherIds = members[ROLES.indexOf('Teachers')].map((person) => person.userId);
      const [classes, modules, recentChanges] = await Promise.all([
        figures.classes(),
        figures.modulesOf(teacherIds),
        audit.recent(RECENT_CHANGES),
      ]);
      return { people, classes, modules, recentChanges };
    },
  };
}
