// From the rows of a OneRoster package to the people, classes and enrolments this platform keeps: each row checked on
// its own (references between files are resolved by the plan, which also knows what was imported before).
import { CLASS_LIMITS } from '@shared/class-admin';
import { emailSchema, personNameSchema } from '@shared/contract/people';
import { readableText } from '@shared/readable-text';
import type { Role } from '@shared/roles';
import type { FileMode, OneRosterPackage, OneRosterVersion, RosterError, Row, Table } from './package';

/** `tobedeleted` only in a delta file: a bulk file leaves a record out instead. */
export type RowStatus = 'active' | 'tobedeleted';

export interface RosterPerson {
  sourcedId: string;
  line: number;
  status: RowStatus;
  email: string;
  name: string;
  /** null when the package says nothing of their role (1.2 without roles.csv): the role they have stays. */
  role: Role | null;
  enabled: boolean;
}

export interface RosterClass {
  sourcedId: string;
  line: number;
  status: RowStatus;
  name: string;
  /** Kept for scores out: a gradebook line item names its class's school and term. */
  schoolSourcedId?: string;
  termSourcedId?: string;
}

export interface RosterEnrollment {
  sourcedId: string;
  line: number;
  status: RowStatus;
  classSourcedId: string;
  userSourcedId: string;
  role: 'student' | 'teacher';
  primary: boolean;
}

export interface Roster {
  version: OneRosterVersion;
  modes: { users: FileMode; classes: FileMode; enrollments: FileMode };
  people: RosterPerson[];
  classes: RosterClass[];
  enrollments: RosterEnrollment[];
  /** Rows left out for an error, by sourcedId: an enrolment naming one is explained, and bulk does not delete it. */
  skipped: { users: Map<string, number>; classes: Map<string, number> };
  errors: RosterError[];
}

export interface RosterOptions {
  /** The admin ticked "administrators become Admins"; otherwise the SIS's administrators are not imported. */
  importAdministrators: boolean;
}

/** The SIS's roles this platform has: 1.1's `administrator` and 1.2's three administrator roles are one. */
type SisRole = 'student' | 'teacher' | 'administrator';
const SIS_ROLES: Record<string, SisRole> = {
  student: 'student',
  teacher: 'teacher',
  administrator: 'administrator',
  systemAdministrator: 'administrator',
  siteAdministrator: 'administrator',
  districtAdministrator: 'administrator',
};
const ROLE_OF: Record<SisRole, Role> = { student: 'Students', teacher: 'Teachers', administrator: 'Admins' };

const classNameSchema = readableText('Class name', CLASS_LIMITS.classNameMaxLength);

export function readRoster(pkg: OneRosterPackage, options: RosterOptions): Roster {
  const errors = [...pkg.errors];
  const mode = (name: string): FileMode => (pkg.tables[name as keyof typeof pkg.tables] ? (pkg.modes[name] ?? 'absent') : 'absent');
  const skipped = { users: new Map<string, number>(), classes: new Map<string, number>() };
  const context = { errors, skipped };

  const roles = pkg.version === '1.2' ? rolesByUser(pkg.tables.roles, context, pkg.tables.users) : undefined;
  const people = readRows(pkg.tables.users, context, skipped.users, (row, status, who) => {
    if (status === 'tobedeleted') return { sourcedId: row.get('sourcedId'), line: row.line, status, email: '', name: '', role: null, enabled: false };
    const email = row.get('email');
    if (!email) return `${who} has no e-mail address; add it in your information system so they can sign in.`;
    const parsedEmail = emailSchema.safeParse(email);
    if (!parsedEmail.success) return `${who}: ${firstMessage(parsedEmail.error)} ("${email}")`;
    const given = row.get('preferredGivenName') || row.get('givenName');
    const family = row.get('preferredFamilyName') || row.get('familyName');
    const parsedName = personNameSchema.safeParse(`${given} ${family}`);
    if (!parsedName.success) return `${who}: ${firstMessage(parsedName.error)}`;
    const sisRole: SisRole | 'other' | undefined = pkg.version === '1.1' ? (SIS_ROLES[row.get('role')] ?? 'other') : roles?.get(row.get('sourcedId'));
    if (sisRole === 'other') return null;
    if (sisRole === 'administrator' && !options.importAdministrators) {
      return `${who} is an administrator in your information system; they were not imported. Tick "Administrators become Admins" to import them as Admins.`;
    }
    if (sisRole === undefined && pkg.tables.roles) return `${who} has no role in roles.csv; give them a role (student, teacher or an administrator role) in your information system.`;
    return {
      sourcedId: row.get('sourcedId'),
      line: row.line,
      status,
      email: parsedEmail.data,
      name: parsedName.data,
      role: sisRole === undefined ? null : ROLE_OF[sisRole],
      enabled: row.get('enabledUser') !== 'false',
    };
  });
  const emails = new Map<string, RosterPerson>();
  const distinctPeople = people.filter((person) => {
    if (person.status === 'tobedeleted') return true;
    const first = emails.get(person.email);
    if (!first) {
      emails.set(person.email, person);
      return true;
    }
    errors.push({ file: 'users.csv', line: person.line, message: `${person.email} is also the e-mail of ${first.sourcedId} on line ${first.line}; each person needs their own address. This row was skipped.` });
    skipped.users.set(person.sourcedId, person.line);
    return false;
  });

  const classes = readRows(pkg.tables.classes, context, skipped.classes, (row, status, who) => {
    if (status === 'tobedeleted') return { sourcedId: row.get('sourcedId'), line: row.line, status, name: '' };
    const parsed = classNameSchema.safeParse(row.get('title'));
    if (!parsed.success) return `${who}: ${firstMessage(parsed.error)} (title)`;
    const school = row.get('schoolSourcedId');
    const term = row.get('termSourcedIds').split(',')[0]!.trim();
    return { sourcedId: row.get('sourcedId'), line: row.line, status, name: parsed.data, ...(school && { schoolSourcedId: school }), ...(term && { termSourcedId: term }) };
  });

  const enrollments = readRows(pkg.tables.enrollments, context, new Map(), (row, status, who): RosterEnrollment | string | null => {
    const role = row.get('role');
    // Administrators, proctors and aides in a class have no place in this platform's classes.
    if (role !== 'student' && role !== 'teacher') return null;
    const classSourcedId = row.get('classSourcedId');
    const userSourcedId = row.get('userSourcedId');
    if (!classSourcedId || !userSourcedId) return `${who} needs both classSourcedId and userSourcedId.`;
    return { sourcedId: row.get('sourcedId'), line: row.line, status, classSourcedId, userSourcedId, role, primary: row.get('primary') === 'true' };
  });

  return {
    version: pkg.version,
    modes: { users: mode('users'), classes: mode('classes'), enrollments: mode('enrollments') },
    people: distinctPeople,
    classes,
    enrollments,
    skipped,
    errors,
  };
}

interface Context {
  errors: RosterError[];
}

/**
 * The rows of one file: a row needs a sourcedId not seen before in the file and, in a delta file, a status of active
 * or tobedeleted; a bulk file's tobedeleted row is left out as the binding asks. `read` answers the record, an error
 * message (the row is skipped and reported), or null for a row this platform has no use for.
 */
function readRows<T>(table: Table | undefined, { errors }: Context, skipped: Map<string, number>, read: (row: Row, status: RowStatus, who: string) => T | string | null): T[] {
  if (!table) return [];
  const seen = new Map<string, number>();
  const records: T[] = [];
  for (const row of table.rows) {
    const sourcedId = row.get('sourcedId');
    const who = describe(table.file, row);
    const fail = (message: string, { duplicate = false } = {}) => {
      errors.push({ file: table.file, line: row.line, message });
      if (sourcedId && !duplicate) skipped.set(sourcedId, row.line);
    };
    if (!sourcedId) {
      fail(`${who} has no sourcedId; every row needs the id your information system gives it.`);
      continue;
    }
    const first = seen.get(sourcedId);
    if (first !== undefined) {
      fail(`sourcedId ${sourcedId} is also on line ${first}; each row needs its own. This row was skipped.`, { duplicate: true });
      continue;
    }
    seen.set(sourcedId, row.line);
    const status = row.get('status');
    if (table.mode === 'bulk' && status === 'tobedeleted') continue;
    if (table.mode === 'delta' && status !== 'active' && status !== 'tobedeleted') {
      fail(`${who} has status "${status}"; in a delta file it must be active or tobedeleted.`);
      continue;
    }
    const record = read(row, table.mode === 'delta' ? (status as RowStatus) : 'active', who);
    if (typeof record === 'string') fail(record);
    else if (record !== null) records.push(record);
  }
  return records;
}

/**
 * A 1.2 person's role from roles.csv: their primary role this platform has, else the first such; 'other' for someone
 * whose roles this platform has none of (a guardian, a counsellor).
 */
function rolesByUser(table: Table | undefined, { errors }: Context, users: Table | undefined): Map<string, SisRole | 'other'> | undefined {
  if (!table) return undefined;
  const inUsers = new Set(users?.rows.map((row) => row.get('sourcedId')));
  const chosen = new Map<string, { role: SisRole | 'other'; primary: boolean }>();
  for (const row of table.rows) {
    if (row.get('status') === 'tobedeleted') continue;
    const user = row.get('userSourcedId');
    if (!inUsers.has(user)) {
      errors.push({ file: 'roles.csv', line: row.line, message: `userSourcedId ${user || '(empty)'} is not in users.csv; a role is read together with the person's row in users.csv.` });
      continue;
    }
    const role = SIS_ROLES[row.get('role')];
    const primary = row.get('roleType') === 'primary';
    const current = chosen.get(user);
    if (!role) {
      if (!current) chosen.set(user, { role: 'other', primary: false });
    } else if (!current || current.role === 'other' || (primary && !current.primary)) {
      chosen.set(user, { role, primary });
    }
  }
  return new Map([...chosen].map(([user, { role }]) => [user, role]));
}

function describe(file: string, row: Row): string {
  const sourcedId = row.get('sourcedId');
  if (file === 'users.csv') {
    const name = `${row.get('givenName')} ${row.get('familyName')}`.trim();
    return name ? `${name}${sourcedId ? ` (sourcedId ${sourcedId})` : ''}` : `The person with sourcedId ${sourcedId || '(empty)'}`;
  }
  if (file === 'classes.csv') return `The class ${row.get('title') ? `"${row.get('title')}" ` : ''}(sourcedId ${sourcedId || '(empty)'})`;
  return `The enrolment ${sourcedId || '(no sourcedId)'}`;
}

const firstMessage = (error: { issues: readonly { message: string }[] }) => error.issues[0]?.message ?? 'not valid';
