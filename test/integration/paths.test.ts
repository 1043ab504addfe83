// Personalised paths through the local stack: a teacher sets roles, "in order" mode and score bands; a student who
// fails the check gets the review section, cannot open the next core section (the API refuses it too) until the
// review is done, and their progress counts their own required sections.
import { randomUUID } from 'node:crypto';
import type { Module } from '../../shared/contract/modules';
import { CLASS_ID, MEDIA, pdfBytes, startWorld, type World } from './support/world';

jest.setTimeout(120_000);

let world: World;
let ruledModule: Module;
let ids: { intro: string; membranes: string; review: string; summary: string };

const CHECK = {
  passMark: 80,
  questions: [{ id: 'q1', kind: 'truefalse', prompt: 'Membranes are lipid bilayers.', answer: true }],
  bands: [
    { min: 0, max: 50, release: [] as string[] },
    { min: 50, max: 100, release: [] },
  ],
};

beforeAll(async () => {
  world = await startWorld();
  const file = (name: string) => world.upload(world.teacher, name, MEDIA.pdf, pdfBytes(name));
  const sections = [
    { title: 'Introduction', contentUrl: await file('intro.pdf') },
    { title: 'Cell membranes', contentUrl: await file('membranes.pdf') },
    { title: 'Membranes again', contentUrl: await file('review.pdf'), role: 'review' },
    { title: 'Summary', contentUrl: await file('summary.pdf') },
  ];
  ruledModule = await world.ok('createModule', { as: world.teacher, body: { _id: randomUUID(), title: 'Membranes', description: 'D', sections, sequential: true } }, 201);
  const [intro, membranes, review, summary] = ruledModule.sections.map((section) => section._id);
  ids = { intro, membranes, review, summary };
  CHECK.bands[0].release = [review];
  await world.ok('assignModule', { as: world.teacher, params: { classId: CLASS_ID }, body: { moduleId: ruledModule._id } });
});

afterAll(() => world?.stop());

const read = async () => {
  const answer = await world.ok('getModule', { as: world.student, params: { id: ruledModule._id }, path: `/api/modules/${ruledModule._id}?classId=${CLASS_ID}` });
  return Object.fromEntries(answer.sections.map((section: Module['sections'][number]) => [section._id, section]));
};
const bandsReleasingNothing = [{ min: 0, max: 100, release: [] as string[] }];
const previewBands = (bands: typeof CHECK.bands) =>
  world.ok('previewPathChanges', { as: world.teacher, params: { id: ruledModule._id }, body: { check: { sectionId: ids.membranes, bands } } });
const complete = (sectionId: string) =>
  world.call('markComplete', { as: world.student, body: { studentId: world.student.userId, moduleId: ruledModule._id, classId: CLASS_ID, sectionId } });

test('the module keeps its order mode and roles; bands that leave a gap or release a core section are refused, naming the field', async () => {
  expect(ruledModule).toMatchObject({ sequential: true, sections: [{ role: 'core' }, { role: 'core' }, { role: 'review' }, { role: 'core' }] });
  const params = { id: ruledModule._id, sectionId: ids.membranes };
  const gap = await world.call('putCheck', { as: world.teacher, params, body: { ...CHECK, bands: [{ min: 0, max: 40, release: [] }, { min: 50, max: 100, release: [] }] } });
  expect(gap).toMatchObject({ status: 400, body: { fields: { 'bands.1.min': expect.stringContaining('must start at 40 %') } } });
  const core = await world.call('putCheck', { as: world.teacher, params, body: { ...CHECK, bands: [{ min: 0, max: 100, release: [ids.summary] }] } });
  expect(core).toMatchObject({ status: 400, body: { fields: { 'bands.0.release.0': 'Band 1 can only release review or extension sections of this module.' } } });
  expect((await world.scanTable()).some((item) => item.pk === `CHECK#${ruledModule._id}#${ids.membranes}`)).toBe(false);
  expect(await world.ok('putCheck', { as: world.teacher, params, body: CHECK })).toMatchObject({ bands: CHECK.bands });
});

test('a student who fails gets the review first; the API refuses the next core section until it is done', async () => {
  let sections = await read();
  expect(sections[ids.intro]).toMatchObject({ state: 'open', downloadUrl: expect.any(String) });
  expect(sections[ids.membranes]).toMatchObject({ state: 'locked', reason: 'Complete “Introduction” to open this, or your teacher can open it for you.' });
  expect(sections[ids.membranes]).not.toHaveProperty('downloadUrl');

  const early = await world.call('submitAttempt', { as: world.student, params: { id: ruledModule._id, sectionId: ids.membranes }, body: { attemptId: randomUUID(), classId: CLASS_ID, answers: { q1: false } } });
  expect(early).toMatchObject({ status: 409, body: { message: 'Complete “Introduction” to open this, or your teacher can open it for you.' } });
  expect(await complete(ids.summary)).toMatchObject({ status: 409, body: { message: 'Pass the check in “Cell membranes” or score below 50\u00a0% on it to open this, or your teacher can open it for you.' } });
  expect((await world.scanTable()).filter((item) => item.pk === `CLASS#${CLASS_ID}` && String(item.sk).startsWith(`PROGRESS#${ruledModule._id}#`))).toEqual([]);

  expect((await complete(ids.intro)).status).toBe(200);
  await world.ok('submitAttempt', { as: world.student, params: { id: ruledModule._id, sectionId: ids.membranes }, body: { attemptId: randomUUID(), classId: CLASS_ID, answers: { q1: false } } }, 201);
  sections = await read();
  expect(sections[ids.review]).toMatchObject({ state: 'open', reason: 'Because you scored 0\u00a0% on “Cell membranes”, review this first.', downloadUrl: expect.any(String) });
  expect(sections[ids.summary]).toMatchObject({ state: 'locked', reason: 'Complete “Membranes again” to open this, or your teacher can open it for you.' });
  expect(await complete(ids.summary)).toMatchObject({ status: 409, body: { message: 'Complete “Membranes again” to open this, or your teacher can open it for you.' } });
  // Before saving bands that no longer release the review, the check editor hears that this student's path would change.
  expect(await previewBands(bandsReleasingNothing)).toEqual({ students: 1, changed: 1 });

  expect((await complete(ids.review)).status).toBe(200);
  expect((await complete(ids.summary)).status).toBe(200);
  const progress = await world.ok('getStudentClassProgress', { as: world.student, params: { classId: CLASS_ID, studentId: world.student.userId } });
  // Required: introduction, the check's section (not passed), the review released to them, the summary.
  expect(progress.modules.find((entry: { moduleId: string }) => entry.moduleId === ruledModule._id)).toMatchObject({ completed: 3, total: 4, percentage: 75, nextSectionId: ids.membranes });
});

test("a check's new bands: completed work never counts as a change; bands the save would refuse, and a section without a check, are refused", async () => {
  expect(await previewBands(bandsReleasingNothing)).toEqual({ students: 1, changed: 0 });
  const params = { id: ruledModule._id };
  const core = await world.call('previewPathChanges', { as: world.teacher, params, body: { check: { sectionId: ids.membranes, bands: [{ min: 0, max: 100, release: [ids.summary] }] } } });
  expect(core).toMatchObject({ status: 400, body: { fields: { 'check.bands.0.release.0': 'Band 1 can only release review or extension sections of this module.' } } });
  const gap = await world.call('previewPathChanges', { as: world.teacher, params, body: { check: { sectionId: ids.membranes, bands: [{ min: 10, max: 100, release: [] }] } } });
  expect(gap).toMatchObject({ status: 400, body: { fields: { 'check.bands.0.min': 'The first band must start at 0 %.' } } });
  const noCheck = await world.call('previewPathChanges', { as: world.teacher, params, body: { check: { sectionId: ids.intro, bands: bandsReleasingNothing } } });
  expect(noCheck).toMatchObject({ status: 404, body: { message: expect.stringContaining('no check') } });
  expect((await world.call('previewPathChanges', { as: world.teacher, params, body: {} })).status).toBe(400);
});

test('unassigning a module takes away the prerequisites naming it: assigned again, the module that waited for it stays open', async () => {
  const file = (name: string) => world.upload(world.teacher, name, MEDIA.pdf, pdfBytes(name));
  const first = await world.createModule(world.teacher, [{ title: 'Cells', contentUrl: await file('cells.pdf') }], 'Cells first');
  const second = await world.createModule(world.teacher, [{ title: 'Tissues', contentUrl: await file('tissues.pdf') }], 'Tissues next');
  for (const module of [first, second]) await world.ok('assignModule', { as: world.teacher, params: { classId: CLASS_ID }, body: { moduleId: module._id } });
  await world.ok('setModulePrerequisite', { as: world.teacher, params: { classId: CLASS_ID, moduleId: second._id }, body: { prerequisiteModuleId: first._id } });
  const secondRead = async () =>
    (await world.ok('getModule', { as: world.student, params: { id: second._id }, path: `/api/modules/${second._id}?classId=${CLASS_ID}` })).sections[0];
  expect(await secondRead()).toMatchObject({ state: 'locked', reason: 'Complete “Cells first” to open this, or your teacher can open it for you.' });

  await world.ok('unassignModule', { as: world.teacher, params: { classId: CLASS_ID, moduleId: first._id } }, 200);
  const classItem = (await world.scanTable()).find((item) => item.pk === `CLASS#${CLASS_ID}` && item.sk === 'CLASS')!;
  expect(classItem).not.toHaveProperty(`prerequisite#${second._id}`);
  const detail = await world.ok('assignModule', { as: world.teacher, params: { classId: CLASS_ID }, body: { moduleId: first._id } });
  expect(detail.assignedModuleIds.find((module: { _id: string }) => module._id === second._id)).not.toHaveProperty('prerequisiteModuleId');
  expect(await secondRead()).toMatchObject({ state: 'open' });
});

test('a section made core that a band skipped: the module save is accepted, the band lets go of it, and the check saves again as it is', async () => {
  const file = (name: string) => world.upload(world.teacher, name, MEDIA.pdf, pdfBytes(name));
  const sections = [
    { title: 'Photosynthesis', contentUrl: await file('photo.pdf') },
    { title: 'Photosynthesis slides', contentUrl: await file('slides.pdf'), role: 'optional' },
  ];
  const module: Module = await world.ok('createModule', { as: world.teacher, body: { _id: randomUUID(), title: 'Plants', description: 'D', sections } }, 201);
  const [photo, slides] = module.sections.map((section) => section._id);
  const params = { id: module._id, sectionId: photo };
  const check = { ...CHECK, bands: [{ min: 0, max: 50, release: [] }, { min: 50, max: 100, release: [], skip: [slides] }] };
  await world.ok('putCheck', { as: world.teacher, params, body: check });

  const asCore = module.sections.map(({ _id, title, contentUrl }) => ({ _id, title, contentUrl, role: 'core' }));
  await world.ok('updateModule', { as: world.teacher, params: { id: module._id }, body: { title: 'Plants', description: 'D', updatedAt: module.updatedAt, sections: asCore } });
  const saved = await world.ok('getCheck', { as: world.teacher, params });
  expect(saved.bands).toEqual([{ min: 0, max: 50, release: [] }, { min: 50, max: 100, release: [], skip: [] }]);
  const { passMark, maxAttempts, showCorrectness, showAnswers, questions, bands } = saved;
  expect(await world.ok('putCheck', { as: world.teacher, params, body: { passMark: passMark + 5, maxAttempts, showCorrectness, showAnswers, questions, bands } })).toMatchObject({ passMark: passMark + 5 });
});

test('two modules made to wait for each other at once never lock each other: one save holds, the other is a 409 naming the loop, every time', async () => {
  const file = await world.upload(world.teacher, 'loop.pdf', MEDIA.pdf, pdfBytes('loop'));
  const first = await world.createModule(world.teacher, [{ title: 'Atoms', contentUrl: file }], 'Atoms');
  const second = await world.createModule(world.teacher, [{ title: 'Molecules', contentUrl: file }], 'Molecules');
  for (const module of [first, second]) await world.ok('assignModule', { as: world.teacher, params: { classId: CLASS_ID }, body: { moduleId: module._id } });
  const waitFor = (module: Module, prerequisite: Module | null) =>
    world.call('setModulePrerequisite', { as: world.teacher, params: { classId: CLASS_ID, moduleId: module._id }, body: { prerequisiteModuleId: prerequisite?._id ?? null } });
  for (let run = 0; run < 10; run += 1) {
    const answers = await Promise.all([waitFor(second, first), waitFor(first, second)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.status === 409)!.body.message).toMatch(/“(Atoms|Molecules)” would wait for “(Atoms|Molecules)”, which waits for/);
    const classItem = (await world.scanTable()).find((item) => item.pk === `CLASS#${CLASS_ID}` && item.sk === 'CLASS')!;
    expect([`prerequisite#${first._id}`, `prerequisite#${second._id}`].filter((name) => name in classItem)).toHaveLength(1);
    for (const module of [first, second]) expect((await waitFor(module, null)).status).toBe(200);
  }
});

test("explainable release: the owner's path preview answers what the student's read says; the path check names the dead end; another teacher gets 404", async () => {
  const params = { id: ruledModule._id };
  const preview = await world.ok('previewPath', { as: world.teacher, params, body: { scores: { [ids.membranes]: 0 }, completed: [ids.intro] } });
  expect(preview.sections).toEqual([
    { sectionId: ids.intro, state: 'complete' },
    { sectionId: ids.membranes, state: 'open' },
    { sectionId: ids.review, state: 'open', reason: 'Because you scored 0\u00a0% on “Cell membranes”, review this first.' },
    { sectionId: ids.summary, state: 'locked', reason: 'Complete “Membranes again” to open this, or your teacher can open it for you.' },
  ]);
  const refused = await world.call('previewPath', { as: world.teacher, params, body: { scores: { [ids.intro]: 50 } } });
  expect(refused).toMatchObject({ status: 400, body: { fields: { [`scores.${ids.intro}`]: expect.stringContaining('have a check') } } });
  expect((await world.call('previewPath', { as: world.otherTeacher, params, body: {} })).status).toBe(404);

  expect(await world.ok('checkPath', { as: world.teacher, params })).toEqual({ problems: [] });
  await world.ok('putCheck', { as: world.teacher, params: { id: ruledModule._id, sectionId: ids.membranes }, body: { ...CHECK, maxAttempts: 2, bands: bandsReleasingNothing } });
  const { problems } = await world.ok('checkPath', { as: world.teacher, params });
  expect(problems.map((problem: { kind: string; sectionId?: string }) => [problem.kind, problem.sectionId])).toEqual([
    ['unreachable', ids.review],
    ['dead-end', ids.membranes],
  ]);
});

test('a teacher grants a student who used every attempt one more, through the API; the grant is listed and removable', async () => {
  const params = { id: ruledModule._id, sectionId: ids.membranes };
  await world.ok('putCheck', { as: world.teacher, params, body: { ...CHECK, maxAttempts: 1 } });
  const attempt = () => world.call('submitAttempt', { as: world.student, params, body: { attemptId: randomUUID(), classId: CLASS_ID, answers: { q1: false } } });
  // The student already attempted once in the earlier test: the limit of 1 is used.
  expect(await attempt()).toMatchObject({ status: 409, body: { message: expect.stringContaining('You have used all 1 attempt') } });
  const overrides = { classId: CLASS_ID, studentId: world.student.userId };
  const body = { moduleId: ruledModule._id, kind: 'attempts', sectionId: ids.membranes, extra: 1, reason: 'Was ill' };
  const badExtra = await world.call('addPathOverride', { as: world.teacher, params: overrides, body: { ...body, extra: 11 } });
  expect(badExtra).toMatchObject({ status: 400, body: { fields: { extra: expect.stringContaining('1 to 10') } } });
  const listed = await world.ok('addPathOverride', { as: world.teacher, params: overrides, body }, 201);
  expect(listed.overrides).toContainEqual(expect.objectContaining({ kind: 'attempts', sectionId: ids.membranes, extra: 1, reason: 'Was ill' }));
  expect(await attempt()).toMatchObject({ status: 201, body: { attemptsLeft: 0 } });
  expect(await attempt()).toMatchObject({ status: 409 });
  const path = `/api/classes/${CLASS_ID}/students/${world.student.userId}/overrides/${ruledModule._id}/attempts?sectionId=${ids.membranes}`;
  const after = await world.ok('removePathOverride', { as: world.teacher, params: { ...overrides, moduleId: ruledModule._id, kind: 'attempts' }, path }, 200);
  expect(after.overrides.filter((entry: { kind: string }) => entry.kind === 'attempts')).toEqual([]);
  expect(await attempt()).toMatchObject({ status: 409 });
});
