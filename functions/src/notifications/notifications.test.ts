// The bells over in-memory stores that keep the DynamoDB adapters' promises.
import { callers, CLASS_ID, givenSchool, MODULE_ID, moduleRecord, refused, section } from '../../test/in-memory/records';
import { inMemoryPorts, type InMemoryPorts } from '../../test/in-memory/ports';
import { makeClassService } from '../classes/classes';
import { makeNotificationService } from './notifications';
import { makeProgressService } from '../progress/progress';

let ports: InMemoryPorts;
let bells: ReturnType<typeof makeNotificationService>;
const { teacher, student, otherTeacher } = callers;
const DAY = 24 * 60 * 60 * 1000;
const later = (days: number) => ports.clock.set(new Date(ports.clock.now().getTime() + days * DAY).toISOString());

beforeEach(() => {
  ports = inMemoryPorts();
  bells = makeNotificationService(ports);
  givenSchool(ports, { class: { assignedModuleIds: [], students: { [student.userId]: 'Sam Student', 'student-0': 'Kim Student' } } });
});

const assign = (moduleId = MODULE_ID) => makeClassService(ports).assignModule(teacher, CLASS_ID, moduleId);
const mark = (sectionId: string) =>
  makeProgressService(ports).markComplete(student, { studentId: student.userId, classId: CLASS_ID, moduleId: MODULE_ID, sectionId });

it("tells the teacher of each student's latest progress, in words, newest first; unread until marked read", async () => {
  await assign();
  await mark('section-1');
  expect(await bells.bell(teacher)).toEqual({
    unread: 1,
    items: [expect.objectContaining({ kind: 'progress', studentName: 'Sam Student', moduleTitle: 'Cells', className: 'Biology 7A', count: 1, sectionTotal: 2 })],
  });
  later(1);
  await mark('section-2');
  const { items, unread } = await bells.bell(teacher);
  expect(items).toEqual([expect.objectContaining({ kind: 'completed', studentName: 'Sam Student', at: ports.clock.now().toISOString() })]);
  expect(unread).toBe(1);

  later(0.1);
  await bells.markAllRead(teacher);
  expect((await bells.bell(teacher)).unread).toBe(0);
  expect((await bells.bell(otherTeacher)).items).toEqual([]);
});

it('tells the teacher how many students have not started a module assigned 7 days ago, from that day on', async () => {
  await assign();
  await mark('section-1');
  later(7 - 1 / 24);
  expect((await bells.bell(teacher)).items.map((item) => item.kind)).toEqual(['progress']);
  later(1 / 24);
  expect((await bells.bell(teacher)).items).toContainEqual(
    expect.objectContaining({ kind: 'not-started', count: 1, moduleTitle: 'Cells', assignedAt: '2024-05-03T10:00:00.000Z' }),
  );
  later(30);
  expect((await bells.bell(teacher)).items.map((item) => item.kind)).toEqual(['progress']);
});

it('lists modules newly assigned to a student’s classes, not older ones or other classes', async () => {
  ports.modules.put(moduleRecord({ moduleId: 'atoms', title: 'Atoms', sections: [section('a', 1)] }));
  await assign();
  later(31);
  await assign('atoms');
  const { items, unread } = await bells.bell(student);
  expect(unread).toBe(1);
  expect(items).toEqual([expect.objectContaining({ kind: 'assigned', moduleTitle: 'Atoms', className: 'Biology 7A', at: ports.clock.now().toISOString() })]);
  await bells.markAllRead(student);
  expect((await bells.bell(student)).unread).toBe(0);
  expect((await bells.bell(callers.otherStudent)).items).toEqual([]);
});

describe('a finished module', () => {
  const undo = (sectionId: string) =>
    makeProgressService(ports).undoComplete(student, { studentId: student.userId, classId: CLASS_ID, moduleId: MODULE_ID, sectionId, completed: false });
  const finishes = async () => (await bells.bell(student)).items.filter((item) => item.kind === 'finished');

  it('tells the student once every section of their path is complete, linking to the module, unread', async () => {
    await assign();
    await bells.markAllRead(student);
    later(0.01);
    await mark('section-1');
    expect(await finishes()).toEqual([]);
    later(0.01);
    await mark('section-2');
    const finishedAt = ports.clock.now().toISOString();
    const { items, unread } = await bells.bell(student);
    expect(items).toEqual([
      { id: `finished:${CLASS_ID}:${MODULE_ID}`, kind: 'finished', at: finishedAt, classId: CLASS_ID, className: 'Biology 7A', moduleId: MODULE_ID, moduleTitle: 'Cells' },
      expect.objectContaining({ kind: 'assigned' }),
    ]);
    expect(unread).toBe(1);
    // The teacher's bell is unchanged: their line is the completion.
    expect((await bells.bell(teacher)).items.map((item) => item.kind)).toEqual(['completed']);
    expect((await bells.bell(callers.otherStudent)).items).toEqual([]);
  });

  it('tells them when the last sections are completed at the same moment, every time the race is run', async () => {
    await assign();
    for (let run = 0; run < 20; run += 1) {
      ports.progress.clear();
      await Promise.all([mark('section-1'), mark('section-2')]);
      expect(await finishes()).toEqual([expect.objectContaining({ id: `finished:${CLASS_ID}:${MODULE_ID}` })]);
    }
  });

  it('tells them once: a section undone and marked again keeps the first finish, unread no more once read', async () => {
    await assign();
    await mark('section-1');
    await mark('section-2');
    const firstFinish = ports.clock.now().toISOString();
    await bells.markAllRead(student);
    later(1);
    await undo('section-2');
    await mark('section-2');
    expect(await finishes()).toEqual([expect.objectContaining({ at: firstFinish })]);
    expect((await bells.bell(student)).unread).toBe(0);
  });

  it('drops the finish from the bell once its module is unassigned', async () => {
    await assign();
    await mark('section-1');
    await mark('section-2');
    await makeClassService(ports).unassignModule(teacher, CLASS_ID, MODULE_ID);
    expect(await finishes()).toEqual([]);
  });
});

describe('nudge', () => {
  const DUE = '2026-12-05T16:00:00.000Z';
  const assignDue = () => makeClassService(ports).assignModule(teacher, CLASS_ID, MODULE_ID, DUE);

  it("puts the teacher's reminder in the student's bell, in words the web fills in, unread", async () => {
    await assignDue();
    await bells.markAllRead(student);
    later(0.01);
    const { nudge, created } = await bells.nudge(teacher, CLASS_ID, MODULE_ID, student.userId);
    expect(created).toBe(true);
    expect(nudge).toEqual({ classId: CLASS_ID, moduleId: MODULE_ID, studentId: student.userId, dueAt: DUE, sentAt: ports.clock.now().toISOString() });
    const { items, unread } = await bells.bell(student);
    expect(unread).toBe(1);
    expect(items[0]).toEqual({
      id: `nudge:${CLASS_ID}:${MODULE_ID}:${nudge.sentAt.slice(0, 10)}`,
      kind: 'nudge',
      at: nudge.sentAt,
      classId: CLASS_ID,
      className: 'Biology 7A',
      moduleId: MODULE_ID,
      moduleTitle: 'Cells',
      teacherName: 'teacher@example.com',
      dueAt: DUE,
    });
    expect((await bells.bell(student)).items.filter((item) => item.kind === 'nudge')).toHaveLength(1);
    expect((await bells.bell(callers.otherStudent)).items).toEqual([]);
  });

  it('sends one reminder per student, module and day: a repeat (a double click) records nothing', async () => {
    await assignDue();
    const [first, second] = await Promise.all([
      bells.nudge(teacher, CLASS_ID, MODULE_ID, student.userId),
      bells.nudge(teacher, CLASS_ID, MODULE_ID, student.userId),
    ]);
    expect([first.created, second.created].sort()).toEqual([false, true]);
    expect(ports.notices.allNudges()).toHaveLength(1);
    later(1);
    expect((await bells.nudge(teacher, CLASS_ID, MODULE_ID, student.userId)).created).toBe(true);
    expect(ports.notices.allNudges()).toHaveLength(2);
  });

  it('drops a reminder from the bell once its module is unassigned', async () => {
    await assignDue();
    await bells.nudge(teacher, CLASS_ID, MODULE_ID, student.userId);
    await makeClassService(ports).unassignModule(teacher, CLASS_ID, MODULE_ID);
    expect((await bells.bell(student)).items).toEqual([]);
  });

  it.each([
    ['another teacher', () => bells.nudge(otherTeacher, CLASS_ID, MODULE_ID, student.userId), 'notFound', 'Class not found.'],
    ['a student not enrolled in the class', () => bells.nudge(teacher, CLASS_ID, MODULE_ID, callers.otherStudent.userId), 'notFound', 'This student is not enrolled in this class.'],
    ['a module not assigned to the class', () => bells.nudge(teacher, CLASS_ID, 'missing', student.userId), 'notFound', 'This module is not assigned to this class.'],
  ])('is refused for %s, recording nothing', async (_case, send, kind, message) => {
    await assignDue();
    await expect(send()).rejects.toEqual(refused(kind as 'notFound', message));
    expect(ports.notices.allNudges()).toEqual([]);
  });

  it('is a conflict for a module without a due date, naming it', async () => {
    await assign();
    await expect(bells.nudge(teacher, CLASS_ID, MODULE_ID, student.userId)).rejects.toEqual(
      refused('conflict', 'Cells has no due date in this class: assign it again with one to send a reminder.'),
    );
    expect(ports.notices.allNudges()).toEqual([]);
  });
});
