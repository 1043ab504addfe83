// Scoring a check: the server's alone (the answer key never leaves it before an attempt). Pure: the answers a student
// sent against the questions of the check's version, to a score, a percent and one result per question.
import type { AnswerValue, Question, QuestionResult, ResultVisibility } from '@shared/contract/checks';
import { invalid } from '../kernel/errors';

export interface Scored {
  score: number;
  maxScore: number;
  /** floor(100 × score / maxScore): whole, and ≥ the (whole) pass mark exactly when the exact share is. */
  percent: number;
  passed: boolean;
  results: QuestionResult[];
}

/** Floating sums (0.1 + 0.2) must not turn a right number into a wrong one, nor 70 % into 69 %. */
const EPSILON = 1e-9;

/** Text answers match whatever their case, accents and surrounding spaces: " Éte " is "ete". */
export function normalizeText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();
}

/** The share (0–1) of a question's points an answer earns; undefined answers earn nothing. */
function share(question: Question, given: AnswerValue | undefined): number {
  if (given === undefined) return 0;
  switch (question.kind) {
    case 'single':
      return (given as string[]).length === 1 && (given as string[])[0] === question.answer[0] ? 1 : 0;
    case 'multiple': {
      // Partial credit: right picks minus wrong picks, over the right options, never below 0.
      const key = new Set(question.answer);
      const picks = new Set(given as string[]);
      const right = [...picks].filter((id) => key.has(id)).length;
      return Math.max(0, right - (picks.size - right)) / key.size;
    }
    case 'truefalse':
      return given === question.answer ? 1 : 0;
    case 'text': {
      const answer = normalizeText(given as string);
      return question.answer.some((accepted) => normalizeText(accepted) === answer) ? 1 : 0;
    }
    case 'number':
      return Math.abs((given as number) - question.answer.value) <= question.answer.tolerance + EPSILON ? 1 : 0;
  }
}

const SHAPE_MESSAGES: Record<Question['kind'], string> = {
  single: 'Choose one option (a list with one option id).',
  multiple: 'Choose options (a list of option ids).',
  truefalse: 'Answer true or false.',
  text: 'Answer with a text.',
  number: 'Answer with a number.',
};

function hasShape(question: Question, given: AnswerValue): boolean {
  switch (question.kind) {
    case 'single':
    case 'multiple': {
      if (!Array.isArray(given)) return false;
      const ids = new Set(question.options.map((option) => option.id));
      return given.every((id) => ids.has(id)) && new Set(given).size === given.length && (question.kind === 'multiple' || given.length <= 1);
    }
    case 'truefalse':
      return typeof given === 'boolean';
    case 'text':
      return typeof given === 'string';
    case 'number':
      return typeof given === 'number';
  }
}

/**
 * Refuses answers to questions the check does not have and answers of the wrong shape for their question (options
 * that are not the question's, a text for a number...), naming each field as `answers.{questionId}`.
 */
export function validateAnswers(questions: Question[], answers: Record<string, AnswerValue>): void {
  const byId = new Map(questions.map((question) => [question.id, question]));
  const fields: Record<string, string> = {};
  for (const [questionId, given] of Object.entries(answers)) {
    const question = byId.get(questionId);
    if (!question) fields[`answers.${questionId}`] = 'This check has no such question; read the check again.';
    else if (!hasShape(question, given)) fields[`answers.${questionId}`] = SHAPE_MESSAGES[question.kind];
  }
  const problems = Object.entries(fields);
  if (problems.length > 0) {
    throw invalid(problems.slice(0, 3).map(([field, message]) => `${field}: ${message}`).join(' '), fields);
  }
}

const roundScore = (value: number) => Math.round(value * 100) / 100;

/**
 * Scores valid answers (see validateAnswers): each question earns its points × its share. Each result is whole (right
 * or not, points, the correct answer): what a student may see of it is `visibleResults`'s to cut.
 * Explanations are the caller's to add.
 */
export function scoreAnswers(check: { questions: Question[]; passMark: number }, answers: Record<string, AnswerValue>): Scored {
  const results = check.questions.map((question): QuestionResult => {
    const part = share(question, answers[question.id]);
    return {
      questionId: question.id,
      correct: part >= 1 - EPSILON,
      earned: roundScore(question.points * part),
      points: question.points,
      answer: question.answer,
    };
  });
  const score = roundScore(results.reduce((sum, result) => sum + (result.earned ?? 0), 0));
  const maxScore = check.questions.reduce((sum, question) => sum + question.points, 0);
  const percent = Math.min(100, Math.floor((100 * score) / maxScore + EPSILON));
  return { score, maxScore, percent, passed: percent >= check.passMark, results };
}

/**
 * What a student may see of their results: right or not and the points per question only when the check shows
 * correctness (points earned tell right from wrong too), the correct answer and the explanation only when it shows
 * answers (an explanation usually states the answer). The total score is always theirs.
 */
export function visibleResults(results: QuestionResult[], { showCorrectness, showAnswers }: ResultVisibility): QuestionResult[] {
  return results.map(({ questionId, correct, earned, points, answer, explanation }) => ({
    questionId,
    points,
    ...(showCorrectness && correct !== undefined && { correct }),
    ...(showCorrectness && earned !== undefined && { earned }),
    ...(showAnswers && answer !== undefined && { answer }),
    ...(showAnswers && explanation !== undefined && { explanation }),
  }));
}
