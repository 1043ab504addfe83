// In-memory adapters for the administration ports that behave like the real ones: the directory refuses a
// second account for an e-mail (whatever its case), keeps one group per person; the people index keeps
// copies as the table does.
import type { AuditEntry, AuditQuery } from '@shared/contract/audit';
import type { Person } from '@shared/contract/people';
import type { PersonStatus } from '@shared/people';
import type { Role } from '@shared/roles';
import { displayName } from '@shared/person-name';
import { matchesPeopleSearch, normaliseSearchText } from '@shared/people-search';
import { invalid } from '../../kernel/errors';
import type { AuditLog } from '../../audit/port';
import type { EnrolledStudent } from '../../classes/port';
import type { Clock } from '../../kernel/ports';
import type { PeopleIndex, PeopleQuery, PersonAccess, PersonAccessStore, PersonField, RosterNames, SchoolFigures, UserDirectory } from '../port';

export class InMemoryDirectory implements UserDirectory {
  readonly people = new Map<string, Person>();
  readonly calls: string[] = [];
  private nextId = 1;

  add(person: Partial<Person> & Pick<Person, 'email'>): Person {
    const full: Person = { userId: `user-${this.nextId++}`, name: '', role: null, status: 'active', createdAt: '2026-01-01T00:00:00.000Z', ...person };
    this.people.set(full.userId, full);
    return full;
  }

  async create(
    { email, name, role }: { email: string; name: string; role: Role },
    { invitation = 'email', signIn }: { invitation?: 'email' | 'none'; signIn?: 'lms' } = {},
  ) {
    this.calls.push(signIn === 'lms' ? `create ${email} for LMS sign-in` : invitation === 'none' ? `create ${email} without invitation` : `create ${email}`);
    if ([...this.people.values()].some((person) => person.email.toLowerCase() === email.toLowerCase())) return 'exists' as const;
    if (signIn === 'lms') return { person: this.add({ email, name, role, status: 'active' }) };
    return { person: this.add({ email, name, role, status: 'invited' }), temporaryPassword: `temp-${email}` };
  }
  async resendInvitation(person: Person) {
    this.calls.push(`resend ${person.email}`);
    return { temporaryPassword: `again-${person.email}` };
  }
  async get(userId: string) {
    return this.people.get(userId);
  }
  async findByEmail(email: string) {
    return [...this.people.values()].find((person) => person.email === email.toLowerCase());
  }
  async listEveryone() {
    return [...this.people.values()];
  }
  async listRole(role: Role) {
    return [...this.people.values()].filter((person) => person.role === role);
  }
  async setName(userId: string, name: string) {
    this.calls.push(`setName ${userId} ${name}`);
    this.people.set(userId, { ...this.people.get(userId)!, name });
  }
  async setRole(person: Person, role: Role) {
    this.calls.push(`setRole ${person.userId} ${role}`);
    this.people.set(person.userId, { ...this.people.get(person.userId)!, role });
  }
  async signOut(userId: string) {
    this.calls.push(`signOut ${userId}`);
  }
  async disable(userId: string) {
    this.calls.push(`disable ${userId}`);
    this.people.set(userId, { ...this.people.get(userId)!, status: 'disabled' });
  }
  async enable(userId: string) {
    this.calls.push(`enable ${userId}`);
    this.people.set(userId, { ...this.people.get(userId)!, status: 'active' });
  }
  async remove(userId: string) {
    this.calls.push(`remove ${userId}`);
    this.people.delete(userId);
  }
}

export class InMemoryAuditLog implements AuditLog {
  readonly entries: AuditEntry[] = [];
  async record(entry: AuditEntry) {
    this.entries.push(entry);
  }
  async about(userId: string, email: string) {
    return [...this.entries].sort((a, b) => a.at.localeCompare(b.at)).filter((entry) => entry.actorId === userId || entry.subjectId === userId || entry.subject.includes(email));
  }
  async recent(limit: number) {
    return [...this.entries].sort((a, b) => b.at.localeCompare(a.at)).slice(0, limit);
  }
  /** Pages continue after the `at` of the last entry given (the clocks of these tests never repeat a time). */
  async page({ actorId, action, from, to, next }: AuditQuery, pageSize: number) {
    const matching = [...this.entries]
      .sort((a, b) => b.at.localeCompare(a.at))
      .filter(
        (entry) =>
          (!actorId || entry.actorId === actorId) &&
          (!action || entry.action === action) &&
          (!from || entry.at >= from) &&
          (!to || entry.at <= to) &&
          (next === undefined || entry.at < next),
      );
    const entries = matching.slice(0, pageSize);
    return { entries, ...(matching.length > pageSize ? { next: entries.at(-1)!.at } : {}) };
  }
}

/** A clock that moves one second per reading, so audit entries have distinct, ordered times. */
export function steppingClock(start = Date.parse('2026-11-23T10:00:00.000Z')): Clock {
  let now = start;
  return { now: () => new Date((now += 1000)) };
}

export class InMemoryRosters implements RosterNames {
  readonly teacherNames = new Map<string, string>();
  /** Student id → the name and e-mail their enrolments were given. */
  readonly students = new Map<string, EnrolledStudent>();
  /** Teacher id → the names of the classes they teach. */
  readonly taught = new Map<string, string[]>();
  async renameTeacher(teacherId: string, name: string) {
    this.teacherNames.set(teacherId, name);
  }
  async renameStudent(student: EnrolledStudent) {
    this.students.set(student.studentId, student);
  }
  async classesTaughtBy(teacherId: string) {
    return this.taught.get(teacherId) ?? [];
  }
}

export const fixedFigures = (classes = { total: 0, withoutTeacher: 0, withoutStudents: 0 }, modulesPerTeacher = 0): SchoolFigures => ({
  classes: async () => classes,
  modulesOf: async (teacherIds) => teacherIds.length * modulesPerTeacher,
});

/** The people index as the table keeps it: whole copies or changed fields, name order, pages continuing after a name. */
export class InMemoryPeopleIndex implements PeopleIndex {
  readonly copies = new Map<string, Person>();

  constructor(private readonly pageSize?: number) {}

  /** The copy as `npm run migrate` leaves it: everyone the directory has. */
  static of(directory: InMemoryDirectory, pageSize?: number): InMemoryPeopleIndex {
    const index = new InMemoryPeopleIndex(pageSize);
    for (const person of directory.people.values()) index.copies.set(person.userId, { ...person });
    return index;
  }

  async get(userId: string) {
    const copy = this.copies.get(userId);
    return copy && { ...copy };
  }
  async save(person: Person) {
    this.copies.set(person.userId, { ...person });
  }
  async update(person: Person, changed: readonly PersonField[]) {
    const copy = this.copies.get(person.userId) ?? person;
    this.copies.set(person.userId, { ...copy, ...Object.fromEntries(changed.map((field) => [field, person[field]])) });
  }
  async markSignedIn(userId: string) {
    const copy = this.copies.get(userId);
    if (copy?.status === 'invited') this.copies.set(userId, { ...copy, status: 'active' });
  }
  async search(query: Omit<PeopleQuery, 'status'> & { statuses?: readonly PersonStatus[] }, pageSize: number) {
    const sortKey = (person: Person) => `${normaliseSearchText(displayName(person))}#${person.userId}`;
    if (query.next !== undefined && ![...this.copies.values()].some((person) => sortKey(person) === query.next)) {
      throw invalid('next is not one this list gave; start again without it.');
    }
    const size = this.pageSize ?? pageSize;
    const matching = [...this.copies.values()]
      .filter(
        (person) =>
          (!query.role || person.role === query.role) &&
          (!query.statuses?.length || query.statuses.includes(person.status)) &&
          matchesPeopleSearch(person, query.search),
      )
      .sort((a, b) => sortKey(a).localeCompare(sortKey(b)))
      .filter((person) => query.next === undefined || sortKey(person) > query.next);
    const people = matching.slice(0, size);
    return { people, ...(matching.length > size ? { next: sortKey(people.at(-1)!) } : {}) };
  }
  async disabledAmong(userIds: string[]) {
    return new Set(userIds.filter((userId) => this.copies.get(userId)?.status === 'disabled'));
  }
  async everyone() {
    return [...this.copies.values()].map((person) => ({ ...person }));
  }
  async replaceAll(everyone: Person[]) {
    const removed = [...this.copies.keys()].filter((userId) => !everyone.some((person) => person.userId === userId)).length;
    this.copies.clear();
    for (const person of everyone) this.copies.set(person.userId, { ...person });
    return { saved: everyone.length, removed };
  }
}

/** The access records as the table keeps them: conditional writes refuse as DynamoDB's would. */
export class InMemoryPersonAccess implements PersonAccessStore {
  readonly records = new Map<string, PersonAccess>();
  private change(userId: string, changes: PersonAccess) {
    this.records.set(userId, { ...this.records.get(userId), ...changes });
  }
  async read(userId: string) {
    return { ...this.records.get(userId) };
  }
  async revokeTokens(userId: string, atSecond: number) {
    if ((this.records.get(userId)?.tokensRevokedAt ?? -1) < atSecond) this.change(userId, { tokensRevokedAt: atSecond });
  }
  async markSecondFactorOn(userId: string, at: number) {
    const since = this.records.get(userId)?.secondFactorSince ?? at;
    this.change(userId, { secondFactorSince: since });
    return since;
  }
  async forgetSecondFactor(userId: string) {
    this.change(userId, { secondFactorSince: undefined });
  }
  async beginRoleChange(userId: string, now: number, until: number) {
    const record = this.records.get(userId);
    if (record?.roleChangeUntil !== undefined && record.roleChangeUntil >= now) return false;
    this.change(userId, { roleChangeUntil: until, roleVersion: (record?.roleVersion ?? 0) + 1 });
    return true;
  }
  async endRoleChange(userId: string, until: number) {
    if (this.records.get(userId)?.roleChangeUntil === until) this.change(userId, { roleChangeUntil: undefined });
  }
}
