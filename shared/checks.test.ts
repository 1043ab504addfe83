// The checks contract: what a teacher may save and a student may send, with the messages a 400 carries.
import type { ZodMiniType } from 'zod/mini';
import { attemptInputSchema, checkInputSchema, makeQuestionSchema, questionSchema } from './contract/checks';
import { averageBestPercent } from './score-totals';
import { describeIssues, fieldIssues } from './contract/blocks';
import * as z from './zod';

function refusal(schema: ZodMiniType, input: unknown): { message: string; fields: Record<string, string> } {
  const result = schema.safeParse(input);
  if (result.success) throw new Error(`Expected ${JSON.stringify(input)} to be refused`);
  return { message: describeIssues(result.error), fields: fieldIssues(result.error) };
}

const choice = { id: 'q1', kind: 'single', prompt: 'Which?', options: [{ id: 'a', text: 'A' }, { id: 'b', text: 'B' }], answer: ['a'] };
const check = { questions: [choice] };
const attempt = { attemptId: '8b7f3c1e-4a52-4a8e-9a43-0d6f1c2b3a4d', classId: 'class-1', answers: { q1: ['a'] } };

describe('checkInputSchema', () => {
  it('fills the defaults: pass mark 70, unlimited attempts, neither which questions were right nor the answers shown, 1 point, no tolerance', () => {
    const parsed = checkInputSchema.parse({ questions: [choice, { id: 'q2', kind: 'number', prompt: 'How many?', answer: { value: 3 } }] });
    expect(parsed).toMatchObject({ passMark: 70, maxAttempts: null, showCorrectness: false, showAnswers: false });
    expect(parsed).not.toHaveProperty('revealAnswers');
    expect(parsed.questions.map((question) => question.points)).toEqual([1, 1]);
    expect(parsed.questions[1].answer).toEqual({ value: 3, tolerance: 0 });
  });

  it('takes every kind', () => {
    const questions = [
      choice,
      { id: 'q2', kind: 'multiple', prompt: 'Which ones?', points: 2, options: [{ id: 'a', text: 'A' }, { id: 'b', text: 'B' }], answer: ['a', 'b'], explanation: 'Both.' },
      { id: 'q3', kind: 'truefalse', prompt: 'True?', answer: true },
      { id: 'q4', kind: 'text', prompt: 'Name it', answer: ['cell', 'cells'] },
      { id: 'q5', kind: 'number', prompt: 'How many?', answer: { value: 2.5, tolerance: 0.1 } },
    ];
    expect(checkInputSchema.parse({ passMark: 80, maxAttempts: 3, showCorrectness: true, showAnswers: true, questions }).questions).toHaveLength(5);
  });

  it.each<[string, unknown, string, string]>([
    ['an unknown kind', { questions: [{ ...choice, kind: 'essay' }] }, 'questions.0.kind', 'kind must be one of single, multiple, truefalse, text, number.'],
    ['a pass mark of 101', { ...check, passMark: 101 }, 'passMark', 'passMark must be a whole percent from 0 to 100.'],
    ['a pass mark of 50.5', { ...check, passMark: 50.5 }, 'passMark', 'passMark must be a whole percent from 0 to 100.'],
    ['11 attempts', { ...check, maxAttempts: 11 }, 'maxAttempts', 'maxAttempts must be a whole number from 1 to 10, or null for unlimited.'],
    ['0 attempts', { ...check, maxAttempts: 0 }, 'maxAttempts', 'maxAttempts must be a whole number from 1 to 10, or null for unlimited.'],
    ['no questions', { questions: [] }, 'questions', 'Add at least one question.'],
    ['51 questions', { questions: Array.from({ length: 51 }, (_, index) => ({ ...choice, id: `q${index}` })) }, 'questions', 'A check can have at most 50 questions.'],
    ['two questions with one id', { questions: [choice, choice] }, 'questions', 'Each question needs its own id.'],
    ['a prompt over 1,000 characters', { questions: [{ ...choice, prompt: 'p'.repeat(1001) }] }, 'questions.0.prompt', 'Prompt must be at most 1000 characters.'],
    ['9 options', { questions: [{ ...choice, options: Array.from({ length: 9 }, (_, index) => ({ id: `o${index}`, text: 'x' })), answer: ['o1'] }] }, 'questions.0.options', 'A question can have at most 8 options.'],
    ['one option', { questions: [{ ...choice, options: [{ id: 'a', text: 'A' }] }] }, 'questions.0.options', 'A choice question needs at least 2 options.'],
    ['an answer that is not an option', { questions: [{ ...choice, answer: ['z'] }] }, 'questions.0.answer', 'answer must name options of this question.'],
    ['two answers to a single choice', { questions: [{ ...choice, answer: ['a', 'b'] }] }, 'questions.0.answer', 'A single-choice question has exactly one correct option.'],
    ['a true/false answer that is text', { questions: [{ id: 'q', kind: 'truefalse', prompt: 'p', answer: 'yes' }] }, 'questions.0.answer', 'answer must be true or false.'],
    ['options on a true/false question', { questions: [{ id: 'q', kind: 'truefalse', prompt: 'p', answer: true, options: [] }] }, 'questions.0', 'Unknown field(s) options are not accepted.'],
    ['a text question without accepted answers', { questions: [{ id: 'q', kind: 'text', prompt: 'p', answer: [] }] }, 'questions.0.answer', 'Give at least one accepted answer.'],
    ['a negative tolerance', { questions: [{ id: 'q', kind: 'number', prompt: 'p', answer: { value: 1, tolerance: -1 } }] }, 'questions.0.answer.tolerance', 'tolerance must be 0 or more.'],
    ['0 points', { questions: [{ ...choice, points: 0 }] }, 'questions.0.points', 'points must be at least 1.'],
  ])('refuses %s', (_, input, field, message) => {
    const { fields } = refusal(checkInputSchema, input);
    expect(fields[field]).toBe(message);
  });

  it('extends every kind with the same extra fields (drafted questions)', () => {
    const drafted = makeQuestionSchema({ source: z.strictObject({ page: z.number(), passage: z.string() }) });
    expect(drafted.parse({ ...choice, source: { page: 3, passage: 'A is right.' } })).toMatchObject({ source: { page: 3 } });
    expect(questionSchema.safeParse({ ...choice, source: { page: 3, passage: 'A is right.' } }).success).toBe(false);
  });
});

describe('attemptInputSchema', () => {
  it('takes option ids, booleans, texts and numbers', () => {
    expect(attemptInputSchema.parse({ ...attempt, answers: { a: ['x'], b: true, c: 'cell', d: 2.5 } }).answers).toEqual({ a: ['x'], b: true, c: 'cell', d: 2.5 });
  });

  it.each<[string, unknown, string]>([
    ['10,000 answers', { ...attempt, answers: Object.fromEntries(Array.from({ length: 10_000 }, (_, index) => [`q${index}`, true])) }, 'answers can hold at most 50 answers, one per question.'],
    ['an answer of no known shape', { ...attempt, answers: { q1: { value: 1 } } }, 'An answer must be a list of option ids, true or false, a text or a number.'],
    ['an attempt id that is not a UUID', { ...attempt, attemptId: 'one' }, 'attemptId must be a UUID the client generated for this attempt.'],
    ['no class', { attemptId: attempt.attemptId, answers: {} }, 'classId is required.'],
  ])('refuses %s', (_, input, message) => {
    expect(refusal(attemptInputSchema, input).message).toContain(message);
  });
});

describe('averageBestPercent', () => {
  it('weighs every (student, check) best alike across classes, and is null before any attempt', () => {
    expect(averageBestPercent([{ bestPercentSum: 150, scoredCount: 2 }, undefined, { bestPercentSum: 60, scoredCount: 1 }])).toBe(70);
    expect(averageBestPercent([undefined, undefined])).toBeNull();
    expect(averageBestPercent([])).toBeNull();
  });
});
