// In-memory adapters for the administration ports that behave like the real ones: the directory refuses a
// second account for an e-mail (whatever its case), keeps one group per person, and pages its lists.
import type { AuditEntry, Person } from '@shared/people';
import type { Role } from '@shared/roles';
import type { AuditLog, Clock, EnrolledStudent, PeopleQuery, RosterNames, SchoolFigures, UserDirectory } from '../../src/domain/ports';

export class InMemoryDirectory implements UserDirectory {
  readonly people = new Map<string, Person>();
  readonly calls: string[] = [];
  private nextId = 1;

  constructor(private readonly pageSize = 60) {}

  add(person: Partial<Person> & Pick<Person, 'email'>): Person {
    const full: Person = { userId: `user-${this.nextId++}`, name: '', role: null, status: 'active', createdAt: '2026-01-01T00:00:00.000Z', ...person };
    this.people.set(full.userId, full);
    return full;
  }

  async create({ email, name, role }: { email: string; name: string; role: Role }) {
    this.calls.push(`create ${email}`);
    if ([...this.people.values()].some((person) => person.email.toLowerCase() === email.toLowerCase())) return 'exists' as const;
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
  async list({ role, status, search, next }: PeopleQuery) {
    const all = [...this.people.values()].filter(
      (person) => (!role || person.role === role) && (!status || person.status === status) && (!search || person.email.startsWith(search) || person.name.startsWith(search)),
    );
    const start = next ? Number(next) : 0;
    const end = start + this.pageSize;
    return { people: all.slice(start, end), ...(end < all.length ? { next: String(end) } : {}) };
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
  async disable(userId: string) {
    this.calls.push(`disable ${userId}`);
    this.people.set(userId, { ...this.people.get(userId)!, status: 'disabled' });
  }
  async enable(userId: string) {
    this.calls.push(`enable ${userId}`);
    this.people.set(userId, { ...this.people.get(userId)!, status: 'active' });
  }
}

export class InMemoryAuditLog implements AuditLog {
  readonly entries: AuditEntry[] = [];
  async record(entry: AuditEntry) {
    this.entries.push(entry);
  }
  async recent(limit: number) {
    return [...this.entries].sort((a, b) => b.at.localeCompare(a.at)).slice(0, limit);
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
