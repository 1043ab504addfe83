// Scored checks through the local stack: the journey (a 5-question check, failed, explanations read, passed
// on the second attempt, the teacher's history, item analysis and Avg. Score figures), attempts that race past the
// limit or repeat one attempt id on the real DynamoDB twin, that no student answer carries an answer key before
// the student submits, and that a check showing neither which questions were right nor the answers (a new check's
// default, and one saved before the two settings with `revealAnswers: false`) gives the student their score alone.
import { randomUUID } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { localTableContext } from '@local/table-stores';
import type { Module } from '../../shared/contract/modules';
import { CLASS_ID, MEDIA, pdfBytes, startWorld, type World } from './support/world';

jest.setTimeout(120_000);

let world: World;
let checked: Module;
let path: { id: string; sectionId: string };

const CHECK = {
  passMark: 80,
  maxAttempts: 3,
  showCorrectness: true,
  showAnswers: true,
  questions: [
    { id: 'q1', kind: 'single', prompt: 'Where does respiration happen?', options: [{ id: 'a', text: 'Nucleus' }, { id: 'b', text: 'Mitochondria' }], answer: ['b'], explanation: 'Mitochondria release energy.' },
    { id: 'q2', kind: 'multiple', prompt: 'Plant-only parts?', options: [{ id: 'w', text: 'Wall' }, { id: 'c', text: 'Chloroplast' }, { id: 'm', text: 'Membrane' }], answer: ['w', 'c'] },
    { id: 'q3', kind: 'truefalse', prompt: 'Animal cells have a cell wall.', answer: false, explanation: 'Only plant cells do.' },
    { id: 'q4', kind: 'text', prompt: 'Where is DNA kept?', answer: ['nucleus', 'the nucleus'] },
    { id: 'q5', kind: 'number', prompt: 'Magnification of a 20 mm image of a 0.1 mm cell?', answer: { value: 200, tolerance: 1 } },
  ],
};
const RIGHT = { q1: ['b'], q2: ['w', 'c'], q3: false, q4: '  The Nucleus ', q5: 200 };
const MOSTLY_WRONG = { q1: ['a'], q2: ['w', 'm'], q3: true, q4: 'nucleus', q5: 20 };
const attempt = (answers: Record<string, unknown>, attemptId = randomUUID()) => ({ attemptId, classId: CLASS_ID, answers });

/** Every `answer` key anywhere in a JSON value. */
const answerKeysIn = (value: unknown): number => JSON.stringify(value).match(/"answer"\s*:/g)?.length ?? 0;

beforeAll(async () => {
  world = await startWorld();
  const file = (name: string) => world.upload(world.teacher, name, MEDIA.pdf, pdfBytes(name));
  checked = await world.createModule(world.teacher, [{ title: 'Reading', contentUrl: await file('cells.pdf') }, { title: 'Slides', contentUrl: await file('slides.pdf') }], 'Cells');
  await world.ok('assignModule', { as: world.teacher, params: { classId: CLASS_ID }, body: { moduleId: checked._id } });
  path = { id: checked._id, sectionId: checked.sections[0]._id };
});

afterAll(() => world?.stop());

test('a teacher adds a check, a student fails it, reads the explanations, passes on the second attempt; the teacher sees it all', async () => {
  const saved = await world.ok('putCheck', { as: world.teacher, params: path, body: CHECK });
  expect(saved).toMatchObject({ version: 1, attemptCount: 0, questions: [{ points: 1 }, {}, {}, {}, {}] });

  const unseen = await world.ok('getCheck', { as: world.student, params: path, path: `/api/modules/${path.id}/sections/${path.sectionId}/check?classId=${CLASS_ID}` });
  expect(answerKeysIn(unseen)).toBe(0);
  expect(JSON.stringify(unseen)).not.toContain('explanation');
  const moduleRead = await world.ok('getModule', { as: world.student, params: { id: checked._id }, path: `/api/modules/${checked._id}?classId=${CLASS_ID}` });
  expect(answerKeysIn(moduleRead)).toBe(0);
  expect(moduleRead.checks).toEqual([{ sectionId: path.sectionId, version: 1, passMark: 80, maxAttempts: 3, questionCount: 5 }]);

  const failed = await world.ok('submitAttempt', { as: world.student, params: path, body: attempt(MOSTLY_WRONG) }, 201);
  // q2: one right pick minus one wrong = 0; q4 right: 1 of 5.
  expect(failed).toMatchObject({ score: 1, maxScore: 5, percent: 20, passed: false, attemptsUsed: 1, attemptsLeft: 2 });
  expect(failed.results[0]).toEqual({ questionId: 'q1', correct: false, earned: 0, points: 1, answer: ['b'], explanation: 'Mitochondria release energy.' });
  const read = await world.ok('getCheck', { as: world.student, params: path });
  expect(read.questions[2].explanation).toBe('Only plant cells do.');
  expect(answerKeysIn(read.questions)).toBe(0);

  const passed = await world.ok('submitAttempt', { as: world.student, params: path, body: attempt(RIGHT) }, 201);
  expect(passed).toMatchObject({ percent: 100, passed: true, bestPercent: 100 });

  const progress = await world.ok('getStudentClassProgress', { as: world.student, params: { classId: CLASS_ID, studentId: world.student.userId } });
  const own = progress.modules.find((entry: { moduleId: string }) => entry.moduleId === checked._id);
  expect(own).toMatchObject({ completedSections: [path.sectionId], scores: { checks: 1, passed: 1, meanBestPercent: 100 } });

  const history = await world.ok('listStudentAttempts', { as: world.teacher, params: { classId: CLASS_ID, studentId: world.student.userId } });
  expect(history.attempts.map((entry: { percent: number }) => entry.percent)).toEqual([100, 20]);
  const analysis = await world.ok('getCheckAnalysis', { as: world.teacher, params: { classId: CLASS_ID, moduleId: checked._id, sectionId: path.sectionId } });
  expect(analysis.attempts).toBe(2);
  expect(analysis.questions.map((question: { percentCorrect: number }) => question.percentCorrect)).toEqual([50, 50, 50, 100, 50]);
  expect(analysis.questions[1].options).toEqual([
    { id: 'w', text: 'Wall', picks: 2, correct: true },
    { id: 'c', text: 'Chloroplast', picks: 1, correct: true },
    { id: 'm', text: 'Membrane', picks: 1, correct: false },
  ]);
  const completion = await world.ok('getClassCompletion', { as: world.teacher, params: { classId: CLASS_ID } });
  expect(completion.scores).toEqual({ bestPercentSum: 100, scoredCount: 1 });
  const report = await world.ok('getClassReport', { as: world.teacher, params: { classId: CLASS_ID }, path: `/api/progress/class/${CLASS_ID}?limit=100` });
  const row = report.rows.find((entry: { studentId: string }) => entry.studentId === world.student.userId);
  expect(row.modules.find((cell: { moduleId: string }) => cell.moduleId === checked._id).scores).toEqual({ checks: 1, passed: 1, meanBestPercent: 100 });
  const drillDown = await world.ok('getModuleReport', { as: world.teacher, params: { classId: CLASS_ID, moduleId: checked._id } });
  expect(drillDown.rows.find((entry: { studentId: string }) => entry.studentId === world.student.userId)).toMatchObject({
    // The e-mail beside the name, as in the class report: the drill-down's CSV keeps namesakes apart.
    studentEmail: world.student.email,
    scores: { [path.sectionId]: { bestPercent: 100, attempts: 2, passed: true } },
  });

  // Editing now makes version 2; the attempts keep theirs.
  const edited = await world.ok('putCheck', { as: world.teacher, params: path, body: { ...CHECK, passMark: 90 } });
  expect(edited).toMatchObject({ version: 2, attemptCount: 0 });
  const after = await world.ok('getCheck', { as: world.student, params: path });
  expect(after.attempts.map((entry: { version: number; percent: number }) => [entry.version, entry.percent])).toEqual([[1, 20], [1, 100]]);
});

test('attempts sent at once never pass the limit, and one attempt id sent twice at once records one attempt', async () => {
  const section = { id: checked._id, sectionId: checked.sections[1]._id };
  await world.ok('putCheck', { as: world.teacher, params: section, body: { ...CHECK, maxAttempts: 2 } });
  const repeated = attempt(MOSTLY_WRONG);
  const twice = await Promise.all([1, 2].map(() => world.call('submitAttempt', { as: world.student, params: section, body: repeated })));
  expect(twice.map((answer) => answer.status).sort()).toEqual([200, 201]);
  expect(twice[0].body.attemptId).toBe(twice[1].body.attemptId);

  const burst = await Promise.all([1, 2, 3, 4].map(() => world.call('submitAttempt', { as: world.student, params: section, body: attempt(RIGHT) })));
  expect(burst.map((answer) => answer.status).sort()).toEqual([201, 409, 409, 409]);
  expect(burst.find((answer) => answer.status === 409)!.body.message).toBe('You have used all 2 attempts at this check; your teacher can give you more.');
  const stored = (await world.scanTable()).filter((item) => item.pk === `CHECK#${checked._id}#${section.sectionId}` && item.sk.startsWith('ATTEMPT#'));
  expect(stored).toHaveLength(2);
});

test('Mark as Complete on a section with a check is refused with the way to complete it', async () => {
  const answer = await world.call('markComplete', { as: world.student, body: { studentId: world.student.userId, moduleId: checked._id, classId: CLASS_ID, sectionId: path.sectionId } });
  expect(answer).toMatchObject({ status: 409, body: { message: 'This section has a check: pass the check to complete the section.' } });
});

test("Duplicate copies each check to the copy's section in the same position, without attempts, once; never from another teacher's module", async () => {
  const sections = checked.sections.map(({ title, contentUrl, originalFileName }) => ({ title, contentUrl, originalFileName }));
  const body = { _id: randomUUID(), title: 'Cells (copy)', description: checked.description, sections, copyChecksFrom: checked._id };
  const copy = await world.ok('createModule', { as: world.teacher, body }, 201);
  expect(await world.ok('createModule', { as: world.teacher, body }, 200)).toEqual(copy);

  for (const [index, section] of checked.sections.entries()) {
    const source = await world.ok('getCheck', { as: world.teacher, params: { id: checked._id, sectionId: section._id } });
    const sectionId = copy.sections[index]._id;
    const copied = await world.ok('getCheck', { as: world.teacher, params: { id: copy._id, sectionId } });
    expect(copied).toEqual({ ...source, moduleId: copy._id, sectionId, version: 1, attemptCount: 0, updatedAt: expect.any(String) });
  }
  // The second section's source has attempts counted; none come along.
  const copyChecks = (await world.scanTable()).filter((item) => item.pk.startsWith(`CHECK#${copy._id}#`));
  expect(copyChecks.map((item) => item.sk).sort()).toEqual(['CHECK', 'CHECK']);
  expect((await world.ok('getModule', { as: world.teacher, params: { id: copy._id } })).checks).toHaveLength(2);

  const foreign = await world.call('createModule', { as: world.otherTeacher, body: { ...body, _id: randomUUID() } });
  expect(foreign).toMatchObject({ status: 404, body: { message: 'Module not found.' } });
});

describe('a check showing neither which questions were right nor the answers', () => {
  const HIDDEN = { passMark: CHECK.passMark, maxAttempts: null, questions: CHECK.questions };
  const leaks = /"correct"|"earned"|"answer"|explanation|Mitochondria release|Only plant cells/;

  const expectScoreAlone = async (section: { id: string; sectionId: string }) => {
    const answered = await world.ok('submitAttempt', { as: world.student, params: section, body: attempt(MOSTLY_WRONG) }, 201);
    expect(answered).toMatchObject({ score: 1, maxScore: 5, percent: 20, passed: false });
    expect(answered.results).toEqual(CHECK.questions.map(({ id }) => ({ questionId: id, points: 1 })));
    expect(JSON.stringify(answered)).not.toMatch(leaks);
    const read = await world.ok('getCheck', { as: world.student, params: section });
    expect(read).toMatchObject({ showCorrectness: false, showAnswers: false, attempts: [{ percent: 20 }] });
    expect(JSON.stringify(read)).not.toMatch(leaks);
  };

  const freshSection = async (title: string) => {
    const module = await world.createModuleWithSections(world.teacher, 1, title);
    await world.ok('assignModule', { as: world.teacher, params: { classId: CLASS_ID }, body: { moduleId: module._id } });
    return { id: module._id, sectionId: module.sections[0]._id };
  };

  test('is the default: the student gets their score, no right or wrong per question, no correct answer, no explanation', async () => {
    const section = await freshSection('Hidden by default');
    const saved = await world.ok('putCheck', { as: world.teacher, params: section, body: HIDDEN });
    expect(saved).toMatchObject({ showCorrectness: false, showAnswers: false });
    await expectScoreAlone(section);
    // The teacher's own views stay whole.
    const analysis = await world.ok('getCheckAnalysis', { as: world.teacher, params: { classId: CLASS_ID, moduleId: section.id, sectionId: section.sectionId } });
    expect(analysis.questions.map((question: { correct: number }) => question.correct)).toEqual([0, 0, 0, 1, 0]);
    expect((await world.ok('getCheck', { as: world.teacher, params: section })).questions[0]).toMatchObject({ answer: ['b'], explanation: 'Mitochondria release energy.' });
  });

  test('is what a check saved before the two settings with revealAnswers: false still means, read as stored', async () => {
    const section = await freshSection('Stored before the split');
    await world.ok('putCheck', { as: world.teacher, params: section, body: { ...HIDDEN, showCorrectness: true, showAnswers: true } });
    const table = localTableContext(world.config);
    try {
      await table.client.send(
        new UpdateCommand({
          TableName: table.tableName,
          Key: { pk: `CHECK#${section.id}#${section.sectionId}`, sk: 'CHECK' },
          UpdateExpression: 'SET revealAnswers = :false REMOVE showCorrectness, showAnswers',
          ExpressionAttributeValues: { ':false': false },
        }),
      );
    } finally {
      table.client.destroy();
    }
    await expectScoreAlone(section);
    expect(await world.ok('getCheck', { as: world.teacher, params: section })).toMatchObject({ showCorrectness: false, showAnswers: false });
  });
});
