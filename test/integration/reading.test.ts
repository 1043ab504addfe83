// The reader's memory through the local stack: a student opens a section, moves to page 7 and reopens it (the module
// read says page 7); concurrent opens all count, minutes only as far as time passed; a section locked on their path is refused; another student
// can neither see nor change it; the class's teacher reads the counts in the student drill-down.
import { randomUUID } from 'node:crypto';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { localTableContext } from '@local/table-stores';
import type { Module } from '../../shared/contract/modules';
import { CLASS_ID, MEDIA, OTHER_CLASS_ID, pdfBytes, startWorld, type World } from './support/world';

jest.setTimeout(120_000);

let world: World;
let firstWeek: Module;
let first: string;
let second: string;

beforeAll(async () => {
  world = await startWorld();
  const file = (name: string) => world.upload(world.teacher, name, MEDIA.pdf, pdfBytes(name));
  const sections = [
    { title: 'Handbook', contentUrl: await file('handbook.pdf') },
    { title: 'Safety rules', contentUrl: await file('safety.pdf') },
  ];
  firstWeek = await world.ok('createModule', { as: world.teacher, body: { _id: randomUUID(), title: 'First week', description: 'D', sections, sequential: true } }, 201);
  [first, second] = firstWeek.sections.map((section) => section._id);
  await world.ok('assignModule', { as: world.teacher, params: { classId: CLASS_ID }, body: { moduleId: firstWeek._id } });
});

afterAll(() => world?.stop());

const report = (sectionId: string, body: Record<string, unknown>, as = world.student) =>
  world.call('recordReading', { as, params: { id: firstWeek._id, sectionId }, body: { classId: CLASS_ID, ...body } });
const pagesRead = async () => {
  const read = await world.ok('getModule', { as: world.student, params: { id: firstWeek._id }, path: `/api/modules/${firstWeek._id}?classId=${CLASS_ID}` });
  return read.sections.map((section: Module['sections'][number]) => section.lastPage);
};

test('a student who leaves a file on page 7 finds page 7 when they read the module again', async () => {
  expect(await pagesRead()).toEqual([undefined, undefined]);
  expect(await report(first, { opened: true })).toMatchObject({ status: 200, body: { sectionId: first, opened: 1, minutes: 0 } });
  await report(first, { page: 3 });
  expect(await report(first, { page: 7 })).toMatchObject({ status: 200, body: { page: 7 } });
  expect(await pagesRead()).toEqual([7, undefined]);
});

/** Moves the time the student's minutes in the module were last counted back by `minutes`, as if that much time had passed. */
async function minutesPass(minutes: number) {
  const context = localTableContext(world.config);
  try {
    const Key = { pk: `CLASS#${CLASS_ID}`, sk: `PROGRESS#${firstWeek._id}#${world.student.userId}` };
    const { Item } = await context.client.send(new GetCommand({ TableName: context.tableName, Key }));
    const earlier = new Date(Date.parse(String(Item!.readingCountedAt)) - minutes * 60_000).toISOString();
    await context.client.send(new UpdateCommand({ TableName: context.tableName, Key, UpdateExpression: 'SET readingCountedAt = :earlier', ExpressionAttributeValues: { ':earlier': earlier } }));
  } finally {
    context.client.destroy();
  }
}

test('concurrent opens all count; minutes count only as far as time passed, however many reports of 30 minutes come at once', async () => {
  const before = (await report(first, { minutes: 0 })).body;
  const answers = await Promise.all(Array.from({ length: 6 }, () => report(first, { opened: true, minutes: 1 })));
  expect(answers.map((answer) => answer.status)).toEqual(Array(6).fill(200));
  expect((await report(first, { minutes: 0 })).body).toMatchObject({ opened: before.opened + 6, page: 7 });

  const burst = () => Promise.all(Array.from({ length: 100 }, () => report(first, { minutes: 30 })));
  const minutesNow = async () => (await report(first, { minutes: 0 })).body.minutes as number;
  const counted = await minutesNow();
  for (const [passed, expected] of [[0, 0], [1, 1], [10, 11]] as const) {
    await minutesPass(passed);
    expect((await burst()).every((answer) => answer.status === 200)).toBe(true);
    expect(await minutesNow()).toBe(counted + expected);
  }
});

test('a section locked on the path (in-order mode) is refused with 409 and nothing is kept', async () => {
  const answer = await report(second, { opened: true, page: 2 });
  expect(answer).toMatchObject({ status: 409, body: { message: expect.any(String) } });
  expect((await world.scanTable()).some((item) => item[`readOpens#${second}`] !== undefined || item[`readPage#${second}`] !== undefined)).toBe(false);
});

test("another student can neither change nor see a student's reading", async () => {
  const tableBefore = await world.scanTable();
  expect((await report(first, { opened: true }, world.otherStudent)).status).toBe(404);
  expect((await world.call('recordReading', { as: world.otherStudent, params: { id: firstWeek._id, sectionId: first }, body: { classId: OTHER_CLASS_ID, opened: true } })).status).toBe(404);
  expect((await world.call('getStudentReading', { as: world.otherStudent, params: { classId: CLASS_ID, studentId: world.student.userId } })).status).toBe(403);
  expect(await world.scanTable()).toEqual(tableBefore);
});

test("the class's teacher reads opens and minutes per section in the drill-down; another teacher cannot", async () => {
  const reading = await world.ok('getStudentReading', { as: world.teacher, params: { classId: CLASS_ID, studentId: world.student.userId } });
  const inModule = reading.modules.find((each: { moduleId: string }) => each.moduleId === firstWeek._id);
  expect(inModule).toEqual({
    moduleId: firstWeek._id,
    moduleTitle: 'First week',
    sections: [
      { sectionId: first, sectionTitle: 'Handbook', opened: 7, minutes: 11 },
      { sectionId: second, sectionTitle: 'Safety rules', opened: 0, minutes: 0 },
    ],
  });
  expect((await world.call('getStudentReading', { as: world.otherTeacher, params: { classId: CLASS_ID, studentId: world.student.userId } })).status).toBe(404);
});
