// Pacing through the local stack: a teacher assigns a module with a due date (in any offset; kept as the instant),
// the class read and the student's class progress carry it, a malformed one is refused naming dueAt, the teacher's
// reminder reaches the student's bell once a day, and a re-assign without a due date removes it.
import type { ClassDetail } from '../../shared/contract/classes';
import type { Module } from '../../shared/contract/modules';
import type { Notifications } from '../../shared/contract/notifications';
import type { StudentClassProgress } from '../../shared/contract/progress';
import { CLASS_ID, MEDIA, pdfBytes, startWorld, type World } from './support/world';

jest.setTimeout(120_000);

let world: World;
let photosynthesis: Module;
const DUE = '2026-01-09T17:00:00+01:00';
const DUE_INSTANT = '2026-01-09T16:00:00.000Z';

beforeAll(async () => {
  world = await startWorld();
  const file = await world.upload(world.teacher, 'plan.pdf', MEDIA.pdf, pdfBytes('plan'));
  photosynthesis = await world.createModule(world.teacher, [{ title: 'Reading', contentUrl: file }], 'Photosynthesis');
});

afterAll(() => world?.stop());

const assign = (body: Record<string, unknown>, status = 200) =>
  world.ok('assignModule', { as: world.teacher, params: { classId: CLASS_ID }, body: { moduleId: photosynthesis._id, ...body } }, status);
const dueInClass = async () =>
  ((await world.ok('getClass', { as: world.student, params: { classId: CLASS_ID } })) as ClassDetail).assignedModuleIds.find((each) => each._id === photosynthesis._id);
const nudge = (status: number) =>
  world.ok('nudgeStudent', { as: world.teacher, params: { classId: CLASS_ID, moduleId: photosynthesis._id }, body: { studentId: world.student.userId } }, status);

test('a due date is kept as its instant and read back by the class and by the student, with no extra request', async () => {
  const answer = await assign({ dueAt: DUE });
  expect(answer.assignedModuleIds).toContainEqual({ _id: photosynthesis._id, title: 'Photosynthesis', description: expect.any(String), dueAt: DUE_INSTANT });
  expect(await dueInClass()).toMatchObject({ dueAt: DUE_INSTANT });
  const progress: StudentClassProgress = await world.ok('getStudentClassProgress', { as: world.student, params: { classId: CLASS_ID, studentId: world.student.userId } });
  expect(progress.modules.find((each) => each.moduleId === photosynthesis._id)).toMatchObject({ dueAt: DUE_INSTANT });

  const refused = await world.call('assignModule', { as: world.teacher, params: { classId: CLASS_ID }, body: { moduleId: photosynthesis._id, dueAt: '9 January' } });
  expect(refused.status).toBe(400);
  expect(refused.body).toMatchObject({ fields: { dueAt: expect.stringMatching(/^dueAt must be a date and time in ISO 8601/) } });
  expect(await dueInClass()).toMatchObject({ dueAt: DUE_INSTANT });
});

test("the teacher's reminder reaches the student's bell once a day, whatever the double clicks", async () => {
  await assign({ dueAt: DUE });
  const [first, second] = await Promise.all([
    world.call('nudgeStudent', { as: world.teacher, params: { classId: CLASS_ID, moduleId: photosynthesis._id }, body: { studentId: world.student.userId } }),
    world.call('nudgeStudent', { as: world.teacher, params: { classId: CLASS_ID, moduleId: photosynthesis._id }, body: { studentId: world.student.userId } }),
  ]);
  expect([first.status, second.status].sort()).toEqual([200, 201]);
  await nudge(200);
  const bell: Notifications = await world.ok('getNotifications', { as: world.student });
  const reminders = bell.items.filter((item) => item.kind === 'nudge');
  expect(reminders).toEqual([
    expect.objectContaining({ classId: CLASS_ID, moduleId: photosynthesis._id, moduleTitle: 'Photosynthesis', teacherName: expect.any(String), dueAt: DUE_INSTANT }),
  ]);
  const others: Notifications = await world.ok('getNotifications', { as: world.otherStudent });
  expect(others.items.filter((item) => item.kind === 'nudge')).toEqual([]);
});

test('a re-assign without a due date removes it, and a reminder then names the missing due date', async () => {
  await assign({ dueAt: DUE });
  await assign({});
  expect(await dueInClass()).not.toHaveProperty('dueAt');
  const refused = await world.call('nudgeStudent', { as: world.teacher, params: { classId: CLASS_ID, moduleId: photosynthesis._id }, body: { studentId: world.student.userId } });
  expect(refused).toMatchObject({ status: 409, body: { message: 'Photosynthesis has no due date in this class: assign it again with one to send a reminder.' } });
});
