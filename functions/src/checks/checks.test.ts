// The check use cases over in-memory stores that keep the DynamoDB adapters' promises: saving and versioning, what a
// student may see, attempts (scored here, once per attempt id, never beyond the limit), completion by passing, item
// analysis, attempt history, and the checks going with their section or module.
import { checkInputSchema, type AttemptInput, type StudentCheck } from '@shared/contract/checks';
import { OTHER_STUDENT_ID, OTHER_TEACHER_ID } from '@test/unit-helpers/events';
import { callers, CLASS_ID, classRecord, givenSchool, MODULE_ID, OTHER_CLASS_ID, refused } from '../../test/in-memory/records';
import { inMemoryPorts, storedState, type InMemoryPorts } from '../../test/in-memory/ports';
import { makeCheckService } from './checks';
import { makeModuleService } from '../modules/modules';
import { makeNotificationService } from '../notifications/notifications';
import { makePathOverrideService } from '../paths/path-overrides';
import { makeProgressService } from '../progress/progress';
import { makeReportService } from '../reports/reports';

let ports: InMemoryPorts;
let service: ReturnType<typeof makeCheckService>;
const { teacher, otherTeacher, student, otherStudent } = callers;
const SECTION = 'section-1';

const check = (overrides: Record<string, unknown> = {}) =>
  checkInputSchema.parse({
    passMark: 60,
    questions: [
      { id: 'q1', kind: 'single', prompt: 'Which is the powerhouse?', options: [{ id: 'a', text: 'Nucleus' }, { id: 'b', text: 'Mitochondrion' }], answer: ['b'], explanation: 'It makes ATP.' },
      { id: 'q2', kind: 'truefalse', prompt: 'Plant cells have walls.', answer: true },
      { id: 'q3', kind: 'text', prompt: 'Name the cell membrane’s main lipid.', answer: ['phospholipid', 'phospholipids'] },
    ],
    ...overrides,
  });

let attempts = 0;
const attempt = (answers: AttemptInput['answers'], overrides: Partial<AttemptInput> = {}): AttemptInput => ({
  attemptId: `00000000-0000-4000-8000-${String(++attempts).padStart(12, '0')}`,
  classId: CLASS_ID,
  answers,
  ...overrides,
});
const ALL_RIGHT = { q1: ['b'], q2: true, q3: ' Phospholipids ' };
const ONE_RIGHT = { q1: ['a'], q2: true, q3: 'protein' };

beforeEach(async () => {
  ports = inMemoryPorts();
  givenSchool(ports);
  service = makeCheckService(ports);
});

describe('save', () => {
  it('stores a new check as version 1 and answers it whole', async () => {
    const saved = await service.save(teacher, MODULE_ID, SECTION, check());
    expect(saved).toMatchObject({ moduleId: MODULE_ID, sectionId: SECTION, version: 1, attemptCount: 0, passMark: 60, maxAttempts: null });
    expect(saved.questions[0]).toMatchObject({ answer: ['b'], explanation: 'It makes ATP.', points: 1 });
    expect(await service.read(teacher, MODULE_ID, SECTION)).toEqual(saved);
  });

  it('changes a check without attempts in place, and makes a new version once it has attempts', async () => {
    await service.save(teacher, MODULE_ID, SECTION, check());
    expect((await service.save(teacher, MODULE_ID, SECTION, check({ passMark: 50 }))).version).toBe(1);
    await service.submit(student, MODULE_ID, SECTION, attempt(ONE_RIGHT));
    expect((await service.read(teacher, MODULE_ID, SECTION)) as { attemptCount: number }).toMatchObject({ attemptCount: 1 });
    const edited = await service.save(teacher, MODULE_ID, SECTION, check({ passMark: 30 }));
    expect(edited).toMatchObject({ version: 2, attemptCount: 0, passMark: 30 });
    // The attempt keeps its version and score.
    expect(ports.attempts.all()).toEqual([expect.objectContaining({ version: 1, percent: 33, passed: false })]);
  });

  it.each([
    ['another teacher', otherTeacher, SECTION, 'Module not found.'],
    ['a section of another module', teacher, 'section-9', 'not part of the module'],
  ])('refuses %s, storing nothing', async (_, caller, sectionId, message) => {
    await expect(service.save(caller, MODULE_ID, sectionId, check())).rejects.toEqual(refused('notFound', message));
    expect(ports.checks.all()).toEqual([]);
  });
});

describe('read', () => {
  beforeEach(() => service.save(teacher, MODULE_ID, SECTION, check()));

  it('gives a student no answer key and no explanation before they attempt, and their attempts after', async () => {
    const before = await service.read(student, MODULE_ID, SECTION, CLASS_ID);
    expect(JSON.stringify(before)).not.toMatch(/"answer"|explanation|Mitochondrion"\]/);
    expect(before).toMatchObject({ version: 1, passMark: 60, attempts: [], questions: [{ id: 'q1', options: [{ id: 'a' }, { id: 'b' }] }, { id: 'q2' }, { id: 'q3' }] });

    await service.submit(student, MODULE_ID, SECTION, attempt(ONE_RIGHT));
    const after = await service.read(student, MODULE_ID, SECTION);
    expect(JSON.stringify(after.questions)).not.toMatch(/"answer"/);
    expect((after as { attempts: unknown[] }).attempts).toEqual([expect.objectContaining({ percent: 33, answers: ONE_RIGHT })]);
  });

  it('shows a new check neither which questions were right nor the answers, explanations included, in its attempts and questions', async () => {
    await service.submit(student, MODULE_ID, SECTION, attempt(ONE_RIGHT));
    const after = (await service.read(student, MODULE_ID, SECTION)) as StudentCheck;
    expect(after).toMatchObject({ showCorrectness: false, showAnswers: false });
    expect(JSON.stringify(after)).not.toMatch(/"correct"|"earned"|"answer"|explanation/);
    expect(after.attempts[0].results).toEqual([{ questionId: 'q1', points: 1 }, { questionId: 'q2', points: 1 }, { questionId: 'q3', points: 1 }]);
  });

  it('applies the settings as they are now to earlier attempts, so answers shown after a deadline reach them', async () => {
    await service.submit(student, MODULE_ID, SECTION, attempt(ONE_RIGHT));
    await service.save(teacher, MODULE_ID, SECTION, check({ showAnswers: true }));
    const after = (await service.read(student, MODULE_ID, SECTION)) as StudentCheck;
    expect(after.questions[0]).toMatchObject({ explanation: 'It makes ATP.' });
    expect(after.attempts[0].results[0]).toEqual({ questionId: 'q1', points: 1, answer: ['b'], explanation: 'It makes ATP.' });
    // The teacher still reads the check whole.
    expect(await service.read(teacher, MODULE_ID, SECTION)).toMatchObject({ showCorrectness: false, showAnswers: true, questions: [{ answer: ['b'], explanation: 'It makes ATP.' }, {}, {}] });
  });

  it.each([
    ['a student of another class', otherStudent, CLASS_ID, 'Class not found.'],
    ['a student naming a class without the module', otherStudent, OTHER_CLASS_ID, 'not assigned'],
    ['a student of no class with the module', otherStudent, undefined, 'Module not found.'],
    ['another teacher', otherTeacher, undefined, 'Module not found.'],
  ])('is refused to %s', async (_, caller, classId, message) => {
    await expect(service.read(caller, MODULE_ID, SECTION, classId)).rejects.toEqual(refused('notFound', message));
  });

  it('answers 404 for a section without a check', async () => {
    await expect(service.read(student, MODULE_ID, 'section-2', CLASS_ID)).rejects.toEqual(refused('notFound', 'no check'));
  });
});

describe('submit', () => {
  beforeEach(() => service.save(teacher, MODULE_ID, SECTION, check({ maxAttempts: 2, showCorrectness: true, showAnswers: true })));

  it('scores on the server, reveals answers when the check says so, and records one attempt', async () => {
    const { attempt: answer, created } = await service.submit(student, MODULE_ID, SECTION, attempt(ONE_RIGHT));
    expect(created).toBe(true);
    expect(answer).toMatchObject({ score: 1, maxScore: 3, percent: 33, passed: false, attemptsUsed: 1, attemptsLeft: 1, bestPercent: 33 });
    expect(answer.results).toEqual([
      { questionId: 'q1', correct: false, earned: 0, points: 1, answer: ['b'], explanation: 'It makes ATP.' },
      { questionId: 'q2', correct: true, earned: 1, points: 1, answer: true },
      { questionId: 'q3', correct: false, earned: 0, points: 1, answer: ['phospholipid', 'phospholipids'] },
    ]);
    expect(ports.attempts.allScores()).toEqual([
      { classId: CLASS_ID, moduleId: MODULE_ID, studentId: student.userId, bySection: { [SECTION]: { bestPercent: 33, attempts: 1, passed: false } } },
    ]);
    // Failing does not complete the section.
    expect(ports.progress.all()).not.toContainEqual(expect.objectContaining({ completedSections: expect.arrayContaining([SECTION]) }));
  });

  it.each<[string, Record<string, boolean>, object]>([
    ['neither', { showCorrectness: false, showAnswers: false }, { questionId: 'q1', points: 1 }],
    ['which were right', { showCorrectness: true, showAnswers: false }, { questionId: 'q1', points: 1, correct: false, earned: 0 }],
    ['the answers', { showCorrectness: false, showAnswers: true }, { questionId: 'q1', points: 1, answer: ['b'], explanation: 'It makes ATP.' }],
  ])('answers an attempt on a check that shows %s with only that, also when the attempt id is sent again', async (_, settings, q1) => {
    await service.save(teacher, MODULE_ID, SECTION, check(settings));
    const body = attempt(ONE_RIGHT);
    const { attempt: answer } = await service.submit(student, MODULE_ID, SECTION, body);
    expect(answer).toMatchObject({ score: 1, percent: 33 });
    expect(answer.results[0]).toStrictEqual(q1);
    expect((await service.submit(student, MODULE_ID, SECTION, body)).attempt.results[0]).toStrictEqual(q1);
    // Stored whole: the teacher's analysis counts what was right whatever the student sees.
    expect(ports.attempts.all()[0].results[1]).toMatchObject({ correct: true, earned: 1, answer: true });
    expect((await service.analysis(teacher, CLASS_ID, MODULE_ID, SECTION)).questions[1]).toMatchObject({ correct: 1 });
  });

  it('records a repeated attempt id once and answers it again', async () => {
    const body = attempt(ONE_RIGHT);
    const first = await service.submit(student, MODULE_ID, SECTION, body);
    const again = await service.submit(student, MODULE_ID, SECTION, body);
    expect(again).toEqual({ attempt: first.attempt, created: false });
    expect(ports.attempts.all()).toHaveLength(1);
  });

  it('completes the section through the progress store when the attempt passes, and keeps the best score', async () => {
    await service.submit(student, MODULE_ID, SECTION, attempt(ALL_RIGHT));
    const { attempt: worse } = await service.submit(student, MODULE_ID, SECTION, attempt(ONE_RIGHT));
    expect(worse).toMatchObject({ percent: 33, bestPercent: 100, attemptsLeft: 0 });
    expect(ports.progress.all()).toEqual([expect.objectContaining({ studentId: student.userId, completedSections: [SECTION] })]);
    expect(ports.attempts.allScores()[0].bySection[SECTION]).toEqual({ bestPercent: 100, attempts: 2, passed: true });
  });

  it('refuses attempts beyond the limit, also when they arrive at once', async () => {
    const outcomes = await Promise.allSettled([1, 2, 3].map(() => service.submit(student, MODULE_ID, SECTION, attempt(ONE_RIGHT))));
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(2);
    expect(outcomes.find((outcome) => outcome.status === 'rejected')).toMatchObject({ reason: refused('conflict', 'You have used all 2 attempts at this check.') });
    expect(ports.attempts.all().map((stored) => stored.attemptNumber)).toEqual([1, 2]);
  });

  /** The student in the other class too, which has the module as well (its own teacher). */
  const inBothClasses = () =>
    ports.classes.put(
      classRecord({
        classId: OTHER_CLASS_ID,
        className: 'Chemistry 8B',
        teacherId: OTHER_TEACHER_ID,
        teacherName: 'teacher2@example.com',
        students: { [OTHER_STUDENT_ID]: 'student2@example.com', [student.userId]: 'student@example.com' },
        assignedModuleIds: [MODULE_ID],
      }),
    );

  it('counts attempts per student over all their classes: a second class with the module gives no more', async () => {
    inBothClasses();
    await service.submit(student, MODULE_ID, SECTION, attempt(ONE_RIGHT));
    const { attempt: second } = await service.submit(student, MODULE_ID, SECTION, attempt(ONE_RIGHT, { classId: OTHER_CLASS_ID }));
    expect(second).toMatchObject({ attemptsUsed: 2, attemptsLeft: 0 });
    await expect(service.submit(student, MODULE_ID, SECTION, attempt(ONE_RIGHT, { classId: OTHER_CLASS_ID }))).rejects.toEqual(
      refused('conflict', 'You have used all 2 attempts at this check; your teacher can give you more.'),
    );
    await expect(service.submit(student, MODULE_ID, SECTION, attempt(ONE_RIGHT))).rejects.toEqual(refused('conflict', 'You have used all 2 attempts'));
    expect(await service.read(student, MODULE_ID, SECTION, OTHER_CLASS_ID)).toMatchObject({ maxAttempts: 2, attemptsUsed: 2, attempts: [expect.anything()] });
  });

  it('counts attempts made before the counter was kept, in every class of the student', async () => {
    inBothClasses();
    await service.submit(student, MODULE_ID, SECTION, attempt(ONE_RIGHT, { classId: OTHER_CLASS_ID }));
    // As stored before this release: the attempt, but no used-attempts counter.
    ports.attempts.forgetUsedCounters();
    expect(await service.submit(student, MODULE_ID, SECTION, attempt(ONE_RIGHT))).toMatchObject({ attempt: { attemptsUsed: 2, attemptsLeft: 0 } });
    await expect(service.submit(student, MODULE_ID, SECTION, attempt(ONE_RIGHT))).rejects.toEqual(refused('conflict', 'You have used all 2 attempts'));
  });

  it("grows a student's budget by the extra attempts their teacher granted (grants add up, taking it back ends them)", async () => {
    const overrides = makePathOverrideService(ports);
    for (let used = 0; used < 2; used += 1) await service.submit(student, MODULE_ID, SECTION, attempt(ONE_RIGHT));
    await expect(service.submit(student, MODULE_ID, SECTION, attempt(ONE_RIGHT))).rejects.toEqual(refused('conflict', 'You have used all 2 attempts'));
    await overrides.add(teacher, CLASS_ID, student.userId, { moduleId: MODULE_ID, kind: 'attempts', sectionId: SECTION, extra: 1, reason: 'Was ill' });
    expect(await service.read(student, MODULE_ID, SECTION, CLASS_ID)).toMatchObject({ maxAttempts: 3, attemptsUsed: 2 });
    expect(await service.submit(student, MODULE_ID, SECTION, attempt(ALL_RIGHT))).toMatchObject({ attempt: { passed: true, attemptsUsed: 3, attemptsLeft: 0 } });
    await expect(service.submit(student, MODULE_ID, SECTION, attempt(ONE_RIGHT))).rejects.toEqual(refused('conflict', 'You have used all 3 attempts'));
    const listed = await overrides.add(teacher, CLASS_ID, student.userId, { moduleId: MODULE_ID, kind: 'attempts', sectionId: SECTION, extra: 2, reason: 'One more go' });
    expect(listed.overrides).toEqual([expect.objectContaining({ kind: 'attempts', sectionId: SECTION, extra: 3, reason: 'One more go' })]);
    expect(await service.submit(student, MODULE_ID, SECTION, attempt(ONE_RIGHT))).toMatchObject({ attempt: { attemptsUsed: 4, attemptsLeft: 1 } });
    await overrides.remove(teacher, CLASS_ID, student.userId, { moduleId: MODULE_ID, kind: 'attempts', sectionId: SECTION });
    await expect(service.submit(student, MODULE_ID, SECTION, attempt(ONE_RIGHT))).rejects.toEqual(refused('conflict', 'You have used all 2 attempts'));
  });

  it('never lets parallel attempts in two classes exceed the budget (the race, many times)', async () => {
    inBothClasses();
    for (let round = 0; round < 30; round += 1) {
      ports.attempts.clear();
      const outcomes = await Promise.allSettled(
        [CLASS_ID, OTHER_CLASS_ID, CLASS_ID, OTHER_CLASS_ID].map((classId) => service.submit(student, MODULE_ID, SECTION, attempt(ONE_RIGHT, { classId }))),
      );
      expect(outcomes.filter((outcome) => outcome.status === 'fulfilled').length).toBeLessThanOrEqual(2);
      expect(ports.attempts.all()).toHaveLength(outcomes.filter((outcome) => outcome.status === 'fulfilled').length);
      expect(outcomes.filter((outcome) => outcome.status === 'rejected')).toEqual(expect.arrayContaining([expect.objectContaining({ reason: refused('conflict') })]));
    }
  });

  it('refuses extra attempts at a section without a check or at a check without a limit, granting nothing', async () => {
    const overrides = makePathOverrideService(ports);
    const grant = (sectionId: string) => overrides.add(teacher, CLASS_ID, student.userId, { moduleId: MODULE_ID, kind: 'attempts', sectionId, extra: 1, reason: 'Try' });
    await expect(grant('section-2')).rejects.toEqual(refused('invalid', 'This section has no check'));
    await service.save(teacher, MODULE_ID, SECTION, check({ maxAttempts: null }));
    await expect(grant(SECTION)).rejects.toEqual(refused('invalid', 'unlimited attempts'));
    expect(ports.overrides.all()).toEqual([]);
  });

  it.each<[string, typeof student, Partial<AttemptInput> & { sectionId?: string; moduleId?: string }, string, string]>([
    ['an answer of the wrong shape', student, { answers: { q2: 'yes' } }, 'invalid', 'answers.q2'],
    ['an answer to a question the check lacks', student, { answers: { q9: true } }, 'invalid', 'answers.q9'],
    ['a section of another module', student, { sectionId: 'section-9' }, 'notFound', 'not part of the module'],
    ['a module not assigned to the class', student, { moduleId: 'module-other' }, 'notFound', 'not assigned'],
    ['a class the student is not in', otherStudent, {}, 'notFound', 'Class not found.'],
    ['a class without the module', otherStudent, { classId: OTHER_CLASS_ID }, 'notFound', 'not assigned'],
    ['a section without a check', student, { sectionId: 'section-2' }, 'notFound', 'no check'],
  ])('refuses %s, storing nothing', async (_, caller, { sectionId = SECTION, moduleId = MODULE_ID, ...overrides }, kind, message) => {
    const before = storedState(ports);
    await expect(service.submit(caller, moduleId, sectionId, attempt(ONE_RIGHT, overrides))).rejects.toEqual(refused(kind, message));
    expect(storedState(ports)).toEqual(before);
  });
});

describe('mark as complete', () => {
  it('is refused on a section with a check, and still works on one without', async () => {
    await service.save(teacher, MODULE_ID, SECTION, check());
    const progress = makeProgressService(ports);
    const body = { studentId: student.userId, classId: CLASS_ID, moduleId: MODULE_ID };
    await expect(progress.markComplete(student, { ...body, sectionId: SECTION })).rejects.toEqual(refused('conflict', 'pass the check'));
    await expect(progress.markComplete(student, { ...body, sectionId: 'section-2' })).resolves.toMatchObject({ completedSections: ['section-2'] });
  });

  it("tells the student they finished the module when a passing attempt completes their path's last section", async () => {
    await service.save(teacher, MODULE_ID, SECTION, check());
    await makeProgressService(ports).markComplete(student, { studentId: student.userId, classId: CLASS_ID, moduleId: MODULE_ID, sectionId: 'section-2' });
    const finishes = async () => (await makeNotificationService(ports).bell(student)).items.filter((item) => item.kind === 'finished');
    await service.submit(student, MODULE_ID, SECTION, attempt(ONE_RIGHT));
    expect(await finishes()).toEqual([]);
    await service.submit(student, MODULE_ID, SECTION, attempt(ALL_RIGHT));
    expect(await finishes()).toEqual([expect.objectContaining({ classId: CLASS_ID, moduleId: MODULE_ID })]);
  });
});

describe('attempts as activity', () => {
  it('a student who only failed attempts has a last activity and is struggling in the report, not "Not started"; passing ends it', async () => {
    await service.save(teacher, MODULE_ID, SECTION, check());
    ports.clock.set('2026-03-04T09:00:00.000Z');
    for (let tries = 0; tries < 3; tries += 1) await service.submit(student, MODULE_ID, SECTION, attempt(ONE_RIGHT));
    const reports = makeReportService(ports);
    const rowOf = async () => (await reports.classReport(teacher, CLASS_ID)).find((row) => row.studentId === student.userId)!;
    const pageRowOf = async () => (await reports.classReportPage(teacher, CLASS_ID, {})).rows.find((row) => row.studentId === student.userId)!;
    for (const row of [await rowOf(), await pageRowOf()]) {
      expect(row).toMatchObject({ lastActivityAt: '2026-03-04T09:00:00.000Z', modules: [expect.objectContaining({ completed: 0, struggling: true })] });
    }
    await service.submit(student, MODULE_ID, SECTION, attempt(ALL_RIGHT));
    expect((await pageRowOf()).modules[0]).not.toHaveProperty('struggling');
  });
});

describe('reports', () => {
  beforeEach(async () => {
    await service.save(teacher, MODULE_ID, SECTION, check());
    await service.submit(student, MODULE_ID, SECTION, attempt(ONE_RIGHT));
    await service.submit(student, MODULE_ID, SECTION, attempt({ q1: ['b'], q2: false }));
    await service.submit(student, MODULE_ID, SECTION, attempt(ALL_RIGHT));
  });

  it('analyses each question: share right and picks per option', async () => {
    const analysis = await service.analysis(teacher, CLASS_ID, MODULE_ID, SECTION);
    expect(analysis).toMatchObject({ version: 1, attempts: 3 });
    expect(analysis.questions[0]).toEqual({
      id: 'q1',
      kind: 'single',
      prompt: 'Which is the powerhouse?',
      correct: 2,
      percentCorrect: 67,
      options: [
        { id: 'a', text: 'Nucleus', picks: 1, correct: false },
        { id: 'b', text: 'Mitochondrion', picks: 2, correct: true },
      ],
    });
    expect(analysis.questions[2]).toEqual({ id: 'q3', kind: 'text', prompt: expect.any(String), correct: 1, percentCorrect: 33 });
    await expect(service.analysis(otherTeacher, CLASS_ID, MODULE_ID, SECTION)).rejects.toEqual(refused('notFound'));
  });

  it("lists a student's attempts newest first, for them and their teacher only", async () => {
    const history = await service.history(teacher, CLASS_ID, student.userId);
    expect(history.attempts.map((entry) => entry.percent)).toHaveLength(3);
    expect(await service.history(student, CLASS_ID, student.userId)).toEqual(history);
    await expect(service.history(otherStudent, CLASS_ID, student.userId)).rejects.toEqual(refused('notFound'));
  });

  it('puts the best scores in the report, the drill-down, the dashboard totals and the student progress', async () => {
    const progress = makeProgressService(ports);
    const reports = makeReportService(ports);
    const page = await reports.classReportPage(teacher, CLASS_ID, {});
    expect(page.rows[0].modules[0].scores).toEqual({ checks: 1, passed: 1, meanBestPercent: 100 });
    const drillDown = await reports.moduleReport(teacher, CLASS_ID, MODULE_ID);
    expect(drillDown.checks).toEqual([{ sectionId: SECTION, passMark: 60 }]);
    expect(drillDown.rows[0].scores).toEqual({ [SECTION]: { bestPercent: 100, attempts: 3, passed: true } });
    expect((await reports.classCompletion(teacher, CLASS_ID)).scores).toEqual({ bestPercentSum: 100, scoredCount: 1 });
    const own = await progress.studentClassProgress(student, CLASS_ID, student.userId);
    expect(own.modules[0].scores).toEqual({ checks: 1, passed: 1, meanBestPercent: 100, bySection: { [SECTION]: { bestPercent: 100, attempts: 3, passed: true } } });
  });

  it('reports no Avg. Score totals for a class without attempts', async () => {
    ports.attempts.clear();
    expect((await makeReportService(ports).classCompletion(teacher, CLASS_ID)).scores).toBeUndefined();
  });
});

describe('with the section or the module', () => {
  beforeEach(async () => {
    await service.save(teacher, MODULE_ID, SECTION, check());
    await service.submit(student, MODULE_ID, SECTION, attempt(ONE_RIGHT));
  });

  it('goes when its section is removed, with its attempts', async () => {
    const modules = makeModuleService(ports);
    const module = await modules.get(teacher, MODULE_ID);
    expect(module.checks).toEqual([{ sectionId: SECTION, version: 1, passMark: 60, maxAttempts: null, questionCount: 3 }]);
    await modules.update(teacher, MODULE_ID, { title: module.title, description: module.description, sections: module.sections.slice(1) });
    expect(ports.checks.all()).toEqual([]);
    expect(ports.attempts.all()).toEqual([]);
    expect((await modules.get(teacher, MODULE_ID)).checks).toBeUndefined();
  });

  describe('when the module is duplicated', () => {
    const COPY_ID = '00000000-0000-4000-8000-00000000c0de';
    const duplicate = async (caller = teacher) => {
      const source = await makeModuleService(ports).get(teacher, MODULE_ID);
      const sections = source.sections.map(({ title, contentUrl }) => ({ title, contentUrl }));
      return makeModuleService(ports).create(caller, { _id: COPY_ID, title: 'Copy', description: 'D', sections, copyChecksFrom: MODULE_ID });
    };

    it("gives the copy's section in the same position the same questions, as a fresh check without attempts", async () => {
      const { module: copy } = await duplicate();
      const source = ports.checks.all().find((stored) => stored.moduleId === MODULE_ID)!;
      const copied = ports.checks.all().filter((stored) => stored.moduleId === COPY_ID);
      expect(source.attemptCount).toBe(1);
      expect(copied).toEqual([
        { ...source, moduleId: COPY_ID, sectionId: copy.sections[0]!._id, version: 1, attemptCount: 0, updatedAt: expect.any(String) },
      ]);
      expect((await makeModuleService(ports).get(teacher, COPY_ID)).checks).toEqual([
        { sectionId: copy.sections[0]!._id, version: 1, passMark: 60, maxAttempts: null, questionCount: 3 },
      ]);
      expect(ports.attempts.all().filter((stored) => stored.moduleId === COPY_ID)).toEqual([]);
    });

    it('copies nothing twice on a repeat of the same duplicate, and keeps a check edited on the copy meanwhile', async () => {
      const { module: copy } = await duplicate();
      await service.save(teacher, COPY_ID, copy.sections[0]!._id, check({ passMark: 90 }));
      const repeat = await duplicate();
      expect(repeat).toEqual({ module: copy, created: false });
      expect(ports.checks.all().filter((stored) => stored.moduleId === COPY_ID)).toEqual([expect.objectContaining({ passMark: 90 })]);
    });

    it("refuses another teacher's module as the source as not found, storing nothing", async () => {
      await expect(duplicate(otherTeacher)).rejects.toEqual(refused('notFound', /^Module not found\.$/));
      expect(ports.modules.all().map((stored) => stored.moduleId)).toEqual([MODULE_ID]);
      expect(ports.checks.all().map((stored) => stored.moduleId)).toEqual([MODULE_ID]);
    });
  });

  it('goes with its module, with the scores in its classes', async () => {
    await makeModuleService(ports).delete(teacher, MODULE_ID);
    expect(ports.checks.all()).toEqual([]);
    expect(ports.attempts.all()).toEqual([]);
    expect(ports.attempts.allScores()).toEqual([]);
  });
});
