// The edit screen's preview of new rules over in-memory stores: how many students of the teacher's classes would walk a
// different path, completed work never counting as a change.
import { section } from '@test/unit-helpers/fixtures';
import { callers, CLASS_ID, givenSchool, MODULE_ID, refused } from '../../test/in-memory/records';
import { inMemoryPorts, type InMemoryPorts } from '../../test/in-memory/stores';
import { makePathChangeService } from './path-changes';
import { makeProgressService } from './progress';

const { teacher, otherTeacher, student } = callers;
const SECTIONS = [section('one', 1, { title: 'One' }), section('two', 2, { title: 'Two' }), section('three', 3, { title: 'Three' })];
const rules = (sequential: boolean, roles: Record<string, 'core' | 'optional' | 'review'> = {}) => ({
  sequential,
  sections: SECTIONS.map(({ _id }) => ({ _id, role: roles[_id] ?? ('core' as const) })),
});

let ports: InMemoryPorts;
let changes: ReturnType<typeof makePathChangeService>;

beforeEach(() => {
  ports = inMemoryPorts();
  givenSchool(ports, { module: { sections: SECTIONS } });
  changes = makePathChangeService(ports);
});

it('counts no change for the rules as saved', async () => {
  expect(await changes.preview(teacher, MODULE_ID, rules(false))).toEqual({ students: 1, changed: 0 });
});

it('counts a student whose sections would lock in order, but not one who completed them already', async () => {
  expect(await changes.preview(teacher, MODULE_ID, rules(true))).toEqual({ students: 1, changed: 1 });
  const progress = makeProgressService(ports);
  for (const sectionId of ['one', 'two', 'three']) await progress.markComplete(student, { studentId: student.userId, classId: CLASS_ID, moduleId: MODULE_ID, sectionId });
  expect(await changes.preview(teacher, MODULE_ID, rules(true))).toEqual({ students: 1, changed: 0 });
});

it('counts a change of role that takes a section off the path', async () => {
  expect(await changes.preview(teacher, MODULE_ID, rules(false, { three: 'review' }))).toEqual({ students: 1, changed: 1 });
});

it("refuses a module that is not the caller's", async () => {
  await expect(changes.preview(otherTeacher, MODULE_ID, rules(true))).rejects.toEqual(refused('notFound'));
});
