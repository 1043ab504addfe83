// The module use cases over in-memory stores that keep the DynamoDB and S3 adapters' promises.
import { callers, CLASS_ID, classRecord, OTHER_CLASS_ID, CREATED_AT, fileKey, givenModules, givenSchool, MEDIA, MODULE_ID, moduleRecord, progressRecord, refused, section, UPDATED_AT } from '../../test/in-memory/records';
import { inMemoryPorts, type InMemoryPorts } from '../../test/in-memory/ports';
import type { SectionRole } from '@shared/paths';
import { makeModuleLibrary, makeModuleService } from './modules';

let ports: InMemoryPorts;
let service: ReturnType<typeof makeModuleService>;
const { teacher, otherTeacher, student, otherStudent } = callers;

beforeEach(() => {
  ports = inMemoryPorts();
  service = makeModuleService(ports);
});


describe('create', () => {
  const slides = fileKey('slides.pptx');
  const notes = fileKey('notes.pdf');
  beforeEach(() => {
    ports.files.put(slides, MEDIA.pptx);
    ports.files.put(notes, MEDIA.pdf);
  });

  it('stores the module once, with ids, order, content types and dates from the server', async () => {
    const { module, created } = await service.create(teacher, {
      title: 'Cells',
      description: 'About cells',
      sections: [
        { title: 'Slides', contentUrl: slides },
        { title: 'Notes', contentUrl: notes, originalFileName: 'My notes.pdf' },
      ],
    });

    const now = ports.clock.now().toISOString();
    expect(module).toEqual({
      _id: 'id-1',
      title: 'Cells',
      description: 'About cells',
      sections: [
        { _id: 'id-2', title: 'Slides', order: 1, contentType: 'PPT', contentUrl: slides, originalFileName: 'slides.pptx', size: 1024, role: 'core' },
        { _id: 'id-3', title: 'Notes', order: 2, contentType: 'PDF', contentUrl: notes, originalFileName: 'My notes.pdf', size: 1024, role: 'core' },
      ],
      sequential: false,
      createdAt: now,
      updatedAt: now,
    });
    expect(created).toBe(true);
    const { _id, ...stored } = module;
    expect(ports.modules.all()).toEqual([{ moduleId: _id, ownerId: teacher.userId, ...stored }]);
  });

  it.each([
    ["another teacher's file", fileKey('theirs.pdf', otherTeacher.userId), /must be a file you uploaded/],
    ['a key that climbs out of the caller prefix', `protected/${teacher.userId}/../${otherTeacher.userId}/x.pdf`, /must be a file you uploaded/],
    ['a file that was never uploaded', fileKey('missing.pdf'), /was not found; upload it again/],
  ])('refuses %s and stores nothing', async (_case, contentUrl, message) => {
    ports.files.put(fileKey('theirs.pdf', otherTeacher.userId), MEDIA.pdf);
    await expect(service.create(teacher, { title: 'T', description: 'D', sections: [{ title: 'S', contentUrl }] })).rejects.toEqual(
      refused('invalid', message),
    );
    expect(ports.modules.all()).toEqual([]);
  });

  it('refuses a file over the 5 GB limit', async () => {
    ports.files.put(fileKey('huge.pdf'), MEDIA.pdf, 5 * 1024 ** 3 + 1);
    await expect(
      service.create(teacher, { title: 'T', description: 'D', sections: [{ title: 'S', contentUrl: fileKey('huge.pdf') }] }),
    ).rejects.toEqual(refused('invalid', /larger than the 5 GB limit/));
  });

  it('refuses a file whose first bytes are not its type (a single upload never completed), naming the section', async () => {
    ports.files.put(fileKey('renamed.docx'), MEDIA.docx);
    ports.files.giveContent(fileKey('renamed.docx'), Uint8Array.from([0x50, 0x4b, 0x03, 0x04, ...new Array<number>(60).fill(0)]));
    await expect(
      service.create(teacher, { title: 'T', description: 'D', sections: [{ title: 'Notes', contentUrl: fileKey('renamed.docx') }] }),
    ).rejects.toEqual(refused('invalid', /^Section 1 \("Notes"\): the file was refused: it is not a Word file: its content is /));
    expect(ports.modules.all()).toEqual([]);
  });

  it('refuses a section _id, which only an edit of the same module can carry', async () => {
    await expect(
      service.create(teacher, { title: 'T', description: 'D', sections: [{ _id: 'x', title: 'S', contentUrl: notes }] }),
    ).rejects.toEqual(refused('invalid', /is not part of this module/));
  });

  it('fails rather than overwrite a module when its generated id is taken', async () => {
    ports.modules.put(moduleRecord({ moduleId: 'id-1', ownerId: otherTeacher.userId }));
    await expect(service.create(teacher, { title: 'T', description: 'D', sections: [{ title: 'S', contentUrl: notes }] })).rejects.toThrow(
      'The generated module id id-1 is already taken.',
    );
    expect(ports.modules.all()[0].ownerId).toBe(otherTeacher.userId);
  });
});

describe('create with a client-chosen _id (one per draft)', () => {
  const DRAFT_ID = '6f1c2d3e-4a5b-4c6d-8e7f-901234567890';
  const notes = fileKey('notes.pdf');
  const draft = { _id: DRAFT_ID, title: 'Cells', description: 'About cells', sections: [{ title: 'Notes', contentUrl: notes }] };
  const firstSubmit = (ownerId = teacher.userId) =>
    moduleRecord({ moduleId: DRAFT_ID, ownerId, title: 'First submit', sections: [section('section-1', 1, { contentUrl: notes })] });
  beforeEach(() => ports.files.put(notes, MEDIA.pdf));

  it('stores the module under that id', async () => {
    const { module, created } = await service.create(teacher, draft);
    expect(created).toBe(true);
    expect(module._id).toBe(DRAFT_ID);
    expect(ports.modules.all()).toEqual([expect.objectContaining({ moduleId: DRAFT_ID, ownerId: teacher.userId })]);
  });

  it('answers the module a first submit of the draft stored, changing and copying nothing', async () => {
    ports.modules.put(firstSubmit());
    const before = ports.modules.all();
    const { module, created } = await service.create(teacher, { ...draft, title: 'Changed after Back' });
    expect(created).toBe(false);
    expect(module).toMatchObject({ _id: DRAFT_ID, title: 'First submit' });
    expect(ports.modules.all()).toEqual(before);
  });

  it('two parallel submits of one draft store one module and both answer it', async () => {
    const answers = await Promise.all([service.create(teacher, draft), service.create(teacher, draft)]);
    expect(answers.map((answer) => answer.created).sort()).toEqual([false, true]);
    expect(answers[0].module).toEqual(answers[1].module);
    expect(ports.modules.all()).toHaveLength(1);
  });

  it('answers the winner when a concurrent submit stored the draft between the read and the write', async () => {
    const insert = ports.modules.insertModule.bind(ports.modules);
    jest.spyOn(ports.modules, 'insertModule').mockImplementationOnce(async (record) => {
      ports.modules.put(firstSubmit());
      return insert(record);
    });
    const { module, created } = await service.create(teacher, draft);
    expect(created).toBe(false);
    expect(module).toMatchObject({ _id: DRAFT_ID, title: 'First submit' });
    expect(ports.modules.all()).toHaveLength(1);
  });

  it('asks to save again when the module the draft collided with was deleted before it could be read', async () => {
    jest.spyOn(ports.modules, 'insertModule').mockResolvedValueOnce(false);
    await expect(service.create(teacher, draft)).rejects.toEqual(refused('conflict', /Save it again to create it anew\./));
    expect(ports.modules.all()).toEqual([]);
  });

  it("refuses the id of another teacher's module as a conflict that reveals nothing of it", async () => {
    ports.modules.put(firstSubmit(otherTeacher.userId));
    const before = ports.modules.all();
    await expect(service.create(teacher, draft)).rejects.toEqual(
      refused('conflict', /^This module id is already in use; start a new module\.$/),
    );
    expect(ports.modules.all()).toEqual(before);
  });
});

describe('list (the library)', () => {
  it("lists only the caller's modules, most recently updated first", async () => {
    ports.modules.put(
      moduleRecord({ moduleId: 'old', updatedAt: '2024-01-01T00:00:00.000Z' }),
      moduleRecord({ moduleId: 'new', updatedAt: '2024-06-01T00:00:00.000Z' }),
      moduleRecord({ moduleId: 'theirs', ownerId: otherTeacher.userId }),
    );
    const modules = await makeModuleLibrary(ports).list(teacher);
    expect(modules.map((module) => module._id)).toEqual(['new', 'old']);
  });
});

describe('get', () => {
  beforeEach(() => givenSchool(ports));

  it('gives the owner every section with a download link', async () => {
    const module = await service.get(teacher, MODULE_ID);
    expect(module.sections.map((each) => each.downloadUrl)).toEqual([
      `memory://get/${fileKey('section-1.pdf')}?name=section-1.pdf&type=application%2Fpdf`,
      `memory://get/${fileKey('section-2.pdf')}?name=section-2.pdf&type=application%2Fpdf`,
    ]);
    expect(module).toMatchObject({ _id: MODULE_ID, title: 'Cells', createdAt: CREATED_AT, updatedAt: UPDATED_AT });
  });

  it('shows the module to a student enrolled in a class it is assigned to', async () => {
    await expect(service.get(student, MODULE_ID)).resolves.toMatchObject({ _id: MODULE_ID });
  });

  it.each([
    ['another teacher', otherTeacher, {}],
    ['a student of another class', otherStudent, {}],
    ['a student whose class does not have it assigned', student, { class: { assignedModuleIds: [] } }],
    ['a student no longer on the roster', student, { class: { students: {} } }],
  ])('is not found for %s, as if it did not exist', async (_who, caller, overrides) => {
    ports = inMemoryPorts();
    service = makeModuleService(ports);
    givenSchool(ports, overrides);
    await expect(service.get(caller, MODULE_ID)).rejects.toEqual(refused('notFound', 'Module not found.'));
  });

  it('is not found when it does not exist', async () => {
    await expect(service.get(teacher, 'missing')).rejects.toEqual(refused('notFound', 'Module not found.'));
  });

  describe('for a student who names the class they read it in', () => {
    it('shows the module when they are enrolled and it is assigned there', async () => {
      await expect(service.get(student, MODULE_ID, CLASS_ID)).resolves.toMatchObject({ _id: MODULE_ID });
    });

    it.each([
      ['a class they are not enrolled in', student, OTHER_CLASS_ID, {}],
      ['their class, after it was taken off', student, CLASS_ID, { class: { assignedModuleIds: [] } }],
      ['their class, after they were unenrolled', student, CLASS_ID, { class: { students: {} } }],
      ['a class of another student', otherStudent, CLASS_ID, {}],
      ['a class that does not exist', student, 'missing', {}],
    ])('is not found in %s', async (_where, caller, classId, overrides) => {
      ports = inMemoryPorts();
      service = makeModuleService(ports);
      givenSchool(ports, overrides);
      await expect(service.get(caller, MODULE_ID, classId)).rejects.toEqual(refused('notFound', 'Module not found.'));
    });

    it('gives each section the page the student was last on, where they reported one', async () => {
      await ports.progress.recordReading({ classId: CLASS_ID, moduleId: MODULE_ID, studentId: student.userId }, 'section-1', { opened: true, minutes: 0, page: 7 });
      const module = await service.get(student, MODULE_ID, CLASS_ID);
      expect(module.sections.map((section) => section.lastPage)).toEqual([7, undefined]);
      // The owner's read has no reader's page.
      expect((await service.get(teacher, MODULE_ID)).sections.map((section) => section.lastPage)).toEqual([undefined, undefined]);
    });

    it('gives a teacher their own module whatever class they name', async () => {
      await expect(service.get(teacher, MODULE_ID, OTHER_CLASS_ID)).resolves.toMatchObject({ _id: MODULE_ID });
    });
  });
});

describe('update', () => {
  beforeEach(() => givenSchool(ports));
  const kept = { _id: 'section-1', title: 'Renamed', contentUrl: fileKey('section-1.pdf') };

  it('replaces the module, keeping the ids of sections that stay, with a later updatedAt', async () => {
    ports.files.put(fileKey('new.docx'), MEDIA.docx);
    ports.clock.set('2024-01-01T00:00:00.000Z'); // a clock behind the stored version still moves it forward
    const module = await service.update(teacher, MODULE_ID, {
      title: 'Cells 2',
      description: 'More',
      updatedAt: UPDATED_AT,
      sections: [{ title: 'New', contentUrl: fileKey('new.docx') }, kept],
    });
    expect(module.sections).toEqual([
      { _id: 'id-1', title: 'New', order: 1, contentType: 'WORD', contentUrl: fileKey('new.docx'), originalFileName: 'new.docx', size: 1024, role: 'core' },
      { ...section('section-1', 2), title: 'Renamed', role: 'core' },
    ]);
    expect(module.updatedAt).toBe('2024-05-02T10:00:00.001Z');
    expect(ports.modules.all()).toEqual([expect.objectContaining({ title: 'Cells 2', updatedAt: module.updatedAt })]);
  });

  it('deletes the files of removed sections after saving, unless another module refers to them', async () => {
    givenModules(ports, moduleRecord({ moduleId: 'other', sections: [section('section-2', 1)] }));
    await service.update(teacher, MODULE_ID, { title: 'T', description: 'D', sections: [] });
    expect(ports.files.keys()).toEqual([fileKey('section-2.pdf')]);
    expect(ports.fileReferences.all()).toEqual({ [fileKey('section-2.pdf')]: { moduleIds: ['other'], marked: false } });
  });

  it('never deletes a file it has no record of the users of (saved before references existed)', async () => {
    await ports.fileReferences.withdrawReferences(MODULE_ID, [fileKey('section-1.pdf')]);
    await service.update(teacher, MODULE_ID, { title: 'T', description: 'D', sections: [] });
    expect(ports.files.keys()).toEqual([fileKey('section-1.pdf')]);
  });

  it('refers to new files before it checks and saves them, and takes the references back when it refuses', async () => {
    ports.files.put(fileKey('new.docx'), MEDIA.docx);
    const sections = [
      { title: 'New', contentUrl: fileKey('new.docx') },
      { title: 'Missing', contentUrl: fileKey('missing.pdf') },
    ];
    await expect(service.update(teacher, MODULE_ID, { title: 'T', description: 'D', sections })).rejects.toEqual(
      refused('invalid', /Section 2 \("Missing"\): the uploaded file was not found/),
    );
    expect(Object.keys(ports.fileReferences.all()).sort()).toEqual([fileKey('section-1.pdf'), fileKey('section-2.pdf')]);

    await service.update(teacher, MODULE_ID, { title: 'T', description: 'D', sections: sections.slice(0, 1) });
    expect(ports.fileReferences.all()).toEqual({ [fileKey('new.docx')]: { moduleIds: [MODULE_ID], marked: false } });
  });

  it('refuses a file that is being deleted because no module used it any more', async () => {
    ports.files.put(fileKey('going.pdf'), MEDIA.pdf);
    ports.fileReferences.use('gone-module', [fileKey('going.pdf')]);
    await ports.fileReferences.releaseReference('gone-module', fileKey('going.pdf')); // marked; the delete is under way
    await expect(
      service.update(teacher, MODULE_ID, { title: 'T', description: 'D', sections: [{ title: 'Late', contentUrl: fileKey('going.pdf') }] }),
    ).rejects.toEqual(refused('invalid', /the uploaded file was not found; upload it again/));
    expect(ports.modules.all()).toEqual([moduleRecord()]);
  });

  it('re-derives the content type when a kept section gets a new file, and deletes the old file', async () => {
    ports.files.put(fileKey('slides.pptx'), MEDIA.pptx);
    const module = await service.update(teacher, MODULE_ID, {
      title: 'T',
      description: 'D',
      sections: [{ ...kept, contentUrl: fileKey('slides.pptx') }, { _id: 'section-2', title: 'S2', contentUrl: fileKey('section-2.pdf') }],
    });
    expect(module.sections[0]).toMatchObject({ _id: 'section-1', contentType: 'PPT', originalFileName: 'slides.pptx' });
    expect(ports.files.keys()).not.toContain(fileKey('section-1.pdf'));
  });

  it('keeps the size stored at save time for a kept section, without asking storage again', async () => {
    ports.modules.put(moduleRecord({ sections: [{ ...section('section-1', 1), size: 777 }] }));
    const describeFile = jest.spyOn(ports.files, 'describeFile');
    const module = await service.update(teacher, MODULE_ID, { title: 'T', description: 'D', sections: [kept] });
    expect(module.sections).toEqual([{ ...section('section-1', 1), title: 'Renamed', size: 777, role: 'core' }]);
    expect(describeFile).not.toHaveBeenCalled();
  });

  it('saves even when removed files cannot be deleted, and logs the orphans', async () => {
    jest.spyOn(ports.files, 'deleteFiles').mockRejectedValueOnce(new Error('storage is down'));
    await expect(service.update(teacher, MODULE_ID, { title: 'T', description: 'D', sections: [] })).resolves.toMatchObject({ sections: [] });
    expect(ports.log.warnings).toEqual([
      { message: 'Could not delete a file no module uses; it is orphaned', details: expect.objectContaining({ key: fileKey('section-1.pdf') }) },
    ]);
  });

  it('is a conflict, changing nothing, when the client read an older version', async () => {
    await expect(
      service.update(teacher, MODULE_ID, { title: 'T', description: 'D', updatedAt: CREATED_AT, sections: [] }),
    ).rejects.toEqual(refused('conflict', /changed somewhere else/));
    expect(ports.modules.all()).toEqual([moduleRecord()]);
  });

  it('is a conflict when another edit wins the race between read and write, and keeps the files', async () => {
    const read = jest.spyOn(ports.modules, 'getModule').mockResolvedValueOnce(moduleRecord({ updatedAt: CREATED_AT }));
    await expect(service.update(teacher, MODULE_ID, { title: 'T', description: 'D', sections: [] })).rejects.toEqual(
      refused('conflict', /changed somewhere else/),
    );
    expect(read).toHaveBeenCalled();
    expect(ports.modules.all()).toEqual([moduleRecord()]);
    expect(ports.files.keys()).toHaveLength(2);
  });

  it.each([
    ['a section _id of another module', [{ _id: 'elsewhere', title: 'S', contentUrl: fileKey('section-1.pdf') }], /is not part of this module/],
    ['the same section twice', [kept, kept], /appears twice/],
    ["a new file in another teacher's area", [{ title: 'S', contentUrl: fileKey('x.pdf', otherTeacher.userId) }], /must be a file you uploaded/],
  ])('refuses %s', async (_case, sections, message) => {
    await expect(service.update(teacher, MODULE_ID, { title: 'T', description: 'D', sections })).rejects.toEqual(refused('invalid', message));
    expect(ports.modules.all()).toEqual([moduleRecord()]);
  });

  it.each([
    ["another teacher's module", otherTeacher, MODULE_ID],
    ['a module that does not exist', teacher, 'missing'],
  ])('is not found for %s', async (_case, caller, moduleId) => {
    await expect(service.update(caller, moduleId, { title: 'T', description: 'D', sections: [] })).rejects.toEqual(
      refused('notFound', 'Module not found.'),
    );
  });
});

describe('update: score bands follow new roles, order and removals', () => {
  const sections = [section('section-1', 1), { ...section('section-2', 2), role: 'optional' as const }, { ...section('section-3', 3), role: 'review' as const }];
  const bands = [
    { min: 0, max: 50, release: ['section-3'] },
    { min: 50, max: 100, release: [], skip: ['section-2'] },
  ];
  const check = { moduleId: MODULE_ID, sectionId: 'section-1', passMark: 50, maxAttempts: null, showCorrectness: false, showAnswers: false, questions: [], version: 3, attemptCount: 2, updatedAt: UPDATED_AT };
  const input = (roles: Record<string, SectionRole>, order = ['section-1', 'section-2', 'section-3']) => ({
    title: 'Cells',
    description: 'D',
    sections: order.map((id) => ({ _id: id, title: id, contentUrl: fileKey(`${id}.pdf`), role: roles[id] })),
  });

  beforeEach(async () => {
    givenSchool(ports, { module: { sections } });
    await ports.checks.saveCheck({ ...check, bands }, undefined);
  });

  it('a section made core is let go by the band that skipped it, keeping the check\'s version and attempts', async () => {
    await service.update(teacher, MODULE_ID, input({ 'section-1': 'core', 'section-2': 'core', 'section-3': 'review' }));
    const [saved] = ports.checks.all();
    expect(saved).toEqual({ ...check, bands: [bands[0], { ...bands[1], skip: [] }], updatedAt: expect.not.stringMatching(UPDATED_AT) });
  });

  it('a released section made optional, and a skipped one moved before the check, are let go too', async () => {
    await service.update(teacher, MODULE_ID, input({ 'section-1': 'core', 'section-2': 'optional', 'section-3': 'optional' }, ['section-2', 'section-1', 'section-3']));
    expect(ports.checks.all()[0]!.bands).toEqual([{ ...bands[0], release: [] }, { ...bands[1], skip: [] }]);
  });

  it('a removed section is let go by every band', async () => {
    const { sections: [first, second] } = input({ 'section-1': 'core', 'section-2': 'optional' });
    await service.update(teacher, MODULE_ID, { title: 'Cells', description: 'D', sections: [first!, second!] });
    expect(ports.checks.all()[0]!.bands).toEqual([{ ...bands[0], release: [] }, bands[1]]);
  });

  it('leaves a check whose bands still fit untouched', async () => {
    await service.update(teacher, MODULE_ID, input({ 'section-1': 'core', 'section-2': 'optional', 'section-3': 'extension' }));
    expect(ports.checks.all()).toEqual([{ ...check, bands }]);
  });

  it('never undoes a save of the check made after it read it', async () => {
    const teacherSave = { ...check, passMark: 65, bands: [{ min: 0, max: 100, release: ['section-3'] }], updatedAt: '2024-06-01T00:00:00.000Z' };
    const getCheck = ports.checks.getCheck.bind(ports.checks);
    let reads = 0;
    jest.spyOn(ports.checks, 'getCheck').mockImplementation(async (moduleId, sectionId) => {
      const read = await getCheck(moduleId, sectionId);
      // The teacher's check save lands between the band rewrite's read and its write, keeping the version.
      if ((reads += 1) === 1) await ports.checks.saveCheck(teacherSave, { version: 3, attemptCount: 2 });
      return read;
    });
    await service.update(teacher, MODULE_ID, input({ 'section-1': 'core', 'section-2': 'core', 'section-3': 'review' }));
    expect(ports.checks.all()).toEqual([teacherSave]);
  });
});

describe('getWithUsage (what a delete would take away)', () => {
  const check = (sectionId: string, attemptCount: number) => ({
    moduleId: MODULE_ID, sectionId, passMark: 50, maxAttempts: null, showCorrectness: false, showAnswers: false, questions: [], version: 1, attemptCount, updatedAt: UPDATED_AT,
  });

  beforeEach(() => givenSchool(ports));

  it("names the classes it is assigned to, counts each student with progress once, the attempts on its checks, the overrides and prerequisites", async () => {
    ports.classes.put(classRecord({ classId: 'class-b', className: 'Art 9C', assignedModuleIds: [MODULE_ID, 'next-module'], prerequisites: { 'next-module': MODULE_ID } }));
    const override = { reason: 'Away', at: UPDATED_AT, teacherName: 'teacher@example.com' };
    await ports.overrides.addOverride({ classId: CLASS_ID, moduleId: MODULE_ID, studentId: 'student-9' }, { kind: 'excuse', sectionId: 'section-1', ...override });
    await ports.overrides.addOverride({ classId: CLASS_ID, moduleId: MODULE_ID, studentId: 'student-9' }, { kind: 'attempts', sectionId: 'section-2', extra: 2, ...override });
    await ports.overrides.addOverride({ classId: CLASS_ID, moduleId: 'other-module', studentId: 'student-9' }, { kind: 'unlock', ...override });
    ports.progress.put(
      progressRecord(),
      progressRecord({ classId: 'class-b' }), // the same student in another class
      progressRecord({ studentId: 'student-9' }),
      progressRecord({ moduleId: 'other-module', studentId: 'student-8' }),
    );
    await ports.checks.saveCheck(check('section-1', 4), undefined);
    await ports.checks.saveCheck(check('section-2', 3), undefined);

    const module = await service.getWithUsage(teacher, MODULE_ID);
    expect(module.usage).toEqual({
      classes: [
        { classId: 'class-b', className: 'Art 9C' },
        { classId: CLASS_ID, className: 'Biology 7A' },
      ],
      studentsWithProgress: 2,
      checkAttempts: 7,
      overrides: 2,
      prerequisites: 1,
    });
    expect(module.title).toBe('Cells');
  });

  it('answers nothing lost for a module in no class, and 404 to anyone but its owner', async () => {
    ports.classes.put(classRecord({ assignedModuleIds: [] }));
    await expect(service.getWithUsage(teacher, MODULE_ID)).resolves.toMatchObject({ usage: { classes: [], studentsWithProgress: 0, checkAttempts: 0, overrides: 0, prerequisites: 0 } });
    await expect(service.getWithUsage(otherTeacher, MODULE_ID)).rejects.toEqual(refused('notFound', 'Module not found.'));
    await expect(service.getWithUsage(callers.student, MODULE_ID)).rejects.toEqual(refused('notFound', 'Module not found.'));
  });
});

describe('delete', () => {
  beforeEach(() => {
    givenSchool(ports);
    ports.progress.put(progressRecord(), progressRecord({ moduleId: 'other-module' }));
  });

  it('deletes the module, then its assignments, the progress on it and its files', async () => {
    await service.delete(teacher, MODULE_ID);
    expect(ports.modules.all()).toEqual([]);
    expect((await ports.classes.getClass(CLASS_ID))!.assignedModuleIds).toEqual([]);
    expect(ports.progress.all()).toEqual([progressRecord({ moduleId: 'other-module' })]);
    expect(ports.files.keys()).toEqual([]);
  });

  it('keeps a file another module still refers to', async () => {
    givenModules(ports, moduleRecord({ moduleId: 'other', sections: [section('section-1', 1)] }));
    await service.delete(teacher, MODULE_ID);
    expect(ports.files.keys()).toEqual([fileKey('section-1.pdf')]);
  });

  it('finishes an interrupted clean-up when repeated, and is still not found', async () => {
    await ports.modules.deleteOwnedModule(MODULE_ID, teacher.userId); // the first attempt got this far
    await expect(service.delete(teacher, MODULE_ID)).rejects.toEqual(refused('notFound', 'Module not found.'));
    expect((await ports.classes.getClass(CLASS_ID))!.assignedModuleIds).toEqual([]);
    expect(ports.progress.all()).toEqual([progressRecord({ moduleId: 'other-module' })]);
  });

  it('is not found, cleaning nothing up, for a module the caller does not own', async () => {
    ports.classes.put(classRecord({ classId: 'theirs', teacherId: otherTeacher.userId }));
    await expect(service.delete(otherTeacher, MODULE_ID)).rejects.toEqual(refused('notFound', 'Module not found.'));
    expect(ports.modules.all()).toEqual([moduleRecord()]);
    expect((await ports.classes.getClass(CLASS_ID))!.assignedModuleIds).toEqual([MODULE_ID]);
    expect(ports.files.keys()).toHaveLength(2);
  });
});
