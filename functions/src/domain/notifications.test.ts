// The bells over in-memory stores that keep the DynamoDB adapters' promises.
import { callers, CLASS_ID, givenSchool, MODULE_ID, moduleRecord, section } from '../../test/in-memory/records';
import { inMemoryPorts, type InMemoryPorts } from '../../test/in-memory/stores';
import { makeClassService } from './classes';
import { makeNotificationService } from './notifications';
import { makeProgressService } from './progress';

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
