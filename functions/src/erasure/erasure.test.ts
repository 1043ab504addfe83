// The erase use case over in-memory stores: what it asks of each resource, its refusals, and a crash part way
// finished by a second call that repeats nothing done.
import { OTHER_TEACHER_ID, STUDENT_ID, TEACHER_ID } from '@test/unit-helpers/events';
import { ADMIN_ID, givenAdminSchool } from '@functions/test/in-memory/admin';
import { CLASS_ID, MODULE_ID, OTHER_CLASS_ID, classRecord, moduleRecord, refused } from '@functions/test/in-memory/records';
import { makeModuleService } from '../modules/modules';
import { InMemorySectionTextStore } from '../search/fakes/text-store';
import type { Caller } from '../kernel/caller';
import { makeErasureService, type ErasureDeps } from './erasure';
import { pseudonymOf } from './adapters/pseudonym';
import { InMemoryErasureJobs, RecordingSweep } from './fakes/erasure-stores';

const admin: Caller = { userId: ADMIN_ID, roles: ['Admins'], name: 'Alex Admin' };
const completedBy = (school: ReturnType<typeof givenAdminSchool>, classId: string) =>
  school.ports.progress.addCompletedSection({ classId, moduleId: MODULE_ID, studentId: STUDENT_ID }, 'section-1', '2026-11-20T10:00:00.000Z');

function givenErasure(overrides: Partial<ErasureDeps> = {}) {
  const school = givenAdminSchool();
  const { ports, directory, access } = school;
  const jobs = new InMemoryErasureJobs();
  const sweep = new RecordingSweep(3);
  const modules = makeModuleService(ports);
  const texts = new InMemorySectionTextStore();
  const deps: ErasureDeps = {
    directory,
    access,
    classes: ports.classes,
    rosters: ports.rosters,
    progress: ports.progress,
    modules: ports.modules,
    deleteModule: (owner, moduleId) => modules.delete(owner, moduleId),
    jobs,
    sweep,
    files: ports.files,
    fileReferences: ports.fileReferences,
    texts,
    pseudonymOf,
    audit: ports.audit,
    clock: ports.clock,
    ...overrides,
  };
  return { school, jobs, sweep, texts, deps, erasure: makeErasureService(deps) };
}

/** A store whose method fails once, on its `nth` call: a crash part way. */
function failingOnce<T extends object>(store: T, method: keyof T, nth: number): T {
  let calls = 0;
  return new Proxy(store, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver) as unknown;
      if (property !== method || typeof value !== 'function') return typeof value === 'function' ? value.bind(target) : value;
      return (...args: unknown[]) => {
        calls += 1;
        if (calls === nth) return Promise.reject(new Error('crashed'));
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
}

describe('erasing a student', () => {
  it('unenrols them with their counts, sweeps the table page by page, deletes their folder and user, and audits a pseudonym', async () => {
    const { school, erasure, sweep, jobs } = givenErasure();
    await completedBy(school, CLASS_ID);
    school.ports.files.put(`protected/${STUDENT_ID}/stray.pdf`, 'application/pdf');
    const before = await school.ports.progress.listCompletionCounters(CLASS_ID);
    expect(before).toMatchObject([{ moduleId: MODULE_ID, completions: 1, startedStudents: 1 }]);

    const outcome = await erasure.erase(admin, STUDENT_ID, { confirm: ' Student@Example.com ' });

    const pseudonym = pseudonymOf(STUDENT_ID);
    expect(outcome).toEqual({ pseudonym, modules: { outcome: 'none', count: 0 }, classes: { outcome: 'none', count: 0 } });
    expect(await school.ports.classes.getEnrolment(CLASS_ID, STUDENT_ID)).toBeUndefined();
    expect(await school.ports.classes.listClassIdsOfStudent(STUDENT_ID)).toEqual([]);
    expect(await school.ports.progress.listCompletionCounters(CLASS_ID)).toMatchObject([{ moduleId: MODULE_ID, completions: 0, startedStudents: 0 }]);
    expect(sweep.calls.map(({ from }) => from)).toEqual([undefined, '1', '2']);
    expect(sweep.calls[0].target).toEqual({ pseudonym, person: { userId: STUDENT_ID, email: 'student@example.com', name: 'Sam Student', role: 'Students' } });
    expect(await school.ports.files.describeFile(`protected/${STUDENT_ID}/stray.pdf`)).toBeUndefined();
    expect(school.directory.calls).toEqual([`disable ${STUDENT_ID}`, `remove ${STUDENT_ID}`]);
    expect(school.directory.people.has(STUDENT_ID)).toBe(false);
    expect(school.ports.audit.entries).toEqual([expect.objectContaining({ action: 'erase', subject: pseudonym, actorId: ADMIN_ID })]);
    expect(JSON.stringify(school.ports.audit.entries)).not.toMatch(/student@example\.com|student-1|Sam Student/);
    expect(jobs.jobs.get(pseudonym)).toEqual({ pseudonym, outcome, finishedAt: expect.any(String) });
  });

  it('answers the outcome again for a finished erase, changing nothing', async () => {
    const { school, erasure } = givenErasure();
    const first = await erasure.erase(admin, STUDENT_ID, { confirm: 'student@example.com' });
    const calls = school.directory.calls.length;
    expect(await erasure.erase(admin, STUDENT_ID, { confirm: 'anything@example.com' })).toEqual(first);
    expect(school.directory.calls).toHaveLength(calls);
    expect(school.ports.audit.entries).toHaveLength(1);
  });

  it('refuses a confirmation that is not their e-mail, someone unknown, and the admin themselves, changing nothing', async () => {
    const { school, erasure, jobs } = givenErasure();
    await expect(erasure.erase(admin, STUDENT_ID, { confirm: 'teacher@example.com' })).rejects.toEqual(refused('invalid', /not this person's/));
    await expect(erasure.erase(admin, 'nobody', { confirm: 'x@example.com' })).rejects.toEqual(refused('notFound', /no such person/));
    await expect(erasure.erase(admin, ADMIN_ID, { confirm: 'admin@example.com' })).rejects.toEqual(refused('forbidden', /your own account/));
    expect(school.directory.calls).toEqual([]);
    expect(jobs.jobs.size).toBe(0);
    expect(await school.ports.classes.getEnrolment(CLASS_ID, STUDENT_ID)).toBeDefined();
  });

  it('finishes after a crash part way, counting each class out once and going on with the sweep where it stopped', async () => {
    const setUp = givenErasure();
    const { school } = setUp;
    school.ports.classes.put(classRecord({ classId: OTHER_CLASS_ID, teacherId: OTHER_TEACHER_ID, students: { [STUDENT_ID]: 'student@example.com' } }));
    await completedBy(school, CLASS_ID);
    await completedBy(school, OTHER_CLASS_ID);
    // The second class's unenrolment fails, then the sweep's second page, then the directory's deletion.
    const rosters = failingOnce(school.ports.rosters, 'unenrollStudent', 2);
    const sweep = failingOnce(setUp.sweep, 'sweepTablePage', 2);
    const directory = failingOnce(school.directory, 'remove', 1);
    const erasure = makeErasureService({ ...setUp.deps, rosters, sweep, directory });
    const input = { confirm: 'student@example.com' };

    await expect(erasure.erase(admin, STUDENT_ID, input)).rejects.toThrow('crashed');
    expect(await school.ports.progress.listCompletionCounters(CLASS_ID)).toMatchObject([{ completions: 0, startedStudents: 0 }]);
    expect(await school.ports.progress.listCompletionCounters(OTHER_CLASS_ID)).toMatchObject([{ completions: 1, startedStudents: 1 }]);
    // A second call with a wrong confirmation is refused against the e-mail the job kept.
    await expect(erasure.erase(admin, STUDENT_ID, { confirm: 'someone@example.com' })).rejects.toEqual(refused('invalid'));
    await expect(erasure.erase(admin, STUDENT_ID, input)).rejects.toThrow('crashed');
    await expect(erasure.erase(admin, STUDENT_ID, input)).rejects.toThrow('crashed');
    await erasure.erase(admin, STUDENT_ID, input);

    for (const classId of [CLASS_ID, OTHER_CLASS_ID]) {
      expect(await school.ports.progress.listCompletionCounters(classId)).toMatchObject([{ completions: 0, startedStudents: 0 }]);
      expect(await school.ports.classes.getEnrolment(classId, STUDENT_ID)).toBeUndefined();
    }
    expect(setUp.sweep.calls.map(({ from }) => from)).toEqual([undefined, '1', '2']);
    expect(school.directory.people.has(STUDENT_ID)).toBe(false);
    expect(school.ports.audit.entries.filter((entry) => entry.action === 'erase')).toHaveLength(1);
  });
});

describe('erasing a teacher', () => {
  it('refuses until the admin chooses what becomes of their modules and classes', async () => {
    const { school, erasure } = givenErasure();
    await expect(erasure.erase(admin, TEACHER_ID, { confirm: 'teacher@example.com' })).rejects.toEqual(
      refused('invalid', /owns 1 module and teaches 1 class: choose a teacher to take them over/),
    );
    await expect(erasure.erase(admin, TEACHER_ID, { confirm: 'teacher@example.com', transferModulesTo: STUDENT_ID })).rejects.toEqual(
      refused('invalid', /cannot take the modules over/),
    );
    await expect(erasure.erase(admin, TEACHER_ID, { confirm: 'teacher@example.com', transferModulesTo: TEACHER_ID })).rejects.toEqual(refused('invalid'));
    expect(school.directory.calls).toEqual([]);
  });

  it('deletes their modules with the progress on them and leaves their classes without a teacher', async () => {
    const { school, erasure } = givenErasure();
    await completedBy(school, CLASS_ID);
    const outcome = await erasure.erase(admin, TEACHER_ID, { confirm: 'teacher@example.com', deleteModules: true });
    expect(outcome).toMatchObject({ modules: { outcome: 'deleted', count: 1 }, classes: { outcome: 'withoutTeacher', count: 1 } });
    expect(school.ports.modules.all()).toEqual([]);
    expect(await school.ports.classes.getClass(CLASS_ID)).toMatchObject({ teacherId: '', assignedModuleIds: [] });
    expect(await school.ports.progress.listProgressOfClass(CLASS_ID)).toEqual([]);
    expect(school.ports.audit.entries).toEqual([expect.objectContaining({ action: 'erase', detail: '1 module(s) deleted; 1 class(es) now without a teacher' })]);
  });

  it('moves modules without files and their classes to the teacher the admin names', async () => {
    const { school, erasure } = givenErasure();
    const grace = school.newTeacher;
    school.ports.modules.clear();
    school.ports.modules.put(moduleRecord({ sections: [] }));
    const outcome = await erasure.erase(admin, TEACHER_ID, { confirm: 'teacher@example.com', transferModulesTo: grace.userId });
    expect(outcome).toMatchObject({ modules: { outcome: 'transferred', count: 1 }, classes: { outcome: 'transferred', count: 1 } });
    expect(school.ports.modules.all()).toEqual([expect.objectContaining({ moduleId: MODULE_ID, ownerId: grace.userId })]);
    expect(await school.ports.classes.getClass(CLASS_ID)).toMatchObject({ teacherId: grace.userId, teacherName: 'Grace Teacher', assignedModuleIds: [MODULE_ID] });
  });

  it('moves modules with their files, the files’ users and text to the new owner’s folder, then deletes the old files', async () => {
    const { school, erasure, texts } = givenErasure();
    const grace = school.newTeacher;
    const oldKeys = moduleRecord().sections.map((each) => each.contentUrl);
    const newKeys = oldKeys.map((key) => key.replace(`protected/${TEACHER_ID}/`, `protected/${grace.userId}/`));
    await texts.saveText(oldKeys[0]!, TEACHER_ID, { status: 'ready', pages: [{ number: 1, text: 'Mitochondria make energy.' }] }, '2026-11-20T10:00:00.000Z');

    await erasure.erase(admin, TEACHER_ID, { confirm: 'teacher@example.com', transferModulesTo: grace.userId });

    expect(school.ports.modules.all()).toEqual([
      expect.objectContaining({ ownerId: grace.userId, sections: [expect.objectContaining({ contentUrl: newKeys[0] }), expect.objectContaining({ contentUrl: newKeys[1] })] }),
    ]);
    expect(school.ports.files.keys()).toEqual([...newKeys].sort());
    expect(school.ports.fileReferences.all()).toMatchObject(Object.fromEntries(newKeys.map((key) => [key, { moduleIds: [MODULE_ID], marked: false }])));
    expect(texts.texts.get(newKeys[0]!)).toMatchObject({ ownerId: grace.userId, status: 'ready', pages: [{ number: 1, text: 'Mitochondria make energy.' }] });
    expect(await texts.textVersion(grace.userId)).toBe(1);
    // The new owner opens it: the links are to the moved files.
    const opened = await makeModuleService(school.ports).get({ userId: grace.userId, roles: ['Teachers'] }, MODULE_ID);
    expect(opened.sections.map((each) => each.contentUrl)).toEqual(newKeys);
  });

  it('loses no file when it stops while moving them: the old files stay until the module has moved, and a second call finishes', async () => {
    const setUp = givenErasure();
    const { school } = setUp;
    const grace = school.newTeacher;
    const oldKeys = moduleRecord().sections.map((each) => each.contentUrl);
    const input = { confirm: 'teacher@example.com', transferModulesTo: grace.userId };
    // The second file's copy fails, then the module's move.
    const files = failingOnce(school.ports.files, 'copyFile', 2);
    const modules = failingOnce(school.ports.modules, 'transferModule', 1);
    const erasure = makeErasureService({ ...setUp.deps, files, modules });

    await expect(erasure.erase(admin, TEACHER_ID, input)).rejects.toThrow('crashed');
    const unmoved = expect.objectContaining({ ownerId: TEACHER_ID, sections: oldKeys.map((contentUrl) => expect.objectContaining({ contentUrl })) });
    expect(school.ports.modules.all()).toEqual([unmoved]);
    expect(school.ports.files.keys()).toEqual(expect.arrayContaining(oldKeys));
    await expect(erasure.erase(admin, TEACHER_ID, input)).rejects.toThrow('crashed');
    expect(school.ports.modules.all()).toEqual([unmoved]);
    expect(school.ports.files.keys()).toEqual(expect.arrayContaining(oldKeys));
    await erasure.erase(admin, TEACHER_ID, input);

    const moved = school.ports.modules.all()[0]!;
    expect(moved.ownerId).toBe(grace.userId);
    expect(moved.sections.every((each) => each.contentUrl.startsWith(`protected/${grace.userId}/`))).toBe(true);
    expect(school.ports.files.keys()).toEqual(moved.sections.map((each) => each.contentUrl).sort());
  });
});
