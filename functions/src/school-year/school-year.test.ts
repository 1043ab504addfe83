// The end-of-year use cases over in-memory adapters: archive and unarchive, the retention setting and its run by a
// clock the test moves, and the rollover into a new year.
import { CLASS_ID, callers, givenSchool, MODULE_ID, OTHER_CLASS_ID } from '../../test/in-memory/records';
import { inMemoryPorts, type InMemoryPorts } from '../../test/in-memory/ports';
import { InMemoryDirectory } from '../people/fakes/people';
import { InMemoryClassArchive, InMemoryRetentionStore } from './fakes/school-year-stores';
import { makeSchoolYearService, RETENTION_ACTOR } from './school-year';

const { admin } = callers;
let ports: InMemoryPorts;
let retention: InMemoryRetentionStore;
let service: ReturnType<typeof makeSchoolYearService>;

beforeEach(() => {
  ports = inMemoryPorts();
  givenSchool(ports, { class: { prerequisites: { [MODULE_ID]: MODULE_ID } } });
  retention = new InMemoryRetentionStore();
  service = makeSchoolYearService({ ...ports, rosters: ports.classes, archive: new InMemoryClassArchive(ports.classes), retention, directory: new InMemoryDirectory() });
});

const audited = () => ports.audit.entries.map(({ action, subject, detail }) => [action, subject, detail]);
const DAY = 24 * 60 * 60 * 1000;
const later = (days: number) => ports.clock.set(new Date(ports.clock.now().getTime() + days * DAY).toISOString());

describe('archive and unarchive', () => {
  it('archives once (a repeat changes nothing) and unarchives, each change audited', async () => {
    const archivedAt = ports.clock.now().toISOString();
    expect(await service.archiveClass(admin, CLASS_ID)).toMatchObject({ classId: CLASS_ID, archivedAt });
    expect(await service.archiveClass(admin, CLASS_ID)).toMatchObject({ archivedAt });
    expect(await service.unarchiveClass(admin, CLASS_ID)).not.toHaveProperty('archivedAt');
    expect(await service.unarchiveClass(admin, CLASS_ID)).not.toHaveProperty('archivedAt');
    expect(audited()).toEqual([
      ['archiveClass', 'Biology 7A', 'with 1 enrolment'],
      ['unarchiveClass', 'Biology 7A', undefined],
    ]);
  });

  it('answers 404 for a class that does not exist', async () => {
    await expect(service.archiveClass(admin, 'missing')).rejects.toMatchObject({ kind: 'notFound', message: 'Class not found; reload the list.' });
    await expect(service.unarchiveClass(admin, 'missing')).rejects.toMatchObject({ kind: 'notFound' });
  });

  it('refuses to unarchive once retention has begun removing the students’ data, saying what to do instead', async () => {
    retention.setting = { days: 30, setAt: '2024-01-01T00:00:00.000Z', setBy: 'Alex' };
    await service.archiveClass(admin, CLASS_ID);
    later(31);
    await service.runRetention();
    await expect(service.unarchiveClass(admin, CLASS_ID)).rejects.toMatchObject({ kind: 'conflict', message: expect.stringMatching(/stays archived; roll it over/) });
    expect((await ports.classes.getClass(CLASS_ID))?.archivedAt).toBeDefined();
  });
});

describe('retention', () => {
  it('is off until set; a change is audited, a repeat is not', async () => {
    expect(await service.getRetention()).toEqual({ days: null });
    const set = await service.setRetention({ ...admin, name: 'Alex Admin' }, 30);
    expect(set).toEqual({ days: 30, setAt: ports.clock.now().toISOString(), setBy: 'Alex Admin' });
    await service.setRetention(admin, 30);
    await service.setRetention(admin, null);
    expect(audited()).toEqual([
      ['setRetention', 'the retention of students’ data', 'to 30 days after archiving (was keep until deleted)'],
      ['setRetention', 'the retention of students’ data', 'to keep until deleted (was 30 days after archiving)'],
    ]);
  });

  it('removes the students’ data of classes archived more than N days ago, once, and audits each run with its counts', async () => {
    await service.setRetention(admin, 30);
    await service.archiveClass(admin, CLASS_ID);
    later(10);
    await service.archiveClass(admin, OTHER_CLASS_ID);
    retention.studentData.set(CLASS_ID, { progress: 3, attempts: 5, pathOverrides: 1, derived: 4 });
    retention.studentData.set(OTHER_CLASS_ID, { progress: 1, attempts: 0, pathOverrides: 0, derived: 1 });
    ports.audit.entries.length = 0;

    later(20); // 30 days after the first archive: not more than 30 yet
    expect((await service.runRetention()).classes).toEqual([]);
    later(1);
    expect(await service.runRetention()).toEqual({
      days: 30,
      classes: [{ classId: CLASS_ID, className: 'Biology 7A', removed: { progress: 3, attempts: 5, pathOverrides: 1, derived: 4 } }],
    });
    later(10);
    expect((await service.runRetention()).classes.map((each) => each.classId)).toEqual([OTHER_CLASS_ID]);
    expect((await service.runRetention()).classes).toEqual([]);

    expect(retention.removals).toEqual([CLASS_ID, OTHER_CLASS_ID]);
    expect((await ports.classes.getClass(CLASS_ID))?.studentDataRemovedAt).toBeDefined();
    expect(ports.audit.entries.every((entry) => entry.actorId === RETENTION_ACTOR.actorId && entry.action === 'runRetention')).toBe(true);
    expect(audited().map(([, subject, detail]) => `${subject}: ${detail}`)).toEqual([
      'retention: after 30 days after archiving: 0 archived classes cleaned; deleted 0 progress records (with reading), 0 attempts, 0 path overrides and 0 counters and notices; classes, rosters and modules kept',
      'Biology 7A: deleted 3 progress records (with reading), 5 attempts, 1 path override and 4 counters and notices; classes, rosters and modules kept',
      'retention: after 30 days after archiving: 1 archived class cleaned; deleted 3 progress records (with reading), 5 attempts, 1 path override and 4 counters and notices; classes, rosters and modules kept',
      'Chemistry 8B: deleted 1 progress record (with reading), 0 attempts, 0 path overrides and 1 counter or notice; classes, rosters and modules kept',
      expect.stringMatching(/^retention: after 30 days after archiving: 1 archived class cleaned/),
      expect.stringMatching(/^retention: after 30 days after archiving: 0 archived classes cleaned/),
    ]);
  });

  it('leaves a class alone that was unarchived before its time, and does nothing while retention is off', async () => {
    await service.archiveClass(admin, CLASS_ID);
    later(100);
    expect(await service.runRetention()).toEqual({ days: null, classes: [] });
    await service.setRetention(admin, 30);
    await service.unarchiveClass(admin, CLASS_ID);
    expect((await service.runRetention()).classes).toEqual([]);
    expect(retention.removals).toEqual([]);
    expect(audited().filter(([action]) => action === 'runRetention').map(([, , detail]) => detail)).toEqual([
      'with retention off: nothing removed',
      expect.stringMatching(/^after 30 days after archiving: 0 archived classes cleaned/),
    ]);
  });
});

describe('rollover', () => {
  const NEW_ID = '6f1c1b9e-4a7d-4c39-9a55-3d2f0f6c2a11';

  it('makes a class of the same name with the year label, teacher, modules and prerequisites, no students; archives the old one when asked', async () => {
    const [made] = await service.rollOver(admin, { yearLabel: '2025-26', archiveOld: true, classes: [{ fromClassId: CLASS_ID, classId: NEW_ID }] });
    expect(made).toEqual({ fromClassId: CLASS_ID, classId: NEW_ID, className: 'Biology 7A 2025-26', moduleCount: 1, created: true, oldArchived: true });
    expect(await ports.classes.getClass(NEW_ID)).toMatchObject({
      className: 'Biology 7A 2025-26',
      teacherId: callers.teacher.userId,
      assignedModuleIds: [MODULE_ID],
      prerequisites: { [MODULE_ID]: MODULE_ID },
      studentCount: 0,
      yearLabel: '2025-26',
      rolledOverFrom: CLASS_ID,
    });
    expect((await ports.classes.getClass(CLASS_ID))?.archivedAt).toBeDefined();
    expect(audited()).toEqual([
      ['rollOverClass', 'Biology 7A', 'into Biology 7A 2025-26'],
      ['archiveClass', 'Biology 7A', 'with 1 enrolment'],
    ]);
  });

  it('replaces last year’s label next year, and a repeat answers the class made first', async () => {
    await service.rollOver(admin, { yearLabel: '2025-26', archiveOld: false, classes: [{ fromClassId: CLASS_ID, classId: NEW_ID }] });
    const again = await service.rollOver(admin, { yearLabel: '2025-26', archiveOld: false, classes: [{ fromClassId: CLASS_ID, classId: NEW_ID }] });
    expect(again).toEqual([expect.objectContaining({ classId: NEW_ID, created: false, oldArchived: false })]);
    const [next] = await service.rollOver(admin, { yearLabel: '2026-27', archiveOld: false, classes: [{ fromClassId: NEW_ID, classId: crypto.randomUUID() }] });
    expect(next.className).toBe('Biology 7A 2026-27');
    expect(ports.audit.entries.filter((entry) => entry.action === 'rollOverClass')).toHaveLength(2);
  });

  it('refuses an id another class holds, and a class that does not exist', async () => {
    await expect(service.rollOver(admin, { yearLabel: '2025-26', archiveOld: false, classes: [{ fromClassId: CLASS_ID, classId: OTHER_CLASS_ID }] })).rejects.toMatchObject({
      kind: 'conflict',
      message: 'This new class id is already in use; preview the rollover again.',
    });
    await expect(service.rollOver(admin, { yearLabel: '2025-26', archiveOld: false, classes: [{ fromClassId: 'missing', classId: NEW_ID }] })).rejects.toMatchObject({ kind: 'notFound' });
  });
});
