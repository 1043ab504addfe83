import { readPackage } from './package';
import { type ClassRef, type PersonRef, planRoster, type RosterChanges, type RosterCounts, type RosterSnapshot } from './plan';
import { readRoster } from './roster';
import { type Sample, sampleFiles, zipFiles, zipSample } from './samples/zip-sample';

const EMPTY: RosterSnapshot = { people: [], classes: [], enrollments: [] };
const NONE = { create: 0, update: 0, delete: 0, unchanged: 0 };

const rosterOf = async (sample: Sample | Record<string, string>, importAdministrators = true) =>
  readRoster(await readPackage(typeof sample === 'string' ? zipSample(sample) : zipFiles(sample)), { importAdministrators });
const plan = async (sample: Sample | Record<string, string>, snapshot: RosterSnapshot, importAdministrators = true) => planRoster(await rosterOf(sample, importAdministrators), snapshot);

/** The changes applied as the wiring will (people, then classes, then enrolments), with ids made from sourcedIds. */
function apply(snapshot: RosterSnapshot, changes: RosterChanges): RosterSnapshot {
  const person = (ref: PersonRef) => ('userId' in ref ? ref.userId : `user-${ref.createdFrom}`);
  const classOf = (ref: ClassRef) => ('classId' in ref ? ref.classId : `class-${ref.createdFrom}`);
  const deletedPeople = new Set(changes.users.delete.map((item) => item.userId));
  const people = snapshot.people
    .filter((item) => !deletedPeople.has(item.userId))
    .map((item) => ({ ...item, ...changes.users.update.find((update) => update.userId === item.userId)?.set }))
    .concat(changes.users.create.map((item) => ({ userId: `user-${item.sourcedId}`, ...item })));
  const deletedClasses = new Set(changes.classes.delete.map((item) => item.classId));
  const classes = snapshot.classes
    .filter((item) => !deletedClasses.has(item.classId))
    .map((item) => {
      const { teacher, schoolSourcedId, termSourcedId, ...set } = changes.classes.update.find((update) => update.classId === item.classId)?.set ?? {};
      return {
        ...item,
        ...set,
        ...(teacher !== undefined && { teacherId: teacher && person(teacher) }),
        ...(schoolSourcedId !== undefined && { schoolSourcedId: schoolSourcedId ?? undefined }),
        ...(termSourcedId !== undefined && { termSourcedId: termSourcedId ?? undefined }),
      };
    })
    .concat(changes.classes.create.map(({ teacher, ...item }) => ({ classId: `class-${item.sourcedId}`, ...item, teacherId: teacher && person(teacher) })));
  const removed = new Set(changes.enrollments.delete.map((item) => `${item.classId}|${item.studentId}`));
  const enrollments = snapshot.enrollments
    .filter((item) => !removed.has(`${item.classId}|${item.studentId}`))
    .map((item) => ({ ...item, ...changes.enrollments.update.find((update) => update.classId === item.classId && update.studentId === item.studentId)?.set }))
    .concat(changes.enrollments.create.map((item) => ({ classId: classOf(item.class), studentId: person(item.student), sourcedId: item.sourcedId })));
  return { people, classes, enrollments };
}

const allUnchanged = (counts: RosterCounts) => Object.values(counts).every((count) => count.create + count.update + count.delete === 0);

describe('planning an import against what the school has', () => {
  it('creates everyone, every class with its primary teacher, and the student enrolments of a first bulk package', async () => {
    const { counts, changes, errors } = await plan('bulk-1.2', EMPTY);

    expect(errors).toEqual([]);
    expect(counts).toEqual({ users: { ...NONE, create: 9 }, classes: { ...NONE, create: 3 }, enrollments: { ...NONE, create: 8 } });
    expect(changes.users.create[0]).toEqual({ sourcedId: 't-100', email: 'ada.okafor@northfield.example', name: 'Ada Okafor', role: 'Teachers', enabled: true });
    expect(changes.classes.create.map((item) => [item.sourcedId, item.teacher])).toEqual([
      ['cl-10', { createdFrom: 't-100' }],
      ['cl-11', { createdFrom: 't-101' }],
      // cl-12 lists t-101 first, but t-100's enrolment is the primary one.
      ['cl-12', { createdFrom: 't-100' }],
    ]);
    expect(changes.enrollments.create[0]).toEqual({ sourcedId: 'e-10', class: { createdFrom: 'cl-10' }, student: { createdFrom: 's-300' } });
  });

  it.each(['bulk-1.2', 'bulk-1.1', 'bad-rows-1.2'] as const)('finds nothing to change when %s is applied a second time', async (sample) => {
    const first = await plan(sample, EMPTY);
    const second = await plan(sample, apply(EMPTY, first.changes));

    expect(allUnchanged(second.counts)).toBe(true);
    expect(second.counts.users.unchanged).toBe(first.counts.users.create);
    expect(second.counts.classes.unchanged).toBe(first.counts.classes.create);
    expect(second.counts.enrollments.unchanged).toBe(first.counts.enrollments.create);
    expect(second.errors).toEqual(first.errors);
  });

  it('matches by e-mail someone created here before, taking on their sourcedId once, and leaves hand-made records alone', async () => {
    const snapshot: RosterSnapshot = {
      people: [
        { userId: 'u-ada', email: 'Ada.Okafor@northfield.example', name: 'Ada Okafor', role: 'Teachers', enabled: true },
        { userId: 'u-visitor', email: 'visitor@northfield.example', name: 'Vi Sitor', role: 'Teachers', enabled: true },
      ],
      classes: [{ classId: 'c-club', name: 'Chess club', teacherId: 'u-visitor' }],
      enrollments: [],
    };
    const first = await plan('bulk-1.2', snapshot);

    expect(first.changes.users.update).toEqual([{ userId: 'u-ada', set: { sourcedId: 't-100' } }]);
    expect(first.counts.users).toEqual({ create: 8, update: 1, delete: 0, unchanged: 0 });
    expect(first.changes.classes.create[0]!.teacher).toEqual({ userId: 'u-ada' });
    expect(first.changes.users.delete).toEqual([]);
    expect(first.changes.classes.delete).toEqual([]);

    const after = apply(snapshot, first.changes);
    expect(allUnchanged((await plan('bulk-1.2', after)).counts)).toBe(true);
    expect(after.people.find((person) => person.userId === 'u-visitor')).toEqual(snapshot.people[1]);
  });

  it('updates what the SIS changed: a name, a role, access, a class title, a teacher', async () => {
    const before = apply(EMPTY, (await plan('bulk-1.2', EMPTY)).changes);
    const files = sampleFiles('bulk-1.2');
    const changed = {
      ...files,
      'users.csv': files['users.csv']!.replace('s-300,,,true,zbronte,,Zoë,Brontë', 's-300,,,false,zbronte,,Zoë,Brontë-Hale'),
      'roles.csv': files['roles.csv']!.replace('r-101,,,t-101,primary,teacher', 'r-101,,,t-101,primary,student'),
      'classes.csv': files['classes.csv']!.replace(',,,Science,', ',,,Biology,'),
      'enrollments.csv': files['enrollments.csv']!.replace('e-4,,,cl-12,org-northfield,t-100,teacher,true', 'e-4,,,cl-12,org-northfield,t-100,teacher,false'),
    };
    const { changes, counts, errors } = await plan(changed, before);

    expect(changes.users.update).toEqual([
      { userId: 'user-t-101', set: { role: 'Students' } },
      { userId: 'user-s-300', set: { name: 'Zoë Brontë-Hale', enabled: false } },
    ]);
    // t-101 is a student now, so cannot teach cl-11 and cl-12; cl-12 had t-100 as its primary teacher, now none is
    // primary, and its first teacher enrolment is t-101's.
    expect(errors.map((error) => `${error.file}:${error.line}`)).toEqual(['enrollments.csv:3', 'enrollments.csv:4']);
    expect(changes.classes.update).toEqual([
      { classId: 'class-cl-11', set: { teacher: null } },
      { classId: 'class-cl-12', set: { name: 'Biology' } },
    ]);
    expect(counts.classes).toEqual({ create: 0, update: 2, delete: 0, unchanged: 1 });
  });

  it('a delta package removes the one enrolment it marks tobedeleted and leaves everything else as it is', async () => {
    const before = apply(EMPTY, (await plan('bulk-1.2', EMPTY)).changes);
    const delta = await plan('delta-1.2', before);

    expect(delta.errors).toEqual([]);
    expect(delta.changes.enrollments.delete).toEqual([{ classId: 'class-cl-10', studentId: 'user-s-302' }]);
    expect(delta.counts).toEqual({ users: NONE, classes: NONE, enrollments: { ...NONE, delete: 1 } });

    const after = apply(before, delta.changes);
    expect(after.enrollments).toHaveLength(before.enrollments.length - 1);
    expect((await plan('delta-1.2', after)).counts.enrollments).toEqual(NONE);
  });

  it('a delta package takes a teacher off a class with their tobedeleted teacher enrolment, and only off their own class', async () => {
    const before = apply(EMPTY, (await plan('bulk-1.2', EMPTY)).changes);
    const files = sampleFiles('delta-1.2');
    const enrollments =
      'sourcedId,status,dateLastModified,classSourcedId,schoolSourcedId,userSourcedId,role,primary,beginDate,endDate\n' +
      'e-1,tobedeleted,2026-11-20T16:05:00.000Z,cl-10,org-northfield,t-100,teacher,true,,\n' +
      'e-3,tobedeleted,2026-11-20T16:05:00.000Z,cl-12,org-northfield,t-101,teacher,false,,\n';
    const { changes, counts } = await plan({ ...files, 'enrollments.csv': enrollments }, before);

    expect(changes.classes.update).toEqual([{ classId: 'class-cl-10', set: { teacher: null } }]);
    expect(counts.classes).toEqual({ ...NONE, update: 1 });
  });

  it('a bulk package deletes the imported people, classes and enrolments it no longer lists, never hand-made ones', async () => {
    const handMade = {
      people: [{ userId: 'u-visitor', email: 'visitor@northfield.example', name: 'Vi Sitor', role: 'Teachers' as const, enabled: true }],
      classes: [{ classId: 'c-club', name: 'Chess club', teacherId: 'u-visitor' }],
      enrollments: [{ classId: 'class-cl-10', studentId: 'user-s-305' }],
    };
    const first = apply(handMade, (await plan('bulk-1.2', handMade)).changes);
    const files = sampleFiles('bulk-1.2');
    const smaller = {
      ...files,
      'users.csv': files['users.csv']!.replace(/^s-305,.*\r\n/m, ''),
      'roles.csv': files['roles.csv']!.replace(/^r-305,.*\r\n/m, ''),
      'classes.csv': files['classes.csv']!.replace(/^cl-11,.*\r\n/m, ''),
      'enrollments.csv': files['enrollments.csv']!.replace(/^e-(2|13|14|15|16),.*\r\n/gm, ''),
    };
    const { changes, counts, errors } = await plan(smaller, first);

    expect(errors).toEqual([]);
    expect(changes.users.delete).toEqual([{ userId: 'user-s-305', sourcedId: 's-305' }]);
    expect(changes.classes.delete).toEqual([{ classId: 'class-cl-11', sourcedId: 'cl-11' }]);
    expect(changes.enrollments.delete).toEqual([
      { classId: 'class-cl-11', studentId: 'user-s-303' },
      { classId: 'class-cl-11', studentId: 'user-s-304' },
      { classId: 'class-cl-11', studentId: 'user-s-300' },
      { classId: 'class-cl-12', studentId: 'user-s-305' },
    ]);
    expect(counts).toEqual({
      users: { ...NONE, delete: 1, unchanged: 8 },
      classes: { ...NONE, delete: 1, unchanged: 2 },
      enrollments: { ...NONE, delete: 4, unchanged: 4 },
    });
  });

  it('a bulk package does not delete someone whose row it skipped for an error', async () => {
    const before = apply(EMPTY, (await plan('bulk-1.2', EMPTY)).changes);
    const { changes, errors } = await plan('bad-rows-1.2', before);

    expect(changes.users.delete).toEqual([]);
    expect(errors.map((error) => `${error.file}:${error.line}`)).toEqual(['enrollments.csv:14', 'manifest.csv:4', 'users.csv:9', 'users.csv:12']);
  });

  it('lists the enrolments of the bad-rows sample it cannot place, by file and line, and applies the others', async () => {
    const { counts, errors } = await plan('bad-rows-1.2', EMPTY, false);

    expect(errors.filter((error) => error.file === 'enrollments.csv')).toEqual([
      { file: 'enrollments.csv', line: 10, message: 'The person s-304 was skipped for an error (users.csv line 9). The enrolment e-14 was skipped.' },
      { file: 'enrollments.csv', line: 14, message: 'The class cl-99 is not in classes.csv and was not imported before. The enrolment e-18 was skipped.' },
    ]);
    expect(counts.enrollments.create).toBe(7);
    expect(counts.users.create).toBe(7);
  });

  it('resolves a delta enrolment’s class and person from what was imported before', async () => {
    const before = apply(EMPTY, (await plan('bulk-1.2', EMPTY)).changes);
    const enrollments =
      'sourcedId,status,dateLastModified,classSourcedId,schoolSourcedId,userSourcedId,role,primary,beginDate,endDate\n' +
      'e-40,active,2026-11-20T16:05:00.000Z,cl-11,org-northfield,s-305,student,false,,\n' +
      'e-41,active,2026-11-20T16:05:00.000Z,cl-11,org-northfield,t-100,student,false,,\n' +
      'e-42,active,2026-11-20T16:05:00.000Z,cl-11,org-northfield,s-301,teacher,false,,\n';
    const { changes, errors } = await plan({ ...sampleFiles('delta-1.2'), 'enrollments.csv': enrollments }, before);

    expect(changes.enrollments.create).toEqual([{ sourcedId: 'e-40', class: { classId: 'class-cl-11' }, student: { userId: 'user-s-305' } }]);
    expect(errors).toEqual([
      { file: 'enrollments.csv', line: 3, message: 'The enrolment e-41 of t-100 in cl-11 is as a student, but t-100 is not a student here (Teachers); it was skipped.' },
      { file: 'enrollments.csv', line: 4, message: 's-301 teaches cl-11 in enrollments.csv but is not a teacher here (Students); they were not made its teacher.' },
    ]);
    expect(changes.classes.update).toEqual([]);
  });

  it('links an enrolment made here before to its sourcedId, once', async () => {
    const before = apply(EMPTY, (await plan('bulk-1.2', EMPTY)).changes);
    const unlinked = { ...before, enrollments: before.enrollments.map(({ sourcedId: _sourcedId, ...item }) => item) };
    const { changes, counts } = await plan('bulk-1.2', unlinked);

    expect(counts.enrollments).toEqual({ ...NONE, update: 8 });
    expect(changes.enrollments.update[0]).toEqual({ classId: 'class-cl-10', studentId: 'user-s-300', set: { sourcedId: 'e-10' } });
  });

  it('refuses to give one address to two SIS people, and a new person without a role', async () => {
    const snapshot: RosterSnapshot = {
      people: [{ userId: 'u-old', email: 'ada.okafor@northfield.example', name: 'Ada Okafor', role: 'Teachers', enabled: true, sourcedId: 'old-sis-7' }],
      classes: [],
      enrollments: [],
    };
    const manifest = 'propertyName,value\nmanifest.version,1.0\noneroster.version,1.2\nfile.users,delta\nfile.roles,absent\n';
    const users =
      'sourcedId,status,dateLastModified,enabledUser,username,userIds,givenName,familyName,middleName,identifier,email\n' +
      't-100,active,2026-11-20T10:00:00Z,true,,,Ada,Okafor,,,ada.okafor@northfield.example\n' +
      's-900,active,2026-11-20T10:00:00Z,true,,,New,Comer,,,new.comer@northfield.example\n';
    const { errors, counts } = await plan({ 'manifest.csv': manifest, 'users.csv': users }, snapshot);

    expect(errors).toEqual([
      { file: 'users.csv', line: 2, message: 'ada.okafor@northfield.example already belongs to the person imported with sourcedId old-sis-7; one address cannot be two people. This row was skipped.' },
      { file: 'users.csv', line: 3, message: 'New Comer (sourcedId s-900) is new but the package has no role for them; include roles.csv. This row was skipped.' },
    ]);
    expect(counts.users).toEqual(NONE);
  });

  it('does not move someone’s e-mail onto an address another person here already has, and makes the rest of the update', async () => {
    const before = apply(EMPTY, (await plan('bulk-1.2', EMPTY)).changes);
    const withVisitor = { ...before, people: [...before.people, { userId: 'u-visitor', email: 'visitor@northfield.example', name: 'Vi Sitor', role: 'Teachers' as const, enabled: true }] };
    const files = sampleFiles('bulk-1.2');
    const { changes, errors } = await plan({ ...files, 'users.csv': files['users.csv']!.replace('Björn,Larsen,,T101,bjorn.larsen@northfield.example', 'Björn,Lars,,T101,visitor@northfield.example') }, withVisitor);

    expect(changes.users.update).toEqual([{ userId: 'user-t-101', set: { name: 'Björn Lars' } }]);
    expect(errors).toEqual([
      { file: 'users.csv', line: 3, message: "Björn Lars (sourcedId t-101) has a new e-mail, visitor@northfield.example, which is already someone else's here; their e-mail was left as it is." },
    ]);
  });
});
