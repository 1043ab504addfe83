// Writes that race, and edits and deletes that must leave related data consistent, on the real DynamoDB and S3
// twins through the local server.
import { randomUUID } from 'node:crypto';
import type { Module } from '../../shared/contract/modules';
import { CLASS_ID, MEDIA, pdfBytes, SENTENCE, startWorld, type World } from './support/world';
import { counterShardOf } from '../../functions/src/progress/adapters/completion-writes';

jest.setTimeout(120_000);

let world: World;

beforeAll(async () => {
  world = await startWorld();
});

afterAll(() => world?.stop());

const assign = (moduleId: string) => world.call('assignModule', { as: world.teacher, params: { classId: CLASS_ID }, body: { moduleId } });
const markComplete = (moduleId: string, sectionId: string) =>
  world.call('markComplete', { as: world.student, body: { studentId: world.student.userId, moduleId, classId: CLASS_ID, sectionId } });
const progressOf = (moduleId: string) =>
  world.call('getProgress', { as: world.student, params: { studentId: world.student.userId, moduleId, classId: CLASS_ID } });
const statuses = (answers: { status: number }[]) => answers.map((answer) => answer.status);
const item = async (pk: string, sk: string) => (await world.scanTable()).find((entry) => entry.pk === pk && entry.sk === sk);

/** A module whose sections each have their own uploaded file. */
async function moduleWithFiles(titles: string[], moduleTitle: string): Promise<Module> {
  const sections = [];
  for (const title of titles) {
    sections.push({ title, contentUrl: await world.upload(world.teacher, `${title}.pdf`, MEDIA.pdf, pdfBytes(`${moduleTitle} ${title}`)) });
  }
  return world.createModule(world.teacher, sections, moduleTitle);
}

describe('creating a module is idempotent', () => {
  it('two parallel POSTs of one draft (one _id) store one module and both answer it', async () => {
    const contentUrl = await world.upload(world.teacher, 'draft.pdf', MEDIA.pdf, pdfBytes('draft'));
    const draft = { _id: randomUUID(), title: 'Submitted twice', description: 'A double click', sections: [{ title: 'Only', contentUrl }] };
    const countOwn = async () => (await world.ok('listModules', { as: world.teacher })).length as number;
    const before = await countOwn();

    const answers = await Promise.all([draft, draft].map((body) => world.call('createModule', { as: world.teacher, body })));

    expect(statuses(answers).sort()).toEqual([200, 201]);
    expect(answers.map((answer) => answer.body._id)).toEqual([draft._id, draft._id]);
    expect(answers[0].body.sections[0]._id).toBe(answers[1].body.sections[0]._id);
    expect(await countOwn()).toBe(before + 1);

    // A later retry (Back and submit again, even with changed text) still answers the first module.
    const retry = await world.call('createModule', { as: world.teacher, body: { ...draft, title: 'Changed after Back' } });
    expect(retry.status).toBe(200);
    expect(retry.body).toMatchObject({ _id: draft._id, title: 'Submitted twice' });
    expect(await countOwn()).toBe(before + 1);
  });
});

describe('creating a class is idempotent', () => {
  const countClasses = async () => (await world.ok('listAdminClasses', { as: world.admin })).length as number;

  it('two parallel POSTs of one form (one classId) store one class and both answer it; a retry answers it too', async () => {
    const form = { classId: randomUUID(), className: 'Submitted twice', teacherId: world.teacher.userId };
    const before = await countClasses();

    const answers = await Promise.all([form, form].map((body) => world.call('createClass', { as: world.admin, body })));

    expect(statuses(answers).sort()).toEqual([200, 201]);
    expect(answers.map((answer) => answer.body)).toEqual([answers[0].body, answers[0].body]);
    expect(answers[0].body).toMatchObject({ classId: form.classId, className: 'Submitted twice', teacher: { userId: world.teacher.userId } });
    expect(await countClasses()).toBe(before + 1);

    // A retry after a timeout (or Back and submit again, even with the name changed) answers the first class.
    const retry = await world.call('createClass', { as: world.admin, body: { ...form, className: 'Changed after Back' } });
    expect(retry).toMatchObject({ status: 200, body: { classId: form.classId, className: 'Submitted twice' } });
    expect(await countClasses()).toBe(before + 1);
    const changes = (await world.ok('getAdminOverview', { as: world.admin })).recentChanges;
    expect(changes.filter((change: { action: string; subject: string }) => change.action === 'createClass' && change.subject === 'Submitted twice')).toHaveLength(1);
  });

  it("the id of a class the caller did not create is a 409 that says nothing about that class, and changes nothing", async () => {
    const classId = randomUUID();
    await world.createClass(classId, world.teacher, [world.student]);
    const before = await world.snapshot();
    const answer = await world.call('createClass', { as: world.admin, body: { classId, className: 'Mine' } });
    expect({ status: answer.status, body: answer.body }).toEqual({ status: 409, body: { message: 'This class id is already in use; start a new class.' } });
    expect(await world.snapshot()).toEqual(before);
  });
});

describe('parallel writes all persist', () => {
  it('50 parallel mark-complete calls for 50 different sections', async () => {
    const module = await world.createModuleWithSections(world.teacher, 50, 'Fifty sections');
    expect((await assign(module._id)).status).toBe(200);
    const sectionIds = module.sections.map((section) => section._id);

    const answers = await Promise.all(sectionIds.map((sectionId) => markComplete(module._id, sectionId)));

    expect(statuses(answers)).toEqual(Array(50).fill(200));
    const progress = await progressOf(module._id);
    expect(progress.status).toBe(200);
    expect([...progress.body.completedSections].sort()).toEqual([...sectionIds].sort());
    const stored = await item(`CLASS#${CLASS_ID}`, `PROGRESS#${module._id}#${world.student.userId}`);
    expect(stored?.completedSections).toEqual(new Set(sectionIds));
  });

  it('undoing completions: 10 parallel undos of different sections, and 5 of the same one, leave the counter exact', async () => {
    const module = await world.createModuleWithSections(world.teacher, 12, 'Undone by mistake');
    expect((await assign(module._id)).status).toBe(200);
    const sectionIds = module.sections.map((section) => section._id);
    for (const sectionId of sectionIds) expect((await markComplete(module._id, sectionId)).status).toBe(200);
    const undo = (sectionId: string) =>
      world.call('markComplete', { as: world.student, body: { studentId: world.student.userId, moduleId: module._id, classId: CLASS_ID, sectionId, completed: false } });

    const answers = await Promise.all([...sectionIds.slice(0, 10), ...Array<string>(5).fill(sectionIds[10])].map(undo));

    expect(statuses(answers)).toEqual(Array(15).fill(200));
    expect((await progressOf(module._id)).body.completedSections).toEqual([sectionIds[11]]);
    // The student's counter shard: one student's completions all count in the same one.
    const counterSortKey = `COMPLETIONS#${module._id}#${counterShardOf(world.student.userId)}`;
    const counter = await item(`CLASS#${CLASS_ID}`, counterSortKey);
    expect(counter).toMatchObject({ completions: 1, startedStudents: 1, [`completions#${sectionIds[10]}`]: 0, [`completions#${sectionIds[11]}`]: 1 });
    // The last one undone: the student has not started the module any more.
    expect((await undo(sectionIds[11])).status).toBe(200);
    expect(await item(`CLASS#${CLASS_ID}`, counterSortKey)).toMatchObject({ completions: 0, startedStudents: 0 });
  });

  it('20 parallel assigns of 20 different modules', async () => {
    const contentUrl = await world.upload(world.teacher, 'shared.pdf', MEDIA.pdf, pdfBytes('twenty'));
    const modules: Module[] = [];
    for (let index = 0; index < 20; index += 1) {
      modules.push(await world.createModule(world.teacher, [{ title: 'Only', contentUrl }], `Module ${String(index).padStart(2, '0')}`));
    }
    const before = (await world.ok('getClass', { as: world.teacher, params: { classId: CLASS_ID } })).assignedModuleIds.length;

    const answers = await Promise.all(modules.map((module) => assign(module._id)));

    expect(statuses(answers)).toEqual(Array(20).fill(200));
    const detail = await world.ok('getClass', { as: world.teacher, params: { classId: CLASS_ID } });
    const assigned = detail.assignedModuleIds.map((module: { _id: string }) => module._id);
    expect(assigned).toEqual(expect.arrayContaining(modules.map((module) => module._id)));
    expect(assigned).toHaveLength(before + 20);
    const stored = await item(`CLASS#${CLASS_ID}`, 'CLASS');
    for (const module of modules) expect(stored?.assignedModuleIds).toContain(module._id);
  });

  it('the same module assigned 10 times at once is assigned once', async () => {
    const module = await world.createModuleWithSections(world.teacher, 1, 'Assigned repeatedly');
    const answers = await Promise.all(Array.from({ length: 10 }, () => assign(module._id)));
    expect(statuses(answers)).toEqual(Array(10).fill(200));
    const detail = await world.ok('getClass', { as: world.teacher, params: { classId: CLASS_ID } });
    expect(detail.assignedModuleIds.filter((entry: { _id: string }) => entry._id === module._id)).toHaveLength(1);
  });
});

describe('concurrent edits of one module', () => {
  it('from the same version: exactly one wins, the others get 409, and no section is lost', async () => {
    const module = await world.createModuleWithSections(world.teacher, 3, 'Contested');
    const newFile = await world.upload(world.teacher, 'extra.pdf', MEDIA.pdf, pdfBytes('extra'));
    const edit = (editor: number) =>
      world.call('updateModule', {
        as: world.teacher,
        params: { id: module._id },
        body: {
          title: `Edited by ${editor}`,
          description: module.description,
          sections: [...module.sections, { title: `Added by editor ${editor}`, contentUrl: newFile }],
          updatedAt: module.updatedAt,
        },
      });

    const answers = await Promise.all(Array.from({ length: 8 }, (_, editor) => edit(editor)));

    expect(statuses(answers).filter((status) => status === 200)).toHaveLength(1);
    expect(statuses(answers).filter((status) => status === 409)).toHaveLength(7);
    for (const lost of answers.filter((answer) => answer.status === 409)) {
      expect(lost.body.message).toMatch(SENTENCE);
      expect(lost.body.message).toMatch(/changed somewhere else/);
    }
    const winner = answers.find((answer) => answer.status === 200)!.body;
    const stored = await world.ok('getModule', { as: world.teacher, params: { id: module._id } });
    expect(stored.title).toBe(winner.title);
    expect(stored.sections.map((section: { _id: string }) => section._id)).toEqual([
      ...module.sections.map((section) => section._id),
      winner.sections[3]._id,
    ]);
    expect(stored.sections[3].title).toBe(winner.sections[3].title);
    expect(stored.updatedAt > module.updatedAt).toBe(true);
  });

  it('a later edit from the stale version is refused; from the new version it goes through', async () => {
    const module = await world.createModuleWithSections(world.teacher, 1, 'Versioned');
    const body = (updatedAt: string, title: string) => ({ title, description: 'd', sections: module.sections, updatedAt });
    const first = await world.ok('updateModule', { as: world.teacher, params: { id: module._id }, body: body(module.updatedAt, 'First') });
    const stale = await world.call('updateModule', { as: world.teacher, params: { id: module._id }, body: body(module.updatedAt, 'Stale') });
    expect(stale.status).toBe(409);
    await world.ok('updateModule', { as: world.teacher, params: { id: module._id }, body: body(first.updatedAt, 'Second') });
    expect((await world.ok('getModule', { as: world.teacher, params: { id: module._id } })).title).toBe('Second');
  });
});

describe('an edit keeps section ids and progress; completion counts only current sections', () => {
  it('renaming, removing and adding sections', async () => {
    const module = await moduleWithFiles(['a', 'b', 'c'], 'Edited while in use');
    const [a, b, c] = module.sections;
    await assign(module._id);
    for (const section of [a, b]) expect((await markComplete(module._id, section._id)).status).toBe(200);
    const newFile = await world.upload(world.teacher, 'd.pdf', MEDIA.pdf, pdfBytes('d'));

    const edited = await world.ok('updateModule', {
      as: world.teacher,
      params: { id: module._id },
      body: {
        title: module.title,
        description: module.description,
        updatedAt: module.updatedAt,
        sections: [{ ...c }, { ...a, title: 'A, renamed' }, { title: 'd', contentUrl: newFile }],
      },
    });

    expect(edited.sections.map((section: { _id: string; order: number }) => [section._id, section.order])).toEqual([
      [c._id, 1],
      [a._id, 2],
      [expect.any(String), 3],
    ]);
    // b was removed: its completion no longer counts; a's survives the edit.
    expect((await progressOf(module._id)).body.completedSections).toEqual([a._id]);
    const report = await world.ok('getClassReport', { as: world.teacher, params: { classId: CLASS_ID } });
    const row = report.find((entry: { studentId: string }) => entry.studentId === world.student.userId);
    expect(row.modules.find((cell: { moduleId: string }) => cell.moduleId === module._id)).toEqual({
      moduleId: module._id,
      moduleTitle: module.title,
      completed: 1,
      total: 3,
      percentage: 33,
      completedAt: expect.any(Object),
    });
    // Marking the removed section is now refused; its file is gone, the kept ones are not.
    expect((await markComplete(module._id, b._id)).status).toBe(400);
    const files = await world.listFiles();
    expect(files).not.toContain(b.contentUrl);
    expect(files).toEqual(expect.arrayContaining([a.contentUrl, c.contentUrl, newFile]));
  });
});

describe('deleting a module', () => {
  it('removes it from its classes, removes its progress and its files, and nothing else', async () => {
    const keep = await moduleWithFiles(['kept'], 'Stays');
    const doomed = await moduleWithFiles(['one', 'two'], 'Goes away');
    for (const module of [keep, doomed]) await assign(module._id);
    for (const section of [...keep.sections, ...doomed.sections]) {
      const module = keep.sections.includes(section) ? keep : doomed;
      expect((await markComplete(module._id, section._id)).status).toBe(200);
    }

    expect((await world.call('deleteModule', { as: world.teacher, params: { id: doomed._id } })).status).toBe(204);

    expect((await world.call('getModule', { as: world.teacher, params: { id: doomed._id } })).status).toBe(404);
    expect((await progressOf(doomed._id)).status).toBe(404);
    const detail = await world.ok('getClass', { as: world.teacher, params: { classId: CLASS_ID } });
    const assigned = detail.assignedModuleIds.map((module: { _id: string }) => module._id);
    expect(assigned).not.toContain(doomed._id);
    expect(assigned).toContain(keep._id);

    const table = await world.scanTable();
    expect(table.filter((entry) => JSON.stringify(entry).includes(doomed._id))).toEqual([]);
    expect(table.find((entry) => entry.sk === `PROGRESS#${keep._id}#${world.student.userId}`)?.completedSections).toEqual(
      new Set([keep.sections[0]._id]),
    );
    const files = await world.listFiles();
    for (const section of doomed.sections) expect(files).not.toContain(section.contentUrl);
    expect(files).toContain(keep.sections[0].contentUrl);
  });

  it('twice: the second time is a 404', async () => {
    const module = await world.createModuleWithSections(world.teacher, 1, 'Deleted twice');
    const answers = await Promise.all([0, 1].map(() => world.call('deleteModule', { as: world.teacher, params: { id: module._id } })));
    expect(statuses(answers).sort()).toEqual([204, 404]);
  });
});

describe('files shared between modules', () => {
  const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  /** Whether every section of the stored module downloads. */
  async function filesOf(moduleId: string): Promise<number[]> {
    const module = await world.ok('getModule', { as: world.teacher, params: { id: moduleId } });
    return Promise.all(module.sections.map(async (section: { downloadUrl: string }) => (await fetch(world.fileUrl(section.downloadUrl))).status));
  }

  // The repro, 100 times (about 25 s on the local stack).
  const trials = 100;

  it(`an edit dropping a file while another module is saved with it loses no file (${trials} trials)`, async () => {
    const outcomes = { created: 0, refused: 0, lost: 0 };
    for (let trial = 0; trial < trials; trial += 1) {
      const fileF = await world.upload(world.teacher, `f-${trial}.pdf`, MEDIA.pdf, pdfBytes(`F ${trial}`));
      const fileG = await world.upload(world.teacher, `g-${trial}.pdf`, MEDIA.pdf, pdfBytes(`G ${trial}`));
      const moduleA = await world.createModule(world.teacher, [{ title: 'F', contentUrl: fileF }], `A ${trial}`);

      // B starts a little later in each trial (0–19 ms, then again), sweeping the window between A's check and A's delete.
      const [edit, moduleB] = await Promise.all([
        world.call('updateModule', {
          as: world.teacher,
          params: { id: moduleA._id },
          body: { title: moduleA.title, description: moduleA.description, sections: [{ title: 'G', contentUrl: fileG }] },
        }),
        delay(trial % 20).then(() =>
          world.call('createModule', {
            as: world.teacher,
            body: { title: `B ${trial}`, description: 'Uses F', sections: [{ title: 'F', contentUrl: fileF }] },
          }),
        ),
      ]);

      expect(edit.status).toBe(200);
      expect(await filesOf(moduleA._id)).toEqual([200]);
      if (moduleB.status === 201) {
        outcomes.created += 1;
        const statuses = await filesOf(moduleB.body._id);
        if (statuses.some((status) => status !== 200)) outcomes.lost += 1;
      } else {
        // Saved after F's last user let go of it: refused with a sentence, never saved without its file.
        expect(moduleB).toMatchObject({ status: 400, body: { message: expect.stringMatching(/was not found; upload it again/) } });
        outcomes.refused += 1;
      }
    }
    console.log(`Shared-file race, ${trials} trials: ${outcomes.created} saved with the file, ${outcomes.refused} refused, ${outcomes.lost} lost a file`);
    expect(outcomes.lost).toBe(0);
  }, 600_000);

  it('a file two modules use survives deleting one, and goes with the last', async () => {
    const file = await world.upload(world.teacher, 'shared-twice.pdf', MEDIA.pdf, pdfBytes('twice'));
    const first = await world.createModule(world.teacher, [{ title: 'S', contentUrl: file }], 'First user');
    const second = await world.createModule(world.teacher, [{ title: 'S', contentUrl: file }], 'Second user');
    await world.ok('deleteModule', { as: world.teacher, params: { id: first._id } });
    expect(await filesOf(second._id)).toEqual([200]);
    await world.ok('deleteModule', { as: world.teacher, params: { id: second._id } });
    expect(await world.listFiles()).not.toContain(file);
    expect((await world.scanTable()).filter((entry) => entry.pk === `FILE#${file}`)).toEqual([]);
  });
});
