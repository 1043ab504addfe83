// Reading a OneRoster CSV package (1EdTech OneRoster 1.1 and 1.2 CSV binding): zip bytes → the manifest and the rows
// of each file it names, by header name. Pure: no storage, no clock. What is wrong is reported as `{ file, line,
// message }` for a school admin to fix in their information system; a bad row is skipped, the rest is kept.
import { unzipSync } from 'fflate';
import { parse } from 'csv-parse/sync';
import { inspectOfficeZip, type OfficeFileLimits } from '@shared/office-limits';

export interface RosterError {
  /** The file in the package, e.g. `users.csv`. */
  file: string;
  /** The line in that file (1 is the header), as a spreadsheet shows it. */
  line: number;
  message: string;
}

export type FileMode = 'bulk' | 'delta' | 'absent';
export type OneRosterVersion = '1.1' | '1.2';

/** The files this import reads; the others a manifest may name (gradebook, resources, demographics) are left alone. */
export const ROSTER_FILES = ['users', 'roles', 'classes', 'enrollments'] as const;
export type RosterFile = (typeof ROSTER_FILES)[number];

export interface Row {
  line: number;
  /** Cells by header name, trimmed; a header the file lacks reads as ''. */
  get(column: string): string;
}

export interface Table {
  file: string;
  mode: Exclude<FileMode, 'absent'>;
  rows: Row[];
}

export interface OneRosterPackage {
  version: OneRosterVersion;
  /** The manifest's mode for every file it names (`file.users` → `users`), as written. */
  modes: Record<string, FileMode>;
  /** The roster files the manifest names as bulk or delta and the zip holds, read. */
  tables: Partial<Record<RosterFile, Table>>;
  errors: RosterError[];
}

/** A package that cannot be read at all (not a zip, no manifest): nothing in it can be applied. */
export class UnreadablePackageError extends Error {}

/** Columns a file must have for this import to use it; the binding's other columns are optional here. */
const REQUIRED_COLUMNS: Record<OneRosterVersion, Record<RosterFile, string[]>> = {
  '1.2': {
    users: ['sourcedId', 'givenName', 'familyName', 'email'],
    roles: ['userSourcedId', 'role'],
    classes: ['sourcedId', 'title'],
    enrollments: ['sourcedId', 'classSourcedId', 'userSourcedId', 'role'],
  },
  '1.1': {
    users: ['sourcedId', 'givenName', 'familyName', 'email', 'role'],
    roles: [],
    classes: ['sourcedId', 'title'],
    enrollments: ['sourcedId', 'classSourcedId', 'userSourcedId', 'role'],
  },
};

const MODES: readonly string[] = ['bulk', 'delta', 'absent'];

/**
 * Far above a real package (5,000 people and their enrolments zip to about 200 kB and inflate to a few MB), far below
 * what a zip bomb would make a Lambda unpack.
 */
const PACKAGE_LIMITS: OfficeFileLimits = { maxEntries: 200, maxPartBytes: 64 * 1024 * 1024, maxTotalBytes: 128 * 1024 * 1024 };

export async function readPackage(zip: Uint8Array): Promise<OneRosterPackage> {
  const verdict = await inspectOfficeZip(zip, PACKAGE_LIMITS);
  if (!verdict.fits) {
    throw new UnreadablePackageError(
      verdict.reason === 'too-large'
        ? 'The package unpacks to more than 128 MB or holds more than 200 files; a OneRoster export is far smaller. Export it again from your information system.'
        : NOT_A_ZIP,
    );
  }
  const entries = unzipEntries(zip);
  const manifestBytes = entries.get('manifest.csv');
  if (!manifestBytes) throw new UnreadablePackageError('The package has no manifest.csv. Export the OneRoster package again from your information system: the zip holds manifest.csv beside users.csv, classes.csv and enrollments.csv.');

  const errors: RosterError[] = [];
  const manifest = readCsv('manifest.csv', manifestBytes, errors);
  if (manifest.header[0] !== 'propertyName' || manifest.header[1] !== 'value') {
    throw new UnreadablePackageError('manifest.csv must start with the header "propertyName,value" (OneRoster CSV binding).');
  }
  const properties = new Map(manifest.rows.map((row) => [row.get('propertyName'), row] as const));
  const declared = properties.get('oneroster.version')?.get('value');
  if (declared !== '1.1' && declared !== '1.2') {
    throw new UnreadablePackageError(`manifest.csv says oneroster.version is "${declared ?? ''}"; this import reads OneRoster 1.1 and 1.2 packages.`);
  }
  const version: OneRosterVersion = declared;

  const modes: Record<string, FileMode> = {};
  const tables: Partial<Record<RosterFile, Table>> = {};
  for (const row of manifest.rows) {
    const property = row.get('propertyName');
    if (!property.startsWith('file.')) continue;
    const name = property.slice('file.'.length);
    const mode = row.get('value');
    if (!MODES.includes(mode)) {
      errors.push({ file: 'manifest.csv', line: row.line, message: `${property} is "${mode}"; it must be bulk, delta or absent.` });
      continue;
    }
    modes[name] = mode as FileMode;
    if (mode === 'absent') continue;
    const file = `${name}.csv`;
    const bytes = entries.get(file);
    if (!bytes) {
      errors.push({ file: 'manifest.csv', line: row.line, message: `The manifest lists ${file} as ${mode}, but the zip has no ${file}. Add the file or mark it absent; nothing from it was read.` });
      continue;
    }
    if (!isRosterFile(name) || (version === '1.1' && name === 'roles')) continue;
    const table = readCsv(file, bytes, errors);
    const missing = REQUIRED_COLUMNS[version][name].filter((column) => !table.header.includes(column));
    if (missing.length > 0) {
      errors.push({ file, line: 1, message: `${file} has no ${missing.join(', ')} column${missing.length > 1 ? 's' : ''} (OneRoster ${version} header names, case as written); nothing from it was read.` });
      continue;
    }
    tables[name] = { file, mode: mode as Table['mode'], rows: table.rows };
  }
  for (const name of ROSTER_FILES) {
    if (entries.has(`${name}.csv`) && !(name in modes) && !(version === '1.1' && name === 'roles')) {
      errors.push({ file: 'manifest.csv', line: 1, message: `The zip holds ${name}.csv but the manifest does not list file.${name}; it was not read. Add "file.${name},bulk" (or delta) to the manifest.` });
    }
  }
  return { version, modes, tables, errors };
}

const NOT_A_ZIP = 'The file is not a zip archive. Upload the OneRoster package as the .zip your information system exports.';

const isRosterFile = (name: string): name is RosterFile => (ROSTER_FILES as readonly string[]).includes(name);

function unzipEntries(zip: Uint8Array): Map<string, Uint8Array> {
  let files: Record<string, Uint8Array>;
  try {
    // A SIS (or an admin re-zipping by hand) may put the files in one folder; macOS adds __MACOSX copies.
    files = unzipSync(zip, { filter: (file) => !file.name.startsWith('__MACOSX/') && file.name.endsWith('.csv') });
  } catch {
    throw new UnreadablePackageError(NOT_A_ZIP);
  }
  return new Map(Object.entries(files).map(([path, bytes]) => [path.slice(path.lastIndexOf('/') + 1), bytes]));
}

interface CsvFile {
  header: string[];
  rows: Row[];
}

/**
 * RFC 4180 CSV through csv-parse (quoted commas, doubled quotes, line breaks inside quotes, CRLF or LF, a UTF-8 byte
 * order mark). A row the parser cannot read is reported and skipped; the rows after it are still read.
 */
function readCsv(file: string, bytes: Uint8Array, errors: RosterError[]): CsvFile {
  // The decoder drops a byte order mark. CRLF becomes LF first, as the parser counts a CRLF inside quotes as two lines.
  const text = new TextDecoder('utf-8').decode(bytes).replace(/\r\n?/g, '\n');
  const records = parse(text, {
    info: true,
    // A stray quote inside a cell (`5" ruler`) is read as it is written rather than failing the rows after it.
    relax_quotes: true,
    relax_column_count: true,
    skip_empty_lines: true,
    skip_records_with_error: true,
    on_skip: (error) => {
      if (error) errors.push({ file, line: lineOf(error), message: csvProblem(error) });
    },
  }) as unknown as { record: string[]; info: { lines: number } }[];
  const [first, ...rest] = records;
  const header = (first?.record ?? []).map((name) => name.trim());
  const index = new Map(header.map((name, position) => [name, position] as const));
  const rows = rest.map(({ record, info }) => ({
    // info.lines is the line the record ends on; a quoted cell may hold line breaks, so count back to where it starts.
    line: info.lines - record.reduce((breaks, cell) => breaks + (cell.match(/\n/g)?.length ?? 0), 0),
    get: (column: string) => record[index.get(column) ?? -1]?.trim() ?? '',
  }));
  return { header, rows };
}

function csvProblem(error: Error): string {
  if ('code' in error && error.code === 'CSV_QUOTE_NOT_CLOSED') {
    return 'A quote (") opened on this line or above is never closed, so the rows from it to the end of the file could not be read. Close the quote or remove it.';
  }
  return `This line is not valid CSV (${error.message.replace(/ at line \d+.*$/, '')}); it was skipped.`;
}

const lineOf = (error: Error) => ('lines' in error && typeof error.lines === 'number' ? error.lines : 0);
