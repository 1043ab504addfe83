// What the domain needs from the outside world, as interfaces. Adapters (functions/src/repositories/,
// functions/src/directory/) implement them over injected clients; handlers wire them at cold start; tests use fakes.

// ---- Administration: the people directory, the audit trail, the clock, class rosters (admin branch) ----
import type { AuditEntry, Person, PersonStatus } from '../../../shared/people';
import type { Role } from '../../../shared/roles';

export interface NewPerson {
  email: string;
  name: string;
  role: Role;
}

export interface PeopleQuery {
  /** Matches the start of a name, or of an e-mail when it contains "@". */
  search?: string;
  role?: Role;
  status?: PersonStatus;
  /** The directory's own pagination token, from the previous page. */
  next?: string;
}

/** The identity service's users. A person's id is their `sub`; their role is the one group of ours they are in. */
export interface UserDirectory {
  /** Creates the user in the role's group; 'exists' (and nothing created) when the e-mail has an account already. */
  create(person: NewPerson): Promise<{ person: Person; temporaryPassword?: string } | 'exists'>;
  /** Sends the invitation again with a fresh temporary password (returned only where no e-mail is sent). */
  resendInvitation(person: Person): Promise<{ temporaryPassword?: string }>;
  get(userId: string): Promise<Person | undefined>;
  findByEmail(email: string): Promise<Person | undefined>;
  /** One page, at most 60 people; filters the directory cannot apply itself are applied to the page. */
  list(query: PeopleQuery): Promise<{ people: Person[]; next?: string }>;
  /** Everyone in a role's group, every page. */
  listRole(role: Role): Promise<Person[]>;
  setName(userId: string, name: string): Promise<void>;
  /** Moves the person from their current group (if any) to the new role's group. */
  setRole(person: Person, role: Role): Promise<void>;
  /** Disables sign-in and ends every session (refresh tokens revoked). */
  disable(userId: string): Promise<void>;
  enable(userId: string): Promise<void>;
}

export interface AuditLog {
  record(entry: AuditEntry): Promise<void>;
  /** Newest first. */
  recent(limit: number): Promise<AuditEntry[]>;
}

export interface Clock {
  now(): Date;
}

/** Class items keep their members' display names (so rosters and reports need no look-ups); a rename follows. */
export interface RosterNames {
  renameTeacher(teacherId: string, name: string): Promise<void>;
  renameStudent(studentId: string, name: string): Promise<void>;
}

/** Whole-school figures for the admin dashboard. */
export interface SchoolFigures {
  classes(): Promise<{ total: number; withoutTeacher: number; withoutStudents: number }>;
  /** Modules owned by these teachers. */
  modulesOf(teacherIds: string[]): Promise<number>;
}

/** A class as the administration use cases see it (teacherId '' while it has none). */
export interface SchoolClass {
  classId: string;
  className: string;
  teacherId: string;
  teacherName: string;
  /** Student id → display name. */
  students: Record<string, string>;
  assignedModuleIds: string[];
}

/** Classes and enrolments, written through the class repository (so the roster's storage can change in one place). */
export interface ClassStore {
  list(): Promise<SchoolClass[]>;
  get(classId: string): Promise<SchoolClass | undefined>;
  /** False when the id is taken. */
  create(schoolClass: Pick<SchoolClass, 'classId' | 'className' | 'teacherId' | 'teacherName'>): Promise<boolean>;
  /** False when the class does not exist (the same for the other changes). */
  rename(classId: string, className: string): Promise<boolean>;
  setTeacher(classId: string, teacher: { id: string; name: string } | null): Promise<boolean>;
  /** Refuses a student past the class's limit atomically. */
  enrol(classId: string, studentId: string, name: string): Promise<'enrolled' | 'alreadyEnrolled' | 'full' | 'noClass'>;
  unenrol(classId: string, studentId: string): Promise<void>;
  /** The class, its enrolments and its progress; modules stay. */
  delete(classId: string): Promise<void>;
}
