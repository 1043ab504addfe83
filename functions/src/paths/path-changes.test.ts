// The edit screen's preview of new rules over in-memory stores: how many students of the teacher's classes would walk a
// different path, completed work never counting as a change.
import { section } from '@test/unit-helpers/fixtures';
import { callers, CLASS_ID, givenSchool, MODULE_ID, refused, UPDATED_AT } from '../../test/in-memory/records';
import { inMemoryPorts, type InMemoryPorts } from '../../test/in-memory/ports';
import { makePathChangeService } from './path-changes';
import { makeProgressService } from '../progress/progress';

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

describe("a check's new score bands (the check editor)", () => {
  const REVIEW_SECTIONS = [section('one', 1, { title: 'One' }), section('two', 2, { title: 'Two', role: 'review' }), section('three', 3, { title: 'Three' })];
  const bandsReleasing = (release: string[]) => ({ sectionId: 'one', bands: [{ min: 0, max: 50, release }, { min: 50, max: 100, release: [] }] });

  beforeEach(async () => {
    ports = inMemoryPorts();
    givenSchool(ports, { module: { sections: REVIEW_SECTIONS }, class: { students: { [student.userId]: 'student@example.com', 'student-9': 'nine@example.com' } } });
    changes = makePathChangeService(ports);
    await ports.checks.saveCheck(
      { moduleId: MODULE_ID, sectionId: 'one', passMark: 80, maxAttempts: null, showCorrectness: false, showAnswers: false, questions: [], version: 1, attemptCount: 1, updatedAt: UPDATED_AT },
      undefined,
    );
    // The student scored 40 %; student-9 has not attempted the check.
    ports.attempts.putScores({ classId: CLASS_ID, moduleId: MODULE_ID, studentId: student.userId, bySection: { one: { bestPercent: 40, attempts: 1, passed: false } } });
  });

  it('counts the student whose score falls in a band that would release a review section, not the one without a score', async () => {
    expect(await changes.preview(teacher, MODULE_ID, { check: bandsReleasing(['two']) })).toEqual({ students: 2, changed: 1 });
  });

  it('counts no change for bands that release nothing, the rest of the rules staying as saved', async () => {
    expect(await changes.preview(teacher, MODULE_ID, { check: bandsReleasing([]) })).toEqual({ students: 2, changed: 0 });
  });

  it('refuses bands that release a core section, naming the field, as saving the check would', async () => {
    await expect(changes.preview(teacher, MODULE_ID, { check: bandsReleasing(['three']) })).rejects.toEqual(
      expect.objectContaining({ kind: 'invalid', fields: { 'check.bands.0.release.0': 'Band 1 can only release review or extension sections of this module.' } }),
    );
  });

  it('refuses a section without a check', async () => {
    await expect(changes.preview(teacher, MODULE_ID, { check: { ...bandsReleasing([]), sectionId: 'three' } })).rejects.toEqual(refused('notFound', /no check/));
  });
});
