// Explainable release over in-memory stores: the preview answers what the student's own read would (the same path
// function, the saved rules), and the check finds unreleased review sections, in-order dead ends after the last
// attempt, and prerequisites naming a module the class no longer has, each with its fix.
import { checkInputSchema } from '@shared/contract/checks';
import { section } from '@test/unit-helpers/fixtures';
import { callers, CLASS_ID, classRecord, givenSchool, MODULE_ID, refused } from '../../test/in-memory/records';
import { inMemoryPorts, type InMemoryPorts } from '../../test/in-memory/ports';
import { makeCheckService } from '../checks/checks';
import { makeModuleService } from '../modules/modules';
import { makePathExplainService } from './path-explain';

let ports: InMemoryPorts;
let explain: ReturnType<typeof makePathExplainService>;
const { teacher, otherTeacher, student } = callers;

// Intro, a check on Membranes, its review, and a closing core section; in order.
const SECTIONS = [
  section('intro', 1, { title: 'Intro' }),
  section('membranes', 2, { title: 'Membranes' }),
  section('review', 3, { title: 'Membranes again', role: 'review' }),
  section('closing', 4, { title: 'Wrap-up' }),
];
const saveCheck = (bands: { min: number; max: number; release: string[] }[] | undefined, maxAttempts: number | null = 2) =>
  makeCheckService(ports).save(
    teacher,
    MODULE_ID,
    'membranes',
    checkInputSchema.parse({ passMark: 70, maxAttempts, questions: [{ id: 'q1', kind: 'truefalse', prompt: 'Membranes are bilayers.', answer: true }], ...(bands && { bands }) }),
  );
const RELEASING_REVIEW = [
  { min: 0, max: 70, release: ['review'] },
  { min: 70, max: 100, release: [] },
];

beforeEach(() => {
  ports = inMemoryPorts();
  givenSchool(ports, { module: { sections: SECTIONS, sequential: true } });
  explain = makePathExplainService(ports);
});

describe('preview', () => {
  it('answers the path a student with these results meets, as their own module read says it', async () => {
    await saveCheck(RELEASING_REVIEW);
    const preview = await explain.preview(teacher, MODULE_ID, { scores: { membranes: 40 }, completed: ['intro'] });
    expect(preview.sections).toEqual([
      { sectionId: 'intro', state: 'complete' },
      { sectionId: 'membranes', state: 'open' },
      { sectionId: 'review', state: 'open', reason: 'Because you scored 40\u00a0% on “Membranes”, review this first.' },
      { sectionId: 'closing', state: 'locked', reason: 'Complete “Membranes again” to open this, or your teacher can open it for you.' },
    ]);
    // The student's own read, after the same results, says the same.
    const progress = ports.progress;
    await progress.addCompletedSection({ classId: CLASS_ID, moduleId: MODULE_ID, studentId: student.userId }, 'intro', '2024-05-03T10:00:00.000Z', () => ({
      teacherId: teacher.userId,
      studentName: 'Sam',
      moduleTitle: 'Cells',
      className: 'Biology 7A',
      sectionTotal: 3,
      finishesModule: false,
    }));
    ports.attempts.recordScore({ classId: CLASS_ID, moduleId: MODULE_ID, studentId: student.userId }, 'membranes', 40, false, '2024-05-03T10:00:00.000Z');
    const read = await makeModuleService(ports).get(student, MODULE_ID, CLASS_ID);
    expect(read.sections.map(({ _id, state, reason }) => ({ sectionId: _id, state, ...(reason !== undefined && { reason }) }))).toEqual(preview.sections);
  });

  it('passes a check at its pass mark, which completes its section and opens what follows', async () => {
    await saveCheck(RELEASING_REVIEW);
    const preview = await explain.preview(teacher, MODULE_ID, { scores: { membranes: 70 }, completed: ['intro'] });
    expect(preview.sections.map((entry) => entry.state)).toEqual(['complete', 'complete', 'skipped', 'open']);
  });

  it('refuses scores for a section without a check, sections of no such module, and another teacher', async () => {
    await saveCheck(RELEASING_REVIEW);
    await expect(explain.preview(teacher, MODULE_ID, { scores: { intro: 50 } })).rejects.toEqual(refused('invalid', 'scores a section without a check'));
    await expect(explain.preview(teacher, MODULE_ID, { completed: ['gone'] })).rejects.toEqual(refused('invalid'));
    await expect(explain.preview(otherTeacher, MODULE_ID, {})).rejects.toEqual(refused('notFound'));
  });
});

describe('check', () => {
  it('finds a review section no band releases, and an in-order check a student who fails every attempt cannot get past', async () => {
    await saveCheck([{ min: 0, max: 100, release: [] }]);
    const { problems } = await explain.check(teacher, MODULE_ID);
    expect(problems).toEqual([
      { kind: 'unreachable', sectionId: 'review', message: expect.stringContaining('No score band releases the review section “Membranes again”') },
      {
        kind: 'dead-end',
        sectionId: 'membranes',
        message: expect.stringMatching(/^A student whose best score is 0–69\u00a0% after all 2 attempts at the check in “Membranes” can never go on.*Fix: release a review section/),
      },
    ]);
  });

  it('finds nothing when low scores release the review, or when attempts are unlimited', async () => {
    await saveCheck(RELEASING_REVIEW);
    expect(await explain.check(teacher, MODULE_ID)).toEqual({ problems: [] });
    await saveCheck([{ min: 0, max: 100, release: ['review'] }], null);
    expect(await explain.check(teacher, MODULE_ID)).toEqual({ problems: [] });
  });

  it('names only the failing band that leads nowhere', async () => {
    await saveCheck([
      { min: 0, max: 50, release: ['review'] },
      { min: 50, max: 100, release: [] },
    ]);
    expect((await explain.check(teacher, MODULE_ID)).problems).toEqual([
      { kind: 'dead-end', sectionId: 'membranes', message: expect.stringContaining('best score is 50–69\u00a0%') },
    ]);
  });

  it('finds a class prerequisite naming a module the class does not have', async () => {
    await saveCheck(RELEASING_REVIEW);
    ports.classes.put(classRecord({ prerequisites: { [MODULE_ID]: 'module-gone' } } as Parameters<typeof classRecord>[0]));
    expect((await explain.check(teacher, MODULE_ID)).problems).toEqual([
      { kind: 'prerequisite', message: expect.stringContaining('In “Biology 7A” this module waits for a module the class no longer has') },
    ]);
  });
});
