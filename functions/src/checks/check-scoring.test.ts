// Scoring a check on a table of cases: every kind, partial credit, text matching, number tolerance, the pass line.
import { type AnswerValue, type Question, type ResultVisibility, questionSchema } from '@shared/contract/checks';
import { normalizeText, scoreAnswers, validateAnswers, visibleResults } from './check-scoring';
import { DomainError } from '../kernel/errors';

const question = (input: unknown): Question => questionSchema.parse(input);
const options = (...ids: string[]) => ids.map((id) => ({ id, text: `Option ${id}` }));

const single = question({ id: 'q', kind: 'single', prompt: 'Pick', options: options('a', 'b', 'c'), answer: ['b'] });
const multiple = question({ id: 'q', kind: 'multiple', prompt: 'Pick', points: 4, options: options('a', 'b', 'c', 'd', 'e'), answer: ['a', 'b', 'c', 'd'] });
const truefalse = question({ id: 'q', kind: 'truefalse', prompt: 'True?', answer: false });
const text = question({ id: 'q', kind: 'text', prompt: 'Name it', answer: ['Mitochondrion', 'Mitochondria'] });
const number = question({ id: 'q', kind: 'number', prompt: 'How many?', answer: { value: 0.3, tolerance: 0.05 } });
const exact = question({ id: 'q', kind: 'number', prompt: 'How many?', answer: { value: 46 } });

describe('one question', () => {
  it.each<[string, Question, AnswerValue | undefined, number]>([
    ['single: the right option', single, ['b'], 1],
    ['single: a wrong option', single, ['a'], 0],
    ['single: no answer', single, undefined, 0],
    ['single: nothing chosen', single, [], 0],
    ['multiple: every right option', multiple, ['a', 'b', 'c', 'd'], 4],
    ['multiple: three right picks', multiple, ['a', 'b', 'c'], 3],
    ['multiple: three right, one wrong', multiple, ['a', 'b', 'c', 'e'], 2],
    ['multiple: one right, one wrong', multiple, ['a', 'e'], 0],
    ['multiple: only the wrong one, floored at 0', multiple, ['e'], 0],
    ['multiple: nothing chosen', multiple, [], 0],
    ['truefalse: right', truefalse, false, 1],
    ['truefalse: wrong', truefalse, true, 0],
    ['text: the same words', text, 'Mitochondrion', 1],
    ['text: another accepted answer, other case and spaces', text, '  mitoCHONDRIA ', 1],
    ['text: accents do not matter', text, 'Mitóchondrïon', 1],
    ['text: a different word', text, 'Ribosome', 0],
    ['text: spaces inside still count', text, 'Mito chondrion', 0],
    ['number: the value', number, 0.3, 1],
    ['number: within the tolerance, floating sums included', number, 0.1 + 0.25, 1],
    ['number: at the edge of the tolerance', number, 0.25, 1],
    ['number: outside the tolerance', number, 0.36, 0],
    ['number: no tolerance means exact', exact, 46, 1],
    ['number: no tolerance, off by one', exact, 45, 0],
  ])('%s', (_, asked, given, earned) => {
    const { results, score } = scoreAnswers({ questions: [asked], passMark: 70 }, given === undefined ? {} : { q: given });
    expect(results[0].earned).toBe(earned);
    expect(score).toBe(earned);
    expect(results[0].correct).toBe(earned === asked.points);
  });
});

describe('a check', () => {
  const questions = [
    question({ id: 'one', kind: 'truefalse', prompt: '1', answer: true }),
    question({ id: 'two', kind: 'truefalse', prompt: '2', answer: true }),
    question({ id: 'three', kind: 'multiple', prompt: '3', points: 3, options: options('a', 'b', 'c', 'd'), answer: ['a', 'b', 'c'] }),
    question({ id: 'four', kind: 'single', prompt: '4', points: 5, options: options('a', 'b'), answer: ['a'] }),
  ];

  it('adds up points, and gives the floor of the percent so it passes exactly at the pass mark', () => {
    // 1 + 0 + 1 (one right pick of three) + 5 = 7 of 10.
    const answer = scoreAnswers({ questions, passMark: 70 }, { one: true, two: false, three: ['a'], four: ['a'] });
    expect(answer).toMatchObject({ score: 7, maxScore: 10, percent: 70, passed: true });
    expect(scoreAnswers({ questions, passMark: 71 }, { one: true, two: false, three: ['a'], four: ['a'] }).passed).toBe(false);
  });

  it('never rounds a failing share up to the pass mark', () => {
    // 2 of 3 points is 66.67 %: shown as 66, failing a pass mark of 67.
    const thirds = [question({ id: 'm', kind: 'multiple', prompt: 'm', points: 3, options: options('a', 'b', 'c'), answer: ['a', 'b', 'c'] })];
    expect(scoreAnswers({ questions: thirds, passMark: 67 }, { m: ['a', 'b'] })).toMatchObject({ score: 2, percent: 66, passed: false });
  });

  it('keeps every result whole (right or not, points, the key) for the server to store', () => {
    const scored = scoreAnswers({ questions, passMark: 70 }, { one: true });
    expect(scored).toMatchObject({ score: 1, percent: 10, passed: false });
    expect(scored.results.map((result) => result.answer)).toEqual([true, true, ['a', 'b', 'c'], ['a']]);
    expect(scored.results.map((result) => result.correct)).toEqual([true, false, false, false]);
  });

  describe('what a student sees of the results', () => {
    const results = [
      { questionId: 'one', correct: true, earned: 1, points: 1, answer: true, explanation: 'Cells have membranes.' },
      { questionId: 'two', correct: false, earned: 0, points: 1, answer: false },
    ];
    it.each<[string, ResultVisibility, object[]]>([
      ['neither: the points each question was worth, nothing that tells right from wrong', { showCorrectness: false, showAnswers: false }, [{ questionId: 'one', points: 1 }, { questionId: 'two', points: 1 }]],
      ['which were right: right or not and the points earned', { showCorrectness: true, showAnswers: false }, [{ questionId: 'one', points: 1, correct: true, earned: 1 }, { questionId: 'two', points: 1, correct: false, earned: 0 }]],
      ['the answers: the key and the explanation', { showCorrectness: false, showAnswers: true }, [{ questionId: 'one', points: 1, answer: true, explanation: 'Cells have membranes.' }, { questionId: 'two', points: 1, answer: false }]],
      ['both: everything', { showCorrectness: true, showAnswers: true }, results],
    ])('%s', (_, visibility, expected) => {
      expect(visibleResults(results, visibility)).toStrictEqual(expected);
    });
  });

  it.each<[string, Record<string, AnswerValue>, string]>([
    ['a question the check does not have', { five: true }, 'answers.five'],
    ['a text for a true/false question', { one: 'yes' }, 'answers.one'],
    ['an option the question does not have', { three: ['a', 'z'] }, 'answers.three'],
    ['an option chosen twice', { three: ['a', 'a'] }, 'answers.three'],
    ['two options for a single choice', { four: ['a', 'b'] }, 'answers.four'],
    ['a number for a choice', { four: 1 }, 'answers.four'],
  ])('refuses %s, naming the field', (_, answers, field) => {
    try {
      validateAnswers(questions, answers);
      throw new Error('accepted');
    } catch (error) {
      expect(error).toBeInstanceOf(DomainError);
      expect((error as DomainError).kind).toBe('invalid');
      expect(Object.keys((error as DomainError).fields ?? {})).toEqual([field]);
    }
  });

  it('accepts answers of the right shape, and unanswered questions', () => {
    expect(() => validateAnswers(questions, { one: false, three: [], four: ['b'] })).not.toThrow();
  });
});

it('normalizes text for comparison: case, accents and surrounding spaces only', () => {
  expect(normalizeText('  Ça Été\t')).toBe('ca ete');
  expect(normalizeText('a  b')).toBe('a  b');
});
