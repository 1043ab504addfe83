// A person's export against the in-memory stores: what a student's and a teacher's zip hold (a student's also from
// classes they left), the admin's export and its audit entry, who may export whom, and the file budget.
import { STORED_FILES } from '@shared/storage';
import { CLASS_ID, MODULE_ID, OTHER_CLASS_ID, callers, classRecord, givenSchool, refused } from '@functions/test/in-memory/records';
import { inMemoryPorts } from '@functions/test/in-memory/ports';
import { OTHER_TEACHER_ID, STUDENT_ID, TEACHER_ID } from '@test/unit-helpers/events';
import { makeChangeRecorder } from '../audit/audit';
import { InMemoryDirectory, InMemoryPeopleIndex, InMemoryPersonAccess } from '../people/fakes/people';
import { ownerOfStorageKey } from '../search/section-texts';
import type { FileReader } from '../uploads/port';
import { EXPORT_FILE_BUDGET_BYTES, makeDataExport } from './data-export';
import { InMemoryExportStorage } from './fakes/export-storage';

const ports = inMemoryPorts();
const directory = new InMemoryDirectory();
const people = new InMemoryPeopleIndex();
const access = new InMemoryPersonAccess();
const storage = new InMemoryExportStorage();
const saved = storage.zips;
const fileBytes = new Map<string, Uint8Array>();
const files: FileReader = {
  readFile: async (key, maxBytes) => {
    const bytes = fileBytes.get(key);
    if (!bytes) return 'missing';
    return bytes.length > maxBytes ? 'too-large' : bytes;
  },
};
const exports = makeDataExport({
  ...ports,
  directory,
  people,
  access,
  files,
  storage,
  record: makeChangeRecorder({ directory, audit: ports.audit, clock: ports.clock }),
});

directory.people.set(STUDENT_ID, { userId: STUDENT_ID, email: 'student@example.com', name: 'Sam Student', role: 'Students', status: 'active', createdAt: '2026-01-01T00:00:00.000Z' });
directory.people.set(TEACHER_ID, { userId: TEACHER_ID, email: 'teacher@example.com', name: 'Tess Teacher', role: 'Teachers', status: 'active', createdAt: '2026-01-01T00:00:00.000Z' });
directory.people.set(callers.admin.userId, { userId: callers.admin.userId, email: 'admin@example.com', name: 'Ada Admin', role: 'Admins', status: 'active', createdAt: '2026-01-01T00:00:00.000Z' });
givenSchool(ports);
const [first, second] = ['section-1', 'section-2'];
const key = { classId: CLASS_ID, moduleId: MODULE_ID, studentId: STUDENT_ID };

beforeAll(async () => {
  await people.save(directory.people.get(STUDENT_ID)!);
  await access.markSecondFactorOn(STUDENT_ID, 1_700_000_000_000);
  await ports.progress.addCompletedSection(key, first, '2026-02-01T09:00:00.000Z');
  await ports.progress.recordReading(key, second, { opened: true, minutes: 12, page: 7 });
  await ports.attempts.recordAttempt(
    { ...key, sectionId: second, attemptNumber: 1, attemptId: 'attempt-1', version: 1, submittedAt: '2026-02-02T09:00:00.000Z', score: 1, maxScore: 2, percent: 50, passed: false, answers: { q1: ['b'] }, results: [] },
    undefined,
    () => ({ teacherId: TEACHER_ID, studentName: 'Sam Student', moduleTitle: 'Cells', className: 'Biology 7A', sectionTotal: 2 }),
    { seen: undefined, next: 1 },
  );
  await ports.overrides.addOverride(key, { kind: 'excuse', sectionId: second, reason: 'Was ill that week', at: '2026-02-03T09:00:00.000Z', teacherName: 'Tess Teacher' });
  await ports.notices.addNudge({ ...key, className: 'Biology 7A', moduleTitle: 'Cells', teacherName: 'Tess Teacher', dueAt: '2026-03-01T00:00:00.000Z', sentAt: '2026-02-04T09:00:00.000Z' });
  await ports.notices.setReadAt(STUDENT_ID, '2026-02-05T09:00:00.000Z');
  await ports.audit.record({ at: '2026-01-02T09:00:00.000Z', actorId: 'admin-1', actor: 'Ada Admin', action: 'enrol', subject: 'Sam Student (student@example.com)', detail: 'in Biology 7A' });
  await ports.audit.record({ at: '2026-01-03T09:00:00.000Z', actorId: 'admin-1', actor: 'Ada Admin', action: 'enrol', subject: 'Kim Other (kim@example.com)' });
  for (const section of (await ports.modules.getModule(MODULE_ID))!.sections) fileBytes.set(section.contentUrl, new TextEncoder().encode(`%PDF ${section._id}`));
});

const zipOf = (answer: { url: string }) => storage.filesAt(answer.url);

test("a student's export holds their profile, classes, progress with reading, attempts with answers, overrides, notices and audit entries", async () => {
  const answer = await exports.exportOwnData(callers.student);
  expect(answer).toMatchObject({ fileName: 'data-export-2024-05-03.zip', expiresAt: '2024-05-03T10:15:00.000Z' });
  expect(answer.url).toMatch(new RegExp(`^memory://protected/exports/${STUDENT_ID}/[^/]+/data-export-2024-05-03.zip`));
  const zip = zipOf(answer);
  expect(answer.bytes).toBe(saved.get(storage.keyOf(answer.url))!.length);
  expect(JSON.parse(zip['profile.json']!)).toMatchObject({ person: { email: 'student@example.com', role: 'Students' }, directoryCopy: { name: 'Sam Student' }, access: { secondFactorSince: 1_700_000_000_000 } });
  expect(JSON.parse(zip['classes.json']!).asStudent).toEqual([expect.objectContaining({ class: expect.objectContaining({ classId: CLASS_ID, className: 'Biology 7A' }) })]);
  expect(zip['classes.csv']).toContain('student,class-1,Biology 7A');
  const [progress] = JSON.parse(zip['progress.json']!);
  expect(progress).toMatchObject({ completedSections: [first], reading: { [second]: { opened: 1, minutes: 12, page: 7 } }, checks: { [second]: { bestPercent: 50, attempts: 1 } } });
  expect(zip['reading.csv']).toContain(`${CLASS_ID},${MODULE_ID},${second},1,12,7`);
  expect(JSON.parse(zip['attempts.json']!)).toMatchObject({ attempts: [{ sectionId: second, answers: { q1: ['b'] }, percent: 50 }], attemptsUsed: [{ sectionId: second, used: 1 }] });
  expect(zip['attempts.csv']).toContain('"{""q1"":[""b""]}"');
  expect(JSON.parse(zip['overrides.json']!)).toEqual([expect.objectContaining({ overrides: [expect.objectContaining({ reason: 'Was ill that week' })] })]);
  expect(JSON.parse(zip['activity.json']!)).toEqual([{ classId: CLASS_ID, activeDays: ['2026-02-01'] }]);
  expect(JSON.parse(zip['notices.json']!)).toMatchObject({ nudges: [{ moduleTitle: 'Cells', teacherName: 'Tess Teacher' }], notificationsReadAt: '2026-02-05T09:00:00.000Z' });
  expect(JSON.parse(zip['audit.json']!)).toEqual([expect.objectContaining({ subject: 'Sam Student (student@example.com)' })]);
  expect(zip['README.txt']).toContain('attempts.json');
  // A student owns no modules.
  expect(JSON.parse(zip['modules.json']!)).toEqual([]);
});

test("a teacher's export holds the classes they teach and their modules with the files", async () => {
  const zip = zipOf(await exports.exportOwnData(callers.teacher));
  expect(JSON.parse(zip['classes.json']!).asTeacher).toEqual([expect.objectContaining({ classId: CLASS_ID })]);
  expect(JSON.parse(zip['modules.json']!)).toEqual([expect.objectContaining({ moduleId: MODULE_ID, title: 'Cells' })]);
  const listed = JSON.parse(zip['files.json']!) as { inZip?: string }[];
  expect(listed).toHaveLength(2);
  for (const { inZip } of listed) expect(zip[inZip!]).toMatch(/^%PDF section-/);
  // The teacher's own data, not their students'.
  expect(JSON.parse(zip['progress.json']!)).toEqual([]);
});

test('files past the budget are listed, not zipped, and a missing file says so', async () => {
  const [one, two] = (await ports.modules.getModule(MODULE_ID))!.sections.map((section) => section.contentUrl);
  fileBytes.set(one!, new Uint8Array(EXPORT_FILE_BUDGET_BYTES + 1));
  fileBytes.delete(two!);
  try {
    const listed = JSON.parse(zipOf(await exports.exportOwnData(callers.teacher))['files.json']!);
    expect(listed).toEqual([
      expect.objectContaining({ key: one, leftOut: 'Too large for this zip: download it from the module.' }),
      expect.objectContaining({ key: two, leftOut: 'The file is no longer stored.' }),
    ]);
  } finally {
    fileBytes.set(one!, new TextEncoder().encode('%PDF section-1'));
    fileBytes.set(two!, new TextEncoder().encode('%PDF section-2'));
  }
});

test("an administrator exports anyone's data, and the audit trail says whose", async () => {
  const before = ports.audit.entries.length;
  const zip = zipOf(await exports.exportPersonData({ ...callers.admin, name: 'Ada Admin' }, STUDENT_ID));
  expect(JSON.parse(zip['profile.json']!).person.userId).toBe(STUDENT_ID);
  expect(ports.audit.entries.slice(before)).toEqual([expect.objectContaining({ actorId: 'admin-1', action: 'exportData', subject: 'Sam Student (student@example.com)' })]);
});

test('exporting someone not in the directory is a 404 and writes nothing; only admins export others', async () => {
  const count = saved.size;
  await expect(exports.exportPersonData(callers.admin, 'nobody')).rejects.toEqual(refused('notFound', 'no such person'));
  await expect(exports.exportPersonData(callers.teacher, STUDENT_ID)).rejects.toEqual(refused('forbidden'));
  expect(saved.size).toBe(count);
});

test('an export key is in its own area, which text extraction leaves alone', async () => {
  const answer = await exports.exportOwnData(callers.student);
  const storedKey = storage.keyOf(answer.url);
  expect(storedKey.startsWith(STORED_FILES.dataExport.pattern.split('{')[0]!)).toBe(true);
  expect(ownerOfStorageKey(storedKey)).toBeUndefined();
});

test("a student's export holds what they did in a class they left, and audit entries about them by id whatever their e-mail was", async () => {
  const left = { ...key, classId: OTHER_CLASS_ID };
  ports.classes.put(classRecord({ classId: OTHER_CLASS_ID, className: 'Chemistry 8B', teacherId: OTHER_TEACHER_ID, students: { [STUDENT_ID]: 'student@example.com' } }));
  await ports.progress.addCompletedSection(left, second, '2026-02-06T09:00:00.000Z');
  await ports.overrides.addOverride(left, { kind: 'excuse', sectionId: first, reason: 'Joined late', at: '2026-02-06T09:00:00.000Z', teacherName: 'Ben Teacher' });
  expect(await ports.rosters.unenrollStudent(OTHER_CLASS_ID, STUDENT_ID)).toBe(true);
  // Entries written under an earlier e-mail (or naming only the name) are found by the id they keep.
  await ports.audit.record({ at: '2026-02-07T09:00:00.000Z', actorId: 'admin-1', actor: 'Ada Admin', action: 'unenrol', subject: 'Sam Student', subjectId: STUDENT_ID, detail: 'from Chemistry 8B' });
  await ports.audit.record({ at: '2026-02-08T09:00:00.000Z', actorId: 'admin-1', actor: 'Ada Admin', action: 'rename', subject: 'Sam Old (sam.old@example.com)', subjectId: STUDENT_ID });

  const zip = zipOf(await exports.exportOwnData(callers.student));
  expect(JSON.parse(zip['classes.json']!).asFormerStudent).toEqual([{ class: expect.objectContaining({ classId: OTHER_CLASS_ID, className: 'Chemistry 8B' }) }]);
  expect(zip['classes.csv']).toContain(`former student,${OTHER_CLASS_ID},Chemistry 8B`);
  expect(JSON.parse(zip['progress.json']!)).toContainEqual(expect.objectContaining({ classId: OTHER_CLASS_ID, completedSections: [second] }));
  expect(JSON.parse(zip['overrides.json']!)).toContainEqual(expect.objectContaining({ classId: OTHER_CLASS_ID, overrides: [expect.objectContaining({ reason: 'Joined late' })] }));
  const subjects = (JSON.parse(zip['audit.json']!) as { subject: string }[]).map(({ subject }) => subject);
  expect(subjects).toEqual(expect.arrayContaining(['Sam Student', 'Sam Old (sam.old@example.com)']));
  expect(subjects).not.toContain('Kim Other (kim@example.com)');
});
