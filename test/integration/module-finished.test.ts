// A student who finishes a module is told so in their bell, through the local stack: the completion of the last
// section on their path records the finish in the same transaction, once per class and module (an undo and a new
// completion keep the first finish), and the bell links it to the module.
import type { Module } from '../../shared/contract/modules';
import type { Notifications } from '../../shared/contract/notifications';
import { CLASS_ID, MEDIA, pdfBytes, startWorld, type World } from './support/world';

jest.setTimeout(120_000);

let world: World;
let cells: Module;

beforeAll(async () => {
  world = await startWorld();
  const file = await world.upload(world.teacher, 'cells.pdf', MEDIA.pdf, pdfBytes('cells'));
  cells = await world.createModule(world.teacher, [{ title: 'Reading', contentUrl: file }, { title: 'Diagram', contentUrl: file }], 'Cells');
  await world.ok('assignModule', { as: world.teacher, params: { classId: CLASS_ID }, body: { moduleId: cells._id } });
});

afterAll(() => world?.stop());

const mark = (sectionIndex: number, completed = true) =>
  world.ok('markComplete', {
    as: world.student,
    body: { studentId: world.student.userId, classId: CLASS_ID, moduleId: cells._id, sectionId: cells.sections[sectionIndex]!._id, ...(completed ? {} : { completed: false }) },
  });
const finishes = async (as = world.student) =>
  ((await world.ok('getNotifications', { as })) as Notifications).items.filter((item) => item.kind === 'finished');

test('the last section of the path tells the student they finished the module, once', async () => {
  await mark(0);
  expect(await finishes()).toEqual([]);
  await mark(1);
  const [finished, ...others] = await finishes();
  expect(others).toEqual([]);
  expect(finished).toEqual({ id: `finished:${CLASS_ID}:${cells._id}`, kind: 'finished', at: expect.any(String), classId: CLASS_ID, className: expect.any(String), moduleId: cells._id, moduleTitle: 'Cells' });

  // Undone and marked again: the first finish stays, nothing new.
  await mark(1, false);
  await mark(1);
  expect(await finishes()).toEqual([finished]);
  const items = (await world.scanTable()).filter((item) => item.sk.startsWith('FINISHED#'));
  expect(items).toEqual([expect.objectContaining({ pk: `USER#${world.student.userId}`, sk: `FINISHED#${CLASS_ID}#${cells._id}`, finishedAt: finished!.at })]);

  // Nobody else is told.
  expect(await finishes(world.otherStudent)).toEqual([]);
});

test('the last two sections completed at the same moment tell the student they finished, every time the race is run', async () => {
  const file = await world.upload(world.teacher, 'race.pdf', MEDIA.pdf, pdfBytes('race'));
  for (let run = 0; run < 10; run += 1) {
    const module = await world.createModule(world.teacher, [{ title: 'One', contentUrl: file }, { title: 'Two', contentUrl: file }], `Race ${run}`);
    await world.ok('assignModule', { as: world.teacher, params: { classId: CLASS_ID }, body: { moduleId: module._id } });
    await Promise.all(
      module.sections.map(({ _id: sectionId }) =>
        world.ok('markComplete', { as: world.student, body: { studentId: world.student.userId, classId: CLASS_ID, moduleId: module._id, sectionId } }),
      ),
    );
    expect((await finishes()).filter((item) => item.moduleId === module._id)).toHaveLength(1);
  }
});
