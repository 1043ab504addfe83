// A person's export through the local stack, complete by construction: for every item type the registry marks as
// exported (functions/src/table/item-types.ts) a fixture makes one record of it through the API, the item is found
// in the table under the key the key builders make, and then in the zip the export's link downloads. A new exported
// item type has no fixture, and this file no longer compiles. "Download my data" and the admin's export answer the
// same zip, and the admin's is in the audit trail.
import { strFromU8, unzipSync } from 'fflate';
import { exportedItemTypes, type ExportedItemType } from '@functions/src/table/item-types';
import { keys, type Key } from '@functions/src/table/table';
import type { Module } from '../../shared/contract/modules';
import { CLASS_ID, RUN_ID, startWorld, type Person, type World } from './support/world';

jest.setTimeout(180_000);

type Zip = Record<string, string>;
const parsed = (zip: Zip, file: string) => JSON.parse(zip[file] ?? 'null');

interface Fixture {
  /** Whose export holds it. */
  of: 'student' | 'teacher';
  /** The item's key, as the key builders make it (absent where a part of it is random: an audit entry's id). */
  key?: Key;
  /** Whether the zip holds this record. */
  found: (zip: Zip) => boolean;
}

let world: World;
let lesson: Module;
let sectionId: string;
const attemptId = crypto.randomUUID();
const reason = `Away on the trip ${RUN_ID}`;
const prompt = `Cells have membranes (${RUN_ID}).`;
const today = new Date().toISOString().slice(0, 10);
let otherClassId: string;

/** One record of each exported item type, and where the export shows it. */
const FIXTURES: Record<ExportedItemType, () => Fixture> = {
  module: () => ({ of: 'teacher', key: keys.module(lesson._id), found: (zip) => parsed(zip, 'modules.json').some((m: { moduleId: string }) => m.moduleId === lesson._id) }),
  check: () => ({
    of: 'teacher',
    key: keys.check(lesson._id, sectionId),
    found: (zip) => JSON.stringify(parsed(zip, 'modules.json')).includes(prompt),
  }),
  classMeta: () => ({ of: 'student', key: keys.classMeta(CLASS_ID), found: (zip) => parsed(zip, 'classes.json').asStudent.some((c: { class: { classId: string } }) => c.class.classId === CLASS_ID) }),
  enrolment: () => ({
    of: 'student',
    key: keys.enrolment(CLASS_ID, world.student.userId),
    found: (zip) => parsed(zip, 'classes.json').asStudent.some((c: { enrolment?: { studentId: string } }) => c.enrolment?.studentId === world.student.userId),
  }),
  membership: () => ({ of: 'student', key: keys.membership(world.student.userId, CLASS_ID), found: (zip) => zip['classes.csv']!.includes(`student,${CLASS_ID},`) }),
  // The class the admin unenrolled the student from: the class, and the reading they did there.
  formerClass: () => ({
    of: 'student',
    key: keys.formerClass(world.student.userId, otherClassId),
    found: (zip) =>
      parsed(zip, 'classes.json').asFormerStudent.some((c: { class: { classId: string } }) => c.class.classId === otherClassId) &&
      parsed(zip, 'progress.json').some((p: { classId: string; reading?: Record<string, { page?: number }> }) => p.classId === otherClassId && p.reading?.[sectionId]?.page === 4),
  }),
  progress: () => ({
    of: 'student',
    key: keys.progress(CLASS_ID, lesson._id, world.student.userId),
    found: (zip) => parsed(zip, 'progress.json').some((p: { moduleId: string; completedSections: string[] }) => p.moduleId === lesson._id && p.completedSections.includes(sectionId)),
  }),
  pathOverrides: () => ({ of: 'student', key: keys.pathOverrides(CLASS_ID, lesson._id, world.student.userId), found: (zip) => zip['overrides.json']!.includes(reason) }),
  activeStudent: () => ({
    of: 'student',
    key: keys.activeStudent(CLASS_ID, today, world.student.userId),
    found: (zip) => parsed(zip, 'activity.json').some((a: { classId: string; activeDays: string[] }) => a.classId === CLASS_ID && a.activeDays.includes(today)),
  }),
  attempt: () => ({
    of: 'student',
    key: keys.attempt(CLASS_ID, lesson._id, sectionId, world.student.userId, 1),
    found: (zip) => parsed(zip, 'attempts.json').attempts.some((a: { attemptId: string; answers: object }) => a.attemptId === attemptId && JSON.stringify(a.answers) === '{"q1":true}'),
  }),
  attemptsUsed: () => ({
    of: 'student',
    key: keys.attemptsUsed(lesson._id, sectionId, world.student.userId),
    found: (zip) => parsed(zip, 'attempts.json').attemptsUsed.some((u: { sectionId: string; used: number }) => u.sectionId === sectionId && u.used === 1),
  }),
  bellReadMarker: () => ({ of: 'student', key: keys.bellReadMarker(world.student.userId), found: (zip) => typeof parsed(zip, 'notices.json').notificationsReadAt === 'string' }),
  nudge: () => ({
    of: 'student',
    key: keys.nudge(world.student.userId, today, CLASS_ID, lesson._id),
    found: (zip) => parsed(zip, 'notices.json').nudges.some((n: { moduleId: string }) => n.moduleId === lesson._id),
  }),
  moduleFinished: () => ({
    of: 'student',
    key: keys.moduleFinished(world.student.userId, CLASS_ID, lesson._id),
    found: (zip) => parsed(zip, 'notices.json').finishedModules.some((f: { moduleId: string }) => f.moduleId === lesson._id),
  }),
  auditEntry: () => ({
    of: 'student',
    found: (zip) => parsed(zip, 'audit.json').some((e: { action: string; subject: string }) => e.action === 'enrol' && e.subject.includes(world.student.email)),
  }),
  personAccess: () => ({ of: 'student', key: keys.personAccess(world.student.userId), found: (zip) => typeof parsed(zip, 'profile.json').access.tokensRevokedAt === 'number' }),
  personCopy: () => ({ of: 'student', key: keys.personCopy(world.student.userId), found: (zip) => parsed(zip, 'profile.json').directoryCopy?.email === world.student.email }),
};

/** The zip an export's link downloads, file name → text. */
async function download(url: string): Promise<Zip> {
  const answer = await fetch(world.fileUrl(url));
  expect(answer.status).toBe(200);
  return Object.fromEntries(Object.entries(unzipSync(new Uint8Array(await answer.arrayBuffer()))).map(([name, bytes]) => [name, strFromU8(bytes)]));
}

const exportOf = async (person: Person): Promise<Zip> => download((await world.ok('exportPersonData', { as: world.admin, params: { userId: person.userId } })).url);

const zips: Partial<Record<Fixture['of'], Zip>> = {};

beforeAll(async () => {
  world = await startWorld();
  const { teacher, student, admin } = world;
  // One section with a check, due yesterday: completing it finishes the module; the teacher reminds the student first.
  lesson = await world.createModuleWithSections(teacher, 1, `Export ${RUN_ID}`);
  sectionId = lesson.sections[0]!._id;
  const dueAt = new Date(Date.now() - 24 * 60 * 60 * 1000).toISOString();
  await world.ok('assignModule', { as: teacher, params: { classId: CLASS_ID }, body: { moduleId: lesson._id, dueAt } });
  await world.ok('nudgeStudent', { as: teacher, params: { classId: CLASS_ID, moduleId: lesson._id }, body: { studentId: student.userId } }, 201);
  await world.ok('putCheck', { as: teacher, params: { id: lesson._id, sectionId }, body: { maxAttempts: 3, questions: [{ id: 'q1', kind: 'truefalse', prompt, answer: true }] } });
  await world.ok('addPathOverride', { as: teacher, params: { classId: CLASS_ID, studentId: student.userId }, body: { moduleId: lesson._id, kind: 'attempts', extra: 1, sectionId, reason } }, 201);
  // A pass completes the section: progress, the day's activity and the finished module.
  await world.ok('submitAttempt', { as: student, params: { id: lesson._id, sectionId }, body: { attemptId, classId: CLASS_ID, answers: { q1: true } } }, 201);
  await world.ok('markNotificationsRead', { as: student }, 204);
  // An admin's change about the student (the audit trail), and one that revokes their tokens (their access record).
  otherClassId = (await world.ok('createClass', { as: admin, body: { className: `Export ${RUN_ID}`, teacherId: teacher.userId } }, 201)).classId;
  await world.ok('enrolStudents', { as: admin, params: { classId: otherClassId }, body: { studentIds: [student.userId] } });
  // What the student did in a class they were then unenrolled from stays theirs: its former-class item finds it.
  await world.ok('assignModule', { as: teacher, params: { classId: otherClassId }, body: { moduleId: lesson._id } });
  await world.ok('recordReading', { as: student, params: { id: lesson._id, sectionId }, body: { classId: otherClassId, opened: true, page: 4 } });
  await world.ok('unenrolStudent', { as: admin, params: { classId: otherClassId, studentId: student.userId } }, 200);
  await world.ok('disablePerson', { as: admin, params: { userId: student.userId } });
  await world.ok('enablePerson', { as: admin, params: { userId: student.userId } });
  zips.student = await exportOf(student);
  zips.teacher = await exportOf(teacher);
});

afterAll(() => world?.stop());

test('the registry marks item types as exported, and each has a fixture', () => {
  expect(exportedItemTypes.length).toBeGreaterThan(10);
  expect(Object.keys(FIXTURES).sort()).toEqual([...exportedItemTypes].sort());
});

test.each(exportedItemTypes)('an item of type %s is in the table under its key, and in its person\'s export', async (type) => {
  const { of, key, found } = FIXTURES[type]();
  if (key) expect((await world.scanTable()).some((item) => item.pk === key.pk && item.sk === key.sk)).toBe(true);
  expect(found(zips[of]!)).toBe(true);
});

test("the teacher's export holds their module's file, and the CSV copies open as tables", () => {
  const files = parsed(zips.teacher!, 'files.json') as { moduleId: string; inZip?: string }[];
  const ofLesson = files.filter((file) => file.moduleId === lesson._id);
  expect(ofLesson).toHaveLength(1);
  expect(zips.teacher![ofLesson[0]!.inZip!]).toMatch(/^%PDF/);
  expect(zips.student!['attempts.csv']!.split('\r\n')[0]).toBe('classId,moduleId,sectionId,attemptNumber,submittedAt,score,maxScore,percent,passed,answers');
  expect(zips.student!['reading.csv']).toBeDefined();
});

test('audit entries about the student are found by their id, also one that names them without their e-mail (an unenrolment)', () => {
  const unenrolled = (parsed(zips.student!, 'audit.json') as { action: string; subject: string; subjectId?: string }[]).find((entry) => entry.action === 'unenrol');
  expect(unenrolled).toMatchObject({ subject: world.student.name, subjectId: world.student.userId });
});

test('"Download my data" gives the caller the same kinds of data, and only an admin\'s export is audited', async () => {
  const own = await download((await world.ok('exportOwnData', { as: world.teacher })).url);
  expect(Object.keys(own).filter((name) => !name.startsWith('files/')).sort()).toEqual(Object.keys(zips.teacher!).filter((name) => !name.startsWith('files/')).sort());
  expect(parsed(own, 'profile.json').person.userId).toBe(world.teacher.userId);
  const trail = await world.ok('listAuditTrail', { as: world.admin, path: '/api/admin/audit?action=exportData' });
  expect(trail.entries.map((entry: { subject: string }) => entry.subject)).toEqual([expect.stringContaining(world.teacher.email), expect.stringContaining(world.student.email)]);
});
