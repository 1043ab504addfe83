// The five check routes over in-memory stores: HTTP mapping (status codes, bodies, messages) and what a student's
// answers never carry.
import { routes } from '@shared/contract';
import { apiEvent, errorBody, invoke, STUDENT_ID, tokens } from '@test/unit-helpers/events';
import { makeHandler as makeGetCheck } from './get-check';
import { makeHandler as makeGetCheckAnalysis } from './get-check-analysis';
import { makeHandler as makeListStudentAttempts } from './list-student-attempts';
import { makeHandler as makeMarkComplete } from '../../progress/handlers/mark-complete';
import { makeHandler as makePutCheck } from './put-check';
import { makeHandler as makeSubmitAttempt } from './submit-attempt';
import { makeCheckService } from '../checks';
import { makeProgressService } from '../../progress/progress';
import { withSecondFactor } from '@functions/test/in-memory/admin';
import { CLASS_ID, givenSchool, MODULE_ID } from '@functions/test/in-memory/records';
import { inMemoryPorts, resetPorts, storedState } from '@functions/test/in-memory/ports';

const ports = inMemoryPorts();
const checkService = makeCheckService(ports);
const getCheck = makeGetCheck(checkService);
const getCheckAnalysis = makeGetCheckAnalysis(checkService, withSecondFactor);
const listStudentAttempts = makeListStudentAttempts(checkService, withSecondFactor);
const putCheck = makePutCheck(checkService);
const submitAttempt = makeSubmitAttempt(checkService);
const markComplete = makeMarkComplete(makeProgressService(ports));

const path = { id: MODULE_ID, sectionId: 'section-1' };
const CHECK = {
  passMark: 50,
  maxAttempts: 1,
  questions: [
    { id: 'q1', kind: 'multiple', prompt: 'Which are organelles?', options: [{ id: 'a', text: 'Nucleus' }, { id: 'b', text: 'Ribosome' }, { id: 'c', text: 'Atom' }], answer: ['a', 'b'], explanation: 'Atoms are not.' },
    { id: 'q2', kind: 'number', prompt: 'How many chromosomes in a human cell?', answer: { value: 46 } },
  ],
};
const attemptBody = (answers: Record<string, unknown>) => ({ attemptId: crypto.randomUUID(), classId: CLASS_ID, answers });

const put = (body: unknown, token = tokens.teacher) => invoke(putCheck, apiEvent(routes.putCheck, { token, pathParameters: path, body }));
const read = (token: typeof tokens.teacher, query?: Record<string, string>) =>
  invoke(getCheck, { ...apiEvent(routes.getCheck, { token, pathParameters: path }), queryStringParameters: query });
const submit = (body: unknown, token = tokens.student) => invoke(submitAttempt, apiEvent(routes.submitAttempt, { token, pathParameters: path, body }));

beforeEach(() => {
  resetPorts(ports);
  givenSchool(ports);
});

describe('PUT …/check', () => {
  it('answers 200 with the check whole, its defaults filled', async () => {
    const answer = await put(CHECK);
    expect(answer).toMatchObject({ statusCode: 200, body: { version: 1, attemptCount: 0, showCorrectness: false, showAnswers: false, questions: [{ points: 1, answer: ['a', 'b'] }, { answer: { value: 46, tolerance: 0 } }] } });
    expect(routes.putCheck.response.safeParse(answer.body).success).toBe(true);
  });

  it.each([
    ['a pass mark of 101', { ...CHECK, passMark: 101 }, /^passMark: passMark must be a whole percent from 0 to 100\./],
    ['an unknown kind', { questions: [{ ...CHECK.questions[0], kind: 'essay' }] }, /kind must be one of single, multiple, truefalse, text, number\./],
  ])('answers 400 to %s, with the field, storing nothing', async (_, body, message) => {
    const answer = await put(body);
    expect(answer).toMatchObject({ statusCode: 400, body: errorBody(message) });
    expect(Object.keys(answer.body.fields).length).toBeGreaterThan(0);
    expect(ports.checks.all()).toEqual([]);
  });

  it("answers 404 on another teacher's module", async () => {
    expect(await put(CHECK, tokens.otherTeacher)).toMatchObject({ statusCode: 404, body: { message: 'Module not found.' } });
  });
});

describe('GET …/check and POST …/check/attempts', () => {
  beforeEach(() => put(CHECK));

  it('gives a student the check without any answer key; by default their attempt says neither which questions were right nor the answers', async () => {
    const before = await read(tokens.student, { classId: CLASS_ID });
    expect(before.statusCode).toBe(200);
    expect(JSON.stringify(before.body)).not.toMatch(/"answer"|explanation/);
    expect(routes.getCheck.response.safeParse(before.body).success).toBe(true);

    const attempt = await submit(attemptBody({ q1: ['a', 'c'], q2: 46 }));
    expect(attempt).toMatchObject({ statusCode: 201, body: { score: 1, maxScore: 2, percent: 50, passed: true, attemptsLeft: 0 } });
    expect(attempt.body.results).toStrictEqual([{ questionId: 'q1', points: 1 }, { questionId: 'q2', points: 1 }]);
    expect(routes.submitAttempt.response.safeParse(attempt.body).success).toBe(true);

    const after = await read(tokens.student);
    expect(after.body).toMatchObject({ showCorrectness: false, showAnswers: false });
    expect(JSON.stringify(after.body)).not.toMatch(/"answer"|"correct"|"earned"|explanation/);
    expect(routes.getCheck.response.safeParse(after.body).success).toBe(true);
  });

  it('gives a student which questions were right, and the answers with explanations, each only when the check shows it', async () => {
    await put({ ...CHECK, maxAttempts: null, showCorrectness: true });
    const rightOnly = await submit(attemptBody({ q1: ['a', 'c'], q2: 46 }));
    expect(rightOnly.body.results).toStrictEqual([{ questionId: 'q1', points: 1, correct: false, earned: 0 }, { questionId: 'q2', points: 1, correct: true, earned: 1 }]);
    expect((await read(tokens.student)).body.questions[0]).not.toHaveProperty('explanation');

    await put({ ...CHECK, maxAttempts: null, showAnswers: true });
    const answersOnly = await submit(attemptBody({ q1: ['a', 'c'], q2: 46 }));
    expect(answersOnly.body.results).toStrictEqual([
      { questionId: 'q1', points: 1, answer: ['a', 'b'], explanation: 'Atoms are not.' },
      { questionId: 'q2', points: 1, answer: { value: 46, tolerance: 0 } },
    ]);
    const after = await read(tokens.student);
    expect(after.body.questions[0]).toMatchObject({ explanation: 'Atoms are not.' });
    expect(JSON.stringify(after.body.questions)).not.toMatch(/"answer"/);
    expect(routes.getCheck.response.safeParse(after.body).success).toBe(true);
  });

  it('answers 200 with the same attempt to a repeat, and 409 beyond the limit, storing nothing more', async () => {
    const body = attemptBody({ q2: 45 });
    expect((await submit(body)).statusCode).toBe(201);
    expect((await submit(body)).statusCode).toBe(200);
    const before = storedState(ports);
    expect(await submit(attemptBody({ q2: 46 }))).toMatchObject({ statusCode: 409, body: { message: 'You have used all 1 attempt at this check; your teacher can give you more.' } });
    expect(storedState(ports)).toEqual(before);
  });

  it('answers 400 to 10,000 answers and to an answer of the wrong shape, storing nothing', async () => {
    const before = storedState(ports);
    const many = await submit(attemptBody(Object.fromEntries(Array.from({ length: 10_000 }, (_, index) => [`q${index}`, 1]))));
    expect(many).toMatchObject({ statusCode: 400, body: errorBody(/at most 50 answers/) });
    expect(await submit(attemptBody({ q2: 'forty-six' }))).toMatchObject({ statusCode: 400, body: { fields: { 'answers.q2': 'Answer with a number.' } } });
    expect(storedState(ports)).toEqual(before);
  });

  it('answers 409 to Mark as Complete on the section, which only passing completes', async () => {
    const mark = await invoke(markComplete, apiEvent(routes.markComplete, { token: tokens.student, body: { studentId: STUDENT_ID, moduleId: MODULE_ID, classId: CLASS_ID, sectionId: 'section-1' } }));
    expect(mark).toMatchObject({ statusCode: 409, body: { message: 'This section has a check: pass the check to complete the section.' } });
  });
});

describe('reports', () => {
  beforeEach(async () => {
    await put(CHECK);
    await submit(attemptBody({ q1: ['a', 'b'], q2: 46 }));
  });

  it('answers the item analysis to the teacher and 403 to a student', async () => {
    const event = apiEvent(routes.getCheckAnalysis, { pathParameters: { classId: CLASS_ID, moduleId: MODULE_ID, sectionId: 'section-1' } });
    const answer = await invoke(getCheckAnalysis, event);
    expect(answer).toMatchObject({ statusCode: 200, body: { attempts: 1, questions: [{ id: 'q1', percentCorrect: 100, options: [{ picks: 1 }, { picks: 1 }, { picks: 0 }] }, { id: 'q2', percentCorrect: 100 }] } });
    expect(routes.getCheckAnalysis.response.safeParse(answer.body).success).toBe(true);
    const asStudent = await invoke(getCheckAnalysis, apiEvent(routes.getCheckAnalysis, { token: tokens.student, pathParameters: { classId: CLASS_ID, moduleId: MODULE_ID, sectionId: 'section-1' } }));
    expect(asStudent.statusCode).toBe(403);
  });

  it("answers a student's attempts to their teacher and to them, 404 to a student of another class", async () => {
    const event = (token: typeof tokens.teacher) => apiEvent(routes.listStudentAttempts, { token, pathParameters: { classId: CLASS_ID, studentId: STUDENT_ID } });
    const answer = await invoke(listStudentAttempts, event(tokens.teacher));
    expect(answer).toMatchObject({ statusCode: 200, body: { classId: CLASS_ID, studentId: STUDENT_ID, attempts: [{ percent: 100, passed: true, sectionId: 'section-1' }] } });
    expect(routes.listStudentAttempts.response.safeParse(answer.body).success).toBe(true);
    expect((await invoke(listStudentAttempts, event(tokens.student))).statusCode).toBe(200);
    expect((await invoke(listStudentAttempts, event(tokens.otherStudent))).statusCode).toBe(404);
  });
});
