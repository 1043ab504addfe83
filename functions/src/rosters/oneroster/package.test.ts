import { readPackage, UnreadablePackageError } from './package';
import { sampleFiles, zipFiles, zipSample } from './samples/zip-sample';

/** The zip with its central directory's first entry declaring `size` bytes unpacked (what a zip bomb declares). */
function declaringSize(zip: Uint8Array, size: number): Uint8Array {
  const bytes = zip.slice();
  const view = new DataView(bytes.buffer);
  for (let offset = 0; offset < bytes.length - 4; offset += 1) {
    if (view.getUint32(offset, true) === 0x02014b50) {
      view.setUint32(offset + 24, size, true);
      return bytes;
    }
  }
  throw new Error('no central directory');
}

const MANIFEST_12 = 'propertyName,value\nmanifest.version,1.0\noneroster.version,1.2\nfile.users,bulk\nfile.roles,absent\n';
const USERS_12 = 'sourcedId,status,dateLastModified,enabledUser,username,userIds,givenName,familyName,middleName,identifier,email\n';

describe('reading a OneRoster package', () => {
  it('reads the 1.2 bulk sample: its version, each file’s mode and rows by header name', async () => {
    const pkg = await readPackage(zipSample('bulk-1.2'));

    expect(pkg.errors).toEqual([]);
    expect(pkg.version).toBe('1.2');
    expect(pkg.modes).toMatchObject({ users: 'bulk', roles: 'bulk', classes: 'bulk', enrollments: 'bulk', lineItems: 'absent', demographics: 'absent' });
    expect(Object.keys(pkg.tables).sort()).toEqual(['classes', 'enrollments', 'roles', 'users']);
    expect(pkg.tables.users!.rows).toHaveLength(10);
    expect(pkg.tables.enrollments!.rows).toHaveLength(12);
  });

  it('tolerates a UTF-8 byte order mark and CRLF line ends (the 1.2 sample’s users.csv has both)', async () => {
    expect([...new Uint8Array(Buffer.from(sampleFiles('bulk-1.2')['users.csv']!, 'utf8')).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const first = (await readPackage(zipSample('bulk-1.2'))).tables.users!.rows[0]!;

    expect(first.get('sourcedId')).toBe('t-100');
    expect(first.get('email')).toBe('Ada.Okafor@northfield.example');
    expect(first.line).toBe(2);
  });

  it('reads RFC 4180 quoting: commas and doubled quotes inside a quoted cell', async () => {
    const pkg = await readPackage(zipSample('bulk-1.2'));

    expect(pkg.tables.classes!.rows.map((row) => row.get('title'))).toEqual(['Year 9 "Set A" Maths', 'English: Poetry, Prose & Plays', 'Science']);
    expect(pkg.tables.users!.rows.find((row) => row.get('sourcedId') === 's-303')!.get('familyName')).toBe('Mensah, Jr.');
  });

  it('numbers rows by the line they start on, also after a quoted cell holding a line break', async () => {
    const users = `${USERS_12}u-1,,,true,,,"Ann\nMarie",Lee,,,ann@school.example\r\n\r\nu-2,,,true,,,Bo,Ek,,,bo@school.example\n`;
    const rows = (await readPackage(zipFiles({ 'manifest.csv': MANIFEST_12, 'users.csv': users }))).tables.users!.rows;

    expect(rows.map((row) => [row.get('sourcedId'), row.line])).toEqual([
      ['u-1', 2],
      ['u-2', 5],
    ]);
  });

  it('reads a stray quote inside a cell as written, and the rows after it', async () => {
    const users = `${USERS_12}u-1,,,true,,,Ann,"O"Hara,,,ann@school.example\nu-2,,,true,,,Bo,Ek,,,bo@school.example\n`;
    const pkg = await readPackage(zipFiles({ 'manifest.csv': MANIFEST_12, 'users.csv': users }));

    expect(pkg.errors).toEqual([]);
    expect(pkg.tables.users!.rows.map((row) => [row.get('sourcedId'), row.get('familyName')])).toEqual([
      ['u-1', '"O"Hara'],
      ['u-2', 'Ek'],
    ]);
  });

  it('reports a quote never closed, keeping the rows above it', async () => {
    const users = `${USERS_12}u-1,,,true,,,Ann,Lee,,,ann@school.example\nu-2,,,true,,,Bo,"Ek,,,bo@school.example\nu-3,,,true,,,Cy,Ho,,,cy@school.example\n`;
    const pkg = await readPackage(zipFiles({ 'manifest.csv': MANIFEST_12, 'users.csv': users }));

    expect(pkg.errors).toEqual([{ file: 'users.csv', line: 4, message: expect.stringContaining('A quote (") opened on this line or above is never closed') }]);
    expect(pkg.tables.users!.rows.map((row) => row.get('sourcedId'))).toEqual(['u-1']);
  });

  it('lists a file the manifest names but the zip lacks, at the manifest’s line, and reads the others', async () => {
    const pkg = await readPackage(zipSample('bad-rows-1.2'));

    expect(pkg.errors).toEqual([
      {
        file: 'manifest.csv',
        line: 4,
        message: 'The manifest lists academicSessions.csv as bulk, but the zip has no academicSessions.csv. Add the file or mark it absent; nothing from it was read.',
      },
    ]);
    expect(pkg.tables.users).toBeDefined();
  });

  it('refuses a file without the columns this import needs, naming them, and reads nothing of it', async () => {
    const pkg = await readPackage(zipFiles({ 'manifest.csv': MANIFEST_12, 'users.csv': 'sourcedId,givenName,familyName,Email\nu-1,Ann,Lee,ann@school.example\n' }));

    expect(pkg.errors).toEqual([{ file: 'users.csv', line: 1, message: expect.stringContaining('users.csv has no email column') }]);
    expect(pkg.tables.users).toBeUndefined();
  });

  it('needs role in a 1.1 users.csv and reads no roles.csv there', async () => {
    const files = sampleFiles('bulk-1.1');
    const pkg = await readPackage(zipFiles({ ...files, 'users.csv': files['users.csv']!.replace(',role,', ',kind,') }));

    expect(pkg.version).toBe('1.1');
    expect(pkg.errors).toEqual([{ file: 'users.csv', line: 1, message: expect.stringContaining('users.csv has no role column (OneRoster 1.1') }]);
  });

  it('finds the files inside a folder of the zip and ignores macOS’s __MACOSX copies', async () => {
    const nested = Object.fromEntries(Object.entries(sampleFiles('bulk-1.2')).map(([name, text]) => [`export-2026-11-28/${name}`, text]));
    const pkg = await readPackage(zipFiles({ ...nested, '__MACOSX/export-2026-11-28/._users.csv': 'not a csv' }));

    expect(pkg.errors).toEqual([]);
    expect(pkg.tables.users!.rows).toHaveLength(10);
  });

  it('says so of a roster file the zip holds but the manifest does not list, and of a mode that is not one', async () => {
    const manifest = 'propertyName,value\nmanifest.version,1.0\noneroster.version,1.2\nfile.users,bulk\nfile.roles,absent\nfile.classes,full\n';
    const pkg = await readPackage(zipFiles({ 'manifest.csv': manifest, 'users.csv': USERS_12, 'enrollments.csv': 'sourcedId\n' }));

    expect(pkg.errors).toEqual([
      { file: 'manifest.csv', line: 6, message: 'file.classes is "full"; it must be bulk, delta or absent.' },
      { file: 'manifest.csv', line: 1, message: expect.stringContaining('The zip holds enrollments.csv but the manifest does not list file.enrollments') },
    ]);
  });

  it.each([
    ['a file that is not a zip', new TextEncoder().encode('sourcedId,email\n'), /not a zip archive/],
    ['a zip without manifest.csv', zipFiles({ 'users.csv': USERS_12 }), /no manifest\.csv/],
    ['a manifest without its header', zipFiles({ 'manifest.csv': 'manifest.version,1.0\noneroster.version,1.2\n' }), /propertyName,value/],
    ['a OneRoster 1.0 package', zipFiles({ 'manifest.csv': 'propertyName,value\noneroster.version,1.0\n' }), /oneroster\.version is "1\.0"/],
    ['a zip bomb (a small zip that says it unpacks to 200 MB)', declaringSize(zipFiles({ 'manifest.csv': MANIFEST_12, 'users.csv': USERS_12 }), 200 * 1024 * 1024), /unpacks to more than 128 MB/],
  ])('refuses %s as a whole, saying what to do', async (_label, bytes, message) => {
    await expect(readPackage(bytes)).rejects.toThrow(UnreadablePackageError);
    await expect(readPackage(bytes)).rejects.toThrow(message);
  });
});

/** The binding's headers, in its order (1EdTech OneRoster CSV binding 1.2.1 and CSV tables 1.1). */
const BINDING_HEADERS: Record<'1.1' | '1.2', Record<string, string>> = {
  '1.2': {
    'orgs.csv': 'sourcedId,status,dateLastModified,name,type,identifier,parentSourcedId',
    'academicSessions.csv': 'sourcedId,status,dateLastModified,title,type,startDate,endDate,parentSourcedId,schoolYear',
    'courses.csv': 'sourcedId,status,dateLastModified,schoolYearSourcedId,title,courseCode,grades,orgSourcedId,subjects,subjectCodes',
    'classes.csv': 'sourcedId,status,dateLastModified,title,grades,courseSourcedId,classCode,classType,location,schoolSourcedId,termSourcedIds,subjects,subjectCodes,periods',
    'users.csv':
      'sourcedId,status,dateLastModified,enabledUser,username,userIds,givenName,familyName,middleName,identifier,email,sms,phone,agentSourcedIds,grades,password,userMasterIdentifier,preferredGivenName,preferredMiddleName,preferredFamilyName,primaryOrgSourcedId,pronouns',
    'roles.csv': 'sourcedId,status,dateLastModified,userSourcedId,roleType,role,beginDate,endDate,orgSourcedId,userProfileSourcedId',
    'enrollments.csv': 'sourcedId,status,dateLastModified,classSourcedId,schoolSourcedId,userSourcedId,role,primary,beginDate,endDate',
  },
  '1.1': {
    'users.csv': 'sourcedId,status,dateLastModified,enabledUser,orgSourcedIds,role,username,userIds,givenName,familyName,middleName,identifier,email,sms,phone,agentSourcedIds,grades,password',
  },
};

describe('the sample packages', () => {
  it.each(['bulk-1.2', 'delta-1.2', 'bulk-1.1', 'bad-rows-1.2'] as const)('%s has the binding’s headers, in its order', async (sample) => {
    const files = sampleFiles(sample);
    const version = sample.endsWith('1.1') ? '1.1' : '1.2';
    for (const [file, text] of Object.entries(files)) {
      if (file === 'manifest.csv') continue;
      const header = text.replace(/^\ufeff/, '').split(/\r?\n/)[0];
      expect(`${file}: ${header}`).toBe(`${file}: ${BINDING_HEADERS[version][file] ?? BINDING_HEADERS['1.2'][file]}`);
    }
  });
});
