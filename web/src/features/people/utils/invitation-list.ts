// The roster preview: a pasted list or a CSV file (`email,name,role,class`, header optional, class optional) becomes
// rows, and each row is classified before anything is written: a new person (invited, and enrolled when a class is
// given), an existing person (enrolled when a class is given), already enrolled, or an error (e-mail, name, role,
// class, or a repeat of an earlier row of the same list), each with a sentence saying what to correct.
import { emailSchema, personNameSchema, type InvitePersonInput, type Person } from '@shared/contract/people';
import { PEOPLE_LIMITS } from '@shared/people';
import { normaliseSearchText } from '@shared/people-search';
import type { Role } from '@shared/roles';

export interface ListedRow {
  /** 1-based line in what was pasted or uploaded, so a person can find it. */
  line: number;
  email: string;
  name: string;
  role: string;
  /** The class to enrol them in, as typed; empty for none. */
  className: string;
}

export type RowStatus =
  | 'new'
  | 'enrol'
  | 'exists'
  | 'alreadyEnrolled'
  | 'invalidEmail'
  | 'invalidName'
  | 'unknownRole'
  | 'unknownClass'
  | 'notStudent'
  | 'duplicate';

export interface RosterClass {
  classId: string;
  className: string;
}

export interface PreviewRow extends ListedRow {
  status: RowStatus;
  message: string;
  /** What will be sent, for a new row. */
  invitation?: InvitePersonInput;
  /** The account the row names, when it has one. */
  person?: Person;
  /** The class the row's person will be enrolled in. */
  enrolIn?: RosterClass;
}

/** What the preview knows besides the list: who has an account, the school's classes, and who is in each. */
export interface RosterContext {
  /** By lower-case e-mail. */
  people: ReadonlyMap<string, Person>;
  classes: readonly RosterClass[];
  /** Class id → the user ids enrolled (read for the classes the list names). */
  enrolled: ReadonlyMap<string, ReadonlySet<string>>;
}

/** A class as typed in a list, matched whatever its case, accents and spacing. */
export const classKey = (className: string) => normaliseSearchText(className);

const ROLE_WORDS: Record<string, Role> = {
  student: 'Students',
  students: 'Students',
  teacher: 'Teachers',
  teachers: 'Teachers',
  admin: 'Admins',
  admins: 'Admins',
  administrator: 'Admins',
  administrators: 'Admins',
};

/** Students, Teachers or Admins, as people type them ("teacher", "Students", "ADMIN"); undefined otherwise. */
export const roleFromWord = (word: string): Role | undefined => ROLE_WORDS[word.trim().toLowerCase()];

export class ListTooLongError extends Error {}

/**
 * Reads lines of `email,name,role` (commas, semicolons or tabs; fields may be "quoted, with commas"). A first line
 * whose first field is "email" is a header. A missing role takes `defaultRole`. Blank lines are skipped.
 */
export function parseInvitationList(text: string, defaultRole: Role): ListedRow[] {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
  const rows: ListedRow[] = [];
  lines.forEach((line, index) => {
    if (!line.trim()) return;
    const [email = '', name = '', role = '', className = ''] = splitFields(line).map((field) => field.trim());
    if (rows.length === 0 && index === firstNonBlank(lines) && email.toLowerCase().replace(/[^a-z]/g, '') === 'email') return;
    rows.push({ line: index + 1, email, name, role: role || defaultRole, className });
  });
  if (rows.length > PEOPLE_LIMITS.previewRowsMax) {
    throw new ListTooLongError(`The list has ${rows.length} people; invite at most ${PEOPLE_LIMITS.previewRowsMax} at a time.`);
  }
  return rows;
}

const firstNonBlank = (lines: string[]) => lines.findIndex((line) => line.trim() !== '');

function splitFields(line: string): string[] {
  const fields: string[] = [];
  let current = '';
  let quoted = false;
  for (let index = 0; index < line.length; index += 1) {
    const char = line[index];
    if (quoted) {
      if (char === '"' && line[index + 1] === '"') {
        current += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else current += char;
    } else if (char === '"' && current.trim() === '') {
      quoted = true;
      current = '';
    } else if (char === ',' || char === ';' || char === '\t') {
      fields.push(current);
      current = '';
    } else current += char;
  }
  fields.push(current);
  return fields;
}

/** The e-mail addresses worth asking the server about: the well-formed ones, once each, normalised. */
export function addressesToLookUp(rows: ListedRow[]): string[] {
  const addresses = rows.map((row) => emailSchema.safeParse(row.email)).flatMap((result) => (result.success ? [result.data] : []));
  return [...new Set(addresses)];
}

/** The classes a list names that exist, once each (their rosters are read for the preview). */
export function classesNamed(rows: ListedRow[], classes: readonly RosterClass[]): RosterClass[] {
  const named = new Set(rows.map((row) => classKey(row.className)).filter(Boolean));
  return classes.filter((each) => named.has(classKey(each.className)));
}

/** Classifies every row against who has an account, the classes, and their rosters. */
export function classifyRows(rows: ListedRow[], { people, classes, enrolled }: RosterContext): PreviewRow[] {
  const seen = new Map<string, number>();
  const classByKey = new Map(classes.map((each) => [classKey(each.className), each]));
  return rows.map((row): PreviewRow => {
    const email = emailSchema.safeParse(row.email);
    if (!email.success) return { ...row, status: 'invalidEmail', message: row.email ? `"${row.email}" is not a valid e-mail address.` : 'The e-mail is missing.' };
    const earlier = seen.get(email.data);
    if (earlier !== undefined) return { ...row, status: 'duplicate', message: `Same e-mail as line ${earlier}; keep one of the two lines.` };
    seen.set(email.data, row.line);
    const enrolIn = row.className ? classByKey.get(classKey(row.className)) : undefined;
    if (row.className && !enrolIn) {
      return { ...row, status: 'unknownClass', message: `There is no class named "${row.className}"; create it first or correct the name.` };
    }
    const person = people.get(email.data);
    if (person) {
      if (!enrolIn) return { ...row, person, status: 'exists', message: 'Already has an account; nothing to do.' };
      if (person.role !== 'Students') return { ...row, person, status: 'notStudent', message: notStudentMessage(person.role ?? 'no role', enrolIn) };
      if (enrolled.get(enrolIn.classId)?.has(person.userId)) {
        return { ...row, person, status: 'alreadyEnrolled', message: `Already enrolled in ${enrolIn.className}; nothing to do.` };
      }
      return { ...row, person, enrolIn, status: 'enrol', message: `Has an account; will be enrolled in ${enrolIn.className}.` };
    }
    const name = personNameSchema.safeParse(row.name);
    if (!name.success) return { ...row, status: 'invalidName', message: name.error.issues[0].message };
    const role = roleFromWord(row.role);
    if (!role) return { ...row, status: 'unknownRole', message: `Unknown role "${row.role}": use Students, Teachers or Admins.` };
    if (enrolIn && role !== 'Students') return { ...row, status: 'notStudent', message: notStudentMessage(role, enrolIn) };
    const invitation = { email: email.data, name: name.data, role };
    return enrolIn
      ? { ...row, invitation, enrolIn, status: 'new', message: `Will be invited and enrolled in ${enrolIn.className}.` }
      : { ...row, invitation, status: 'new', message: 'Will be invited.' };
  });
}

const notStudentMessage = (role: string, { className }: RosterClass) =>
  `Only students are enrolled in a class, and this person is ${role === 'no role' ? 'without a role' : `in ${role}`}; leave the class empty, or give ${className} its teacher on the class page.`;

/** The rows that change something when confirmed. */
export const isToDo = (row: PreviewRow) => row.status === 'new' || row.status === 'enrol';

export const STATUS_LABEL: Record<RowStatus, string> = {
  new: 'New person',
  enrol: 'Existing person to enrol',
  exists: 'Existing person',
  alreadyEnrolled: 'Already enrolled',
  invalidEmail: 'Error: e-mail',
  invalidName: 'Error: name',
  unknownRole: 'Error: role',
  unknownClass: 'Error: class',
  notStudent: 'Error: not a student',
  duplicate: 'Error: repeated line',
};

const ERROR_STATUSES: RowStatus[] = ['invalidEmail', 'invalidName', 'unknownRole', 'unknownClass', 'notStudent', 'duplicate'];
export const isErrorRow = (row: Pick<PreviewRow, 'status'>) => ERROR_STATUSES.includes(row.status);

const SUMMARY_GROUPS: [statuses: RowStatus[], words: string][] = [
  [['new'], 'new'],
  [['enrol'], 'existing to enrol'],
  [['exists'], 'existing (nothing to do)'],
  [['alreadyEnrolled'], 'already enrolled'],
  [ERROR_STATUSES, 'with errors'],
];

/** "3 new, 1 existing to enrol, 2 with errors": the preview's summary. */
export function summarise(rows: PreviewRow[]): string {
  return SUMMARY_GROUPS.map(([statuses, words]) => [rows.filter((row) => statuses.includes(row.status)).length, words] as const)
    .filter(([count]) => count > 0)
    .map(([count, words]) => `${count} ${words}`)
    .join(', ');
}
