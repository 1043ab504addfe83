import { readPackage } from './package';
import { readRoster, type Roster } from './roster';
import { type Sample, sampleFiles, zipFiles, zipSample } from './samples/zip-sample';

const read = async (sample: Sample, importAdministrators = false) => readRoster(await readPackage(zipSample(sample)), { importAdministrators });
const readFiles = async (files: Record<string, string>, importAdministrators = false) => readRoster(await readPackage(zipFiles(files)), { importAdministrators });
const people = (roster: Roster) => roster.people.map(({ sourcedId, email, role }) => `${sourcedId} ${email} ${role}`);

const MANIFEST_DELTA_USERS = 'propertyName,value\nmanifest.version,1.0\noneroster.version,1.2\nfile.users,delta\nfile.roles,delta\n';
const USERS_12 = 'sourcedId,status,dateLastModified,enabledUser,username,userIds,givenName,familyName,middleName,identifier,email,sms,phone,agentSourcedIds,grades,password,userMasterIdentifier,preferredGivenName,preferredMiddleName,preferredFamilyName,primaryOrgSourcedId,pronouns\n';
const ROLES_12 = 'sourcedId,status,dateLastModified,userSourcedId,roleType,role,beginDate,endDate,orgSourcedId,userProfileSourcedId\n';

describe('from a package’s rows to people, classes and enrolments', () => {
  it('maps the 1.2 sample: e-mail in lower case, name from the preferred names, role from roles.csv', async () => {
    const roster = await read('bulk-1.2');

    expect(roster.modes).toEqual({ users: 'bulk', classes: 'bulk', enrollments: 'bulk' });
    expect(roster.people[0]).toEqual({ sourcedId: 't-100', line: 2, status: 'active', email: 'ada.okafor@northfield.example', name: 'Ada Okafor', role: 'Teachers', enabled: true });
    expect(people(roster)).toEqual([
      't-100 ada.okafor@northfield.example Teachers',
      't-101 bjorn.larsen@northfield.example Teachers',
      's-300 zoe.bronte@students.northfield.example Students',
      's-301 jose.nunez@students.northfield.example Students',
      's-302 aoife.nibhriain@students.northfield.example Students',
      's-303 kwame.mensah@students.northfield.example Students',
      's-304 priya.iyer@students.northfield.example Students',
      's-305 lukasz.wojcik@students.northfield.example Students',
    ]);
    expect(roster.classes[0]).toEqual({ sourcedId: 'cl-10', line: 2, status: 'active', name: 'Year 9 "Set A" Maths', schoolSourcedId: 'org-northfield', termSourcedId: 'as-2027-t1' });
    expect(roster.enrollments.filter((item) => item.role === 'teacher').map((item) => `${item.classSourcedId} ${item.userSourcedId} ${item.primary}`)).toEqual([
      'cl-10 t-100 true',
      'cl-11 t-101 true',
      'cl-12 t-101 false',
      'cl-12 t-100 true',
    ]);
    expect(roster.enrollments.filter((item) => item.role === 'student')).toHaveLength(8);
  });

  it('reads a OneRoster 1.1 package (role in users.csv) to the same people, classes and enrolments', async () => {
    const v11 = await read('bulk-1.1', true);
    const v12 = await read('bulk-1.2', true);

    expect(v11.version).toBe('1.1');
    expect(v11.errors).toEqual([]);
    expect(people(v11)).toEqual(people(v12));
    expect(v11.classes).toEqual(v12.classes);
    expect(v11.enrollments).toEqual(v12.enrollments);
  });

  it('imports the SIS’s administrators as Admins only when the admin allows it, and says so when not', async () => {
    expect((await read('bulk-1.2', true)).people.find((person) => person.sourcedId === 'a-200')).toMatchObject({ role: 'Admins' });
    const refused = await read('bulk-1.2');

    expect(refused.people.some((person) => person.sourcedId === 'a-200')).toBe(false);
    expect(refused.errors).toEqual([
      {
        file: 'users.csv',
        line: 4,
        message: 'Mei Chen (sourcedId a-200) is an administrator in your information system; they were not imported. Tick "Administrators become Admins" to import them as Admins.',
      },
    ]);
  });

  it('leaves out, without an error, people whose roles this platform does not have (a guardian) and non-student, non-teacher enrolments', async () => {
    const files = sampleFiles('bulk-1.2');
    const roster = await readFiles({ ...files, 'enrollments.csv': `${files['enrollments.csv']}e-99,,,cl-10,org-northfield,p-400,administrator,false,,\r\n` });

    expect(roster.people.some((person) => person.sourcedId === 'p-400')).toBe(false);
    expect(roster.enrollments.some((item) => item.sourcedId === 'e-99')).toBe(false);
    expect(roster.errors.filter((error) => error.message.includes('p-400') || error.message.includes('e-99'))).toEqual([]);
  });

  it('skips the bad rows of the bad-rows sample, saying why at their lines, and keeps the good ones', async () => {
    const roster = await read('bad-rows-1.2');

    expect(roster.errors).toEqual([
      expect.objectContaining({ file: 'manifest.csv', line: 4 }),
      expect.objectContaining({ file: 'users.csv', line: 4 }),
      { file: 'users.csv', line: 9, message: 'Priya Iyer (sourcedId s-304) has no e-mail address; add it in your information system so they can sign in.' },
      { file: 'users.csv', line: 12, message: 'sourcedId s-301 is also on line 6; each row needs its own. This row was skipped.' },
    ]);
    expect(roster.people.map((person) => person.sourcedId)).toEqual(['t-100', 't-101', 's-300', 's-301', 's-302', 's-303', 's-305']);
    expect(roster.people.find((person) => person.sourcedId === 's-301')!.email).toBe('jose.nunez@students.northfield.example');
    expect([...roster.skipped.users]).toEqual([
      ['a-200', 4],
      ['s-304', 9],
    ]);
  });

  it('refuses an e-mail that is not an address, a name of nothing visible, an e-mail two people share and a class without title', async () => {
    const users = [
      'u-1,,,true,,,Ann,Lee,,,ann(at)school.example,,,,,,,,,,,',
      'u-2,,,true,,,\u200b,\u200b,,,bo@school.example,,,,,,,,,,,',
      'u-3,,,true,,,Cy,Ho,,,cy@school.example,,,,,,,,,,,',
      'u-4,,,true,,,Cyril,Hope,,,CY@school.example,,,,,,,,,,,',
    ].join('\n');
    const roles = ['u-1', 'u-2', 'u-3', 'u-4'].map((user, index) => `r-${index},,,${user},primary,student,,,,`).join('\n');
    const manifest = 'propertyName,value\nmanifest.version,1.0\noneroster.version,1.2\nfile.users,bulk\nfile.roles,bulk\nfile.classes,bulk\n';
    const roster = await readFiles({ 'manifest.csv': manifest, 'users.csv': `${USERS_12}${users}\n`, 'roles.csv': `${ROLES_12}${roles}\n`, 'classes.csv': 'sourcedId,title\ncl-1,\ncl-2,Art\n' });

    expect(roster.errors).toEqual([
      { file: 'users.csv', line: 2, message: 'Ann Lee (sourcedId u-1): E-mail is not a valid address. ("ann(at)school.example")' },
      { file: 'users.csv', line: 3, message: expect.stringContaining('Name must have characters you can see') },
      { file: 'users.csv', line: 5, message: 'cy@school.example is also the e-mail of u-3 on line 4; each person needs their own address. This row was skipped.' },
      { file: 'classes.csv', line: 2, message: 'The class (sourcedId cl-1): Class name is required. (title)' },
    ]);
    expect(roster.people.map((person) => person.sourcedId)).toEqual(['u-3']);
    expect(roster.classes.map((item) => item.name)).toEqual(['Art']);
  });

  it('needs a role in roles.csv for each person of a 1.2 package, and a person in users.csv for each role', async () => {
    const files = sampleFiles('bulk-1.2');
    const roles = files['roles.csv']!.replace(/^r-305,.*\r\n/m, '').concat('r-999,,,s-999,primary,student,,,org-northfield,\r\n');
    const roster = await readFiles({ ...files, 'roles.csv': roles });

    expect(roster.errors).toEqual(
      expect.arrayContaining([
        { file: 'users.csv', line: 10, message: 'Łukasz Wójcik (sourcedId s-305) has no role in roles.csv; give them a role (student, teacher or an administrator role) in your information system.' },
        { file: 'roles.csv', line: 12, message: "userSourcedId s-999 is not in users.csv; a role is read together with the person's row in users.csv." },
      ]),
    );
  });

  it('keeps the role unsaid (null) when a 1.2 package has no roles.csv, and reads enabledUser false as access off', async () => {
    const manifest = 'propertyName,value\nmanifest.version,1.0\noneroster.version,1.2\nfile.users,delta\nfile.roles,absent\n';
    const roster = await readFiles({ 'manifest.csv': manifest, 'users.csv': `${USERS_12}s-300,active,2026-11-20T10:00:00Z,false,,,Zoë,Brontë-Smith,,,zoe.bronte@students.northfield.example,,,,,,,,,,,\n` });

    expect(roster.errors).toEqual([]);
    expect(roster.people).toEqual([expect.objectContaining({ sourcedId: 's-300', name: 'Zoë Brontë-Smith', role: null, enabled: false })]);
  });

  it('reads a delta file’s status: tobedeleted rows need only their sourcedId, and a row needs active or tobedeleted', async () => {
    const users = ['s-300,tobedeleted,2026-11-20T10:00:00Z,,,,,,,,,,,,,,,,,,,', 's-301,,2026-11-20T10:00:00Z,true,,,José,Núñez,,,jose@school.example,,,,,,,,,,,'].join('\n');
    const roster = await readFiles({ 'manifest.csv': MANIFEST_DELTA_USERS, 'users.csv': `${USERS_12}${users}\n`, 'roles.csv': ROLES_12 });

    expect(roster.people).toEqual([{ sourcedId: 's-300', line: 2, status: 'tobedeleted', email: '', name: '', role: null, enabled: false }]);
    expect(roster.errors).toEqual([{ file: 'users.csv', line: 3, message: 'José Núñez (sourcedId s-301) has status ""; in a delta file it must be active or tobedeleted.' }]);
  });

  it('leaves out a bulk file’s tobedeleted row (a bulk file is the whole set) and reads the delta sample’s one removal', async () => {
    const files = sampleFiles('bulk-1.2');
    const roster = await readFiles({ ...files, 'classes.csv': files['classes.csv']!.replace('cl-12,,,', 'cl-12,tobedeleted,2026-11-20T10:00:00Z,') });

    expect(roster.classes.map((item) => item.sourcedId)).toEqual(['cl-10', 'cl-11']);
    expect((await read('delta-1.2')).enrollments).toEqual([
      { sourcedId: 'e-12', line: 2, status: 'tobedeleted', classSourcedId: 'cl-10', userSourcedId: 's-302', role: 'student', primary: false },
    ]);
    expect((await read('delta-1.2')).modes).toEqual({ users: 'absent', classes: 'absent', enrollments: 'delta' });
  });

  it('needs an enrolment’s class and person', async () => {
    const files = sampleFiles('bulk-1.2');
    const roster = await readFiles({ ...files, 'enrollments.csv': `${files['enrollments.csv']}e-50,,,,org-northfield,s-300,student,false,,\r\n` });

    expect(roster.errors).toEqual(expect.arrayContaining([{ file: 'enrollments.csv', line: 14, message: 'The enrolment e-50 needs both classSourcedId and userSourcedId.' }]));
  });
});
