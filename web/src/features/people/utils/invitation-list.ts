// The bulk invitation preview: a pasted list or a CSV file (`email,name,role`, header optional) becomes rows, and each
// row is classified before anything is written: new, already has an account, invalid e-mail or name, unknown role, or a
// repeat of an earlier row of the same list.
import { emailSchema, personNameSchema, PEOPLE_LIMITS, type InvitePersonInput } from '@shared/people';
import type { Role } from '@shared/roles';

export interface ListedRow {
  /** 1-based line in what was pasted or uploaded, so a person can find it. */
  line: number;
  email: string;
  name: string;
  role: string;
}

export type RowStatus = 'new' | 'exists' | 'invalidEmail' | 'invalidName' | 'unknownRole' | 'duplicate';

export interface PreviewRow extends ListedRow {
  status: RowStatus;
  message: string;
  /** What will be sent, for a new row. */
  invitation?: InvitePersonInput;
}

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
    const [email = '', name = '', role = ''] = splitFields(line).map((field) => field.trim());
    if (rows.length === 0 && index === firstNonBlank(lines) && email.toLowerCase().replace(/[^a-z]/g, '') === 'email') return;
    rows.push({ line: index + 1, email, name, role: role || defaultRole });
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

/** Classifies every row; `existing` holds the (lower-case) addresses that already have an account. */
export function classifyRows(rows: ListedRow[], existing: ReadonlySet<string>): PreviewRow[] {
  const seen = new Map<string, number>();
  return rows.map((row): PreviewRow => {
    const email = emailSchema.safeParse(row.email);
    if (!email.success) return { ...row, status: 'invalidEmail', message: row.email ? 'Not a valid e-mail address.' : 'The e-mail is missing.' };
    const earlier = seen.get(email.data);
    if (earlier !== undefined) return { ...row, status: 'duplicate', message: `Same e-mail as line ${earlier}.` };
    seen.set(email.data, row.line);
    if (existing.has(email.data)) return { ...row, status: 'exists', message: 'Already has an account.' };
    const name = personNameSchema.safeParse(row.name);
    if (!name.success) return { ...row, status: 'invalidName', message: name.error.issues[0].message };
    const role = roleFromWord(row.role);
    if (!role) return { ...row, status: 'unknownRole', message: `Unknown role "${row.role}": use Students, Teachers or Admins.` };
    return { ...row, status: 'new', message: 'Will be invited.', invitation: { email: email.data, name: name.data, role } };
  });
}

export const STATUS_LABEL: Record<RowStatus, string> = {
  new: 'New',
  exists: 'Already exists',
  invalidEmail: 'Invalid e-mail',
  invalidName: 'Invalid name',
  unknownRole: 'Unknown role',
  duplicate: 'Duplicate in the list',
};

/** "3 new, 1 already exists, 1 invalid e-mail": the preview's summary, in the order of STATUS_LABEL. */
export function summarise(rows: PreviewRow[]): string {
  const counts = new Map<RowStatus, number>();
  for (const row of rows) counts.set(row.status, (counts.get(row.status) ?? 0) + 1);
  return (Object.keys(STATUS_LABEL) as RowStatus[])
    .filter((status) => counts.has(status))
    .map((status) => `${counts.get(status)} ${STATUS_LABEL[status].toLowerCase()}`)
    .join(', ');
}

/** Splits a list into requests of at most `size` items. */
export const chunk = <T,>(items: readonly T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, index) => items.slice(index * size, (index + 1) * size));
