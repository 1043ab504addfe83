// What the people use cases need: the identity service's directory, the table's copy of it, access records, rosters' names, school figures.
import type { Person } from '@shared/contract/people';
import type { PersonStatus } from '@shared/people';
import type { Role } from '@shared/roles';
import type { EnrolledStudent } from '../classes/port';

export interface NewPerson {
  email: string;
  name: string;
  role: Role;
}

export interface PeopleQuery {
  /** Every word must occur in the name or e-mail, whatever the case and accents (`shared/people-search.ts`). */
  search?: string;
  role?: Role;
  status?: PersonStatus;
  /** The cursor of the previous page. */
  next?: string;
}

/** What a change to a person touched, so that the copy sets only that (concurrent changes of others are kept). */
export type PersonField = 'name' | 'role' | 'status';

/**
 * The table's searchable copy of the directory (one small item per person, in name order), kept by the people use
 * cases on every change and rebuilt from the directory by `npm run migrate`. Cognito stays the authority on sign-in.
 */
export interface PeopleIndex {
  /** Writes the whole person (an invitation, a repair). */
  save(person: Person): Promise<void>;
  /** Sets the changed fields from `person`; the others only where the copy lacks the person (written before copies). */
  update(person: Person, changed: readonly PersonField[]): Promise<void>;
  /** The person has signed in since being invited: 'invited' becomes 'active' (and nothing else does). */
  markSignedIn(userId: string): Promise<void>;
  /** One page in name order, of people in any of `statuses`; a `next` this index did not give is a DomainError 'invalid'. */
  search(
    query: Omit<PeopleQuery, 'status'> & { statuses?: readonly PersonStatus[] },
    pageSize: number,
  ): Promise<{ people: Person[]; next?: string }>;
  /** Every copy (a OneRoster import compares the whole school): one Query of the partition, about 1.5 MB for 5,000. */
  everyone(): Promise<Person[]>;
  /** Makes the copy exactly these people: each saved, copies of anyone else removed. */
  replaceAll(people: Person[]): Promise<{ saved: number; removed: number }>;
  /** The person's copy, read by key. */
  get(userId: string): Promise<Person | undefined>;
  /** Which of these people are disabled, by their copies' status, read by key (≤ 100 a call, all at once). */
  disabledAmong(userIds: string[]): Promise<Set<string>>;
}

/**
 * What makes a change of someone's role or access reach the tokens they already hold, and what serializes changes of
 * their role (one small record per person).
 */
export interface PersonAccess {
  /** Tokens issued at or before this second (epoch seconds) are refused: the person's last role or access change. */
  tokensRevokedAt?: number;
  /** When the server first saw the person's two-factor authentication on (epoch ms); earlier sign-ins did not use it. */
  secondFactorSince?: number;
  /** A role change in progress holds the person until then (epoch ms): no other role change, no class to teach. */
  roleChangeUntil?: number;
  /** How many role changes the person has had: a teacher assignment holds only if none came between. */
  roleVersion?: number;
  /**
   * The person is being erased or was (their erase job exists, erasure/port.ts): every token of theirs is refused. Not
   * on the record, which the erase deletes: read beside it, under the erase's pseudonym.
   */
  erased?: true;
}

export interface PersonAccessStore {
  /** The record as it is now (strongly consistent), and whether the person is erased; empty for someone never changed. */
  read(userId: string): Promise<PersonAccess>;
  /** Refuses every token issued at or before `atSecond` (epoch seconds); never moves the mark back. */
  revokeTokens(userId: string, atSecond: number): Promise<void>;
  /** Records that the second factor is on, once: answers since when it is known to be (the first record stays). */
  markSecondFactorOn(userId: string, at: number): Promise<number>;
  /** The second factor was seen off: its record goes, so turning it on again starts a new one. */
  forgetSecondFactor(userId: string): Promise<void>;
  /** Takes the person for a role change until `until` (epoch ms); false when another change holds them (and not expired). */
  beginRoleChange(userId: string, now: number, until: number): Promise<boolean>;
  /** Lets the person go after a role change begun with `until`. */
  endRoleChange(userId: string, until: number): Promise<void>;
}

/** The identity service's users. A person's id is their `sub`; their role is the one group of ours they are in. */
export interface UserDirectory {
  /**
   * Creates the user in the role's group; 'exists' (and nothing created) when the e-mail has an account already.
   * `invitation: 'none'` makes the account without the invitation e-mail (people who sign in through the school's provider).
   * `signIn: 'lms'` (with no invitation) makes it ready to sign in from an LMS launch alone: confirmed, with a random
   * password nobody is told, so it is never an invitation waiting for a first password.
   */
  create(
    person: NewPerson,
    options?: { invitation?: 'email' | 'none'; signIn?: 'lms' },
  ): Promise<{ person: Person; temporaryPassword?: string } | 'exists'>;
  /** Sends the invitation again with a fresh temporary password (returned only where no e-mail is sent). */
  resendInvitation(person: Person): Promise<{ temporaryPassword?: string }>;
  get(userId: string): Promise<Person | undefined>;
  findByEmail(email: string): Promise<Person | undefined>;
  /** Everyone in the directory, with their role (the people index's repair). */
  listEveryone(): Promise<Person[]>;
  /** Everyone in a role's group, every page. */
  listRole(role: Role): Promise<Person[]>;
  setName(userId: string, name: string): Promise<void>;
  /** Puts the person in the new role's group and takes them out of every other role's group. */
  setRole(person: Person, role: Role): Promise<void>;
  /** Ends every session of the person (global sign-out: refresh tokens revoked, tokens refused by the identity service). */
  signOut(userId: string): Promise<void>;
  /** Disables sign-in and ends every session (signOut). */
  disable(userId: string): Promise<void>;
  enable(userId: string): Promise<void>;
  /** Deletes the user for good (an erase); nothing happens for a user who is gone already. */
  remove(userId: string): Promise<void>;
}

/** Class items keep their members' display names (so rosters and reports need no look-ups); a rename follows. */
export interface RosterNames {
  renameTeacher(teacherId: string, name: string): Promise<void>;
  /** The student's name and e-mail on each of their enrolments. */
  renameStudent(student: EnrolledStudent): Promise<void>;
  /** The names of the classes this person teaches. */
  classesTaughtBy(teacherId: string): Promise<string[]>;
}

/** Whole-school figures for the admin dashboard. */
export interface SchoolFigures {
  classes(): Promise<{ total: number; withoutTeacher: number; withoutStudents: number }>;
  /** Modules owned by these teachers. */
  modulesOf(teacherIds: string[]): Promise<number>;
}
