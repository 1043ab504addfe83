// "Check your understanding" under a section's file, for a student: the questions (never their answers: the server
// sends none before an attempt and scores it), Submit with an attempt id chosen once per attempt (a double click, a
// retry after a lost answer, each records one attempt), then the score, pass or not, the answers given, and what the
// teacher chose to show (each question right or wrong; the correct answers with the explanations) and the attempts left.
// The answers of an attempt are kept in the tab until it is recorded, so a reload mid-attempt loses nothing.
import { useEffect, useId, useRef, useState } from 'react';
import { CHECK_LIMITS } from '@shared/checks';
import type { AnswerKey, AnswerValue, AttemptResult, StudentCheck, StudentQuestion } from '@shared/contract/checks';
import { Alert } from '@web/components/alert';
import { ApiError } from '@web/lib/api-client';
import { readStored, removeStored, writeStored } from '@web/lib/session-store';
import { useStudentCheck, useSubmitAttempt } from '@web/api/checks';
import { useOneAtATime } from '@web/lib/use-one-at-a-time';
import '../checks.css';
import { QueryView } from '@web/components/query-view';

interface SectionCheckProps {
  moduleId: string;
  sectionId: string;
  classId: string;
  studentId: string;
}

export function SectionCheck({ moduleId, sectionId, classId, studentId }: SectionCheckProps) {
  const check = useStudentCheck(moduleId, sectionId, classId);
  const headingId = useId();
  return (
    <section className="card section-check" aria-labelledby={headingId}>
      <h2 id={headingId}>Check your understanding</h2>
      <QueryView
        query={check}
        loading="Loading questions..."
        error="Could not load the questions of this section."
      >
        {(data) => (
          <CheckBody check={data} moduleId={moduleId} sectionId={sectionId} classId={classId} studentId={studentId} />
        )}
      </QueryView>
    </section>
  );
}

const bySubmitted = (a: AttemptResult, b: AttemptResult) => (a.submittedAt < b.submittedAt ? -1 : a.submittedAt > b.submittedAt ? 1 : 0);
const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

export function attemptsLeftText(left: number | null): string {
  if (left === null) return 'Unlimited attempts.';
  return left === 0 ? 'No attempts left.' : `${plural(left, 'attempt')} left.`;
}

/** An attempt being answered, kept in the tab per class, check and version, so a reload does not lose the answers. */
interface StoredAttempt {
  attemptId: string;
  answers: Answers;
}

const isStoredAttempt = (value: unknown): value is StoredAttempt =>
  typeof value === 'object' && value !== null && typeof (value as StoredAttempt).attemptId === 'string' && typeof (value as StoredAttempt).answers === 'object';

function CheckBody({ check, moduleId, sectionId, classId, studentId }: { check: StudentCheck } & SectionCheckProps) {
  const submit = useSubmitAttempt(moduleId, sectionId, classId, studentId);
  const attempts = [...check.attempts].sort(bySubmitted);
  const latest = attempts.at(-1);
  const best = attempts.reduce((top, each) => Math.max(top, each.percent), -1);
  const passed = attempts.some((each) => each.passed);
  // Attempts count over all the student's classes; the budget includes any their teacher added.
  const left = check.maxAttempts === null ? null : Math.max(0, check.maxAttempts - check.attemptsUsed);
  const storageKey = `check-attempt:${classId}:${moduleId}:${sectionId}:${check.version}`;
  // An attempt the server recorded (its answer lost with the reload) is not answered again.
  const [stored] = useState(() => {
    const found = readStored(storageKey, isStoredAttempt);
    return found && !check.attempts.some((attempt) => attempt.attemptId === found.attemptId) ? found : undefined;
  });
  const [retrying, setRetrying] = useState(stored !== undefined);
  const showForm = (!latest || retrying) && left !== 0;

  return (
    <>
      <p className="muted">
        {`${plural(check.questions.length, 'question')} · pass mark ${check.passMark}% · ${attemptsLeftText(left)}`}
        {best >= 0 && ` Best score: ${best}%${passed ? ' (passed)' : ''}.`}
      </p>
      {showForm ? (
        <AttemptForm
          check={check}
          busy={submit.isPending}
          storageKey={storageKey}
          stored={stored}
          onSubmit={async (attemptId, answers) => {
            await submit.mutateAsync({ attemptId, answers });
            removeStored(storageKey);
            setRetrying(false);
          }}
        />
      ) : latest ? (
        <>
          <AttemptOutcome check={check} attempt={latest} />
          {left === 0 ? (
            <Alert tone={passed ? 'info' : 'error'}>
              {`You have used all ${plural(check.maxAttempts ?? 0, 'attempt')} at this check.`}
              {passed ? '' : ' Ask your teacher if you need another.'}
            </Alert>
          ) : (
            <button type="button" className="button button-secondary" onClick={() => setRetrying(true)}>
              Try again
            </button>
          )}
        </>
      ) : (
        <Alert tone="error">{`You have used all ${plural(check.maxAttempts ?? 0, 'attempt')} at this check.`}</Alert>
      )}
    </>
  );
}

type Answers = Record<string, string | string[] | boolean>;

function answersToSend(questions: StudentQuestion[], answers: Answers): { values: Record<string, AnswerValue>; invalid: Record<string, string> } {
  const values: Record<string, AnswerValue> = {};
  const invalid: Record<string, string> = {};
  for (const question of questions) {
    const given = answers[question.id];
    if (given === undefined || given === '' || (Array.isArray(given) && given.length === 0)) continue;
    if (question.kind === 'number') {
      const value = Number(String(given).trim().replace(',', '.'));
      if (Number.isFinite(value)) values[question.id] = value;
      else invalid[question.id] = 'Enter a number, such as 12 or 3.5.';
    } else {
      values[question.id] = given;
    }
  }
  return { values, invalid };
}

interface AttemptFormProps {
  check: StudentCheck;
  busy: boolean;
  /** Where the attempt's answers are kept in the tab while it is answered. */
  storageKey: string;
  /** The attempt kept there before a reload, answered on. */
  stored?: StoredAttempt;
  onSubmit: (attemptId: string, answers: Record<string, AnswerValue>) => Promise<void>;
}

function AttemptForm({ check, busy, storageKey, stored, onSubmit }: AttemptFormProps) {
  const id = useId();
  // One id per attempt, kept across retries of its submission and reloads: the server records it once.
  const attemptId = useRef(stored?.attemptId ?? crypto.randomUUID());
  const [answers, setAnswers] = useState<Answers>(stored?.answers ?? {});
  useEffect(() => {
    if (Object.keys(answers).length > 0) writeStored(storageKey, { attemptId: attemptId.current, answers });
  }, [answers, storageKey]);
  const [invalid, setInvalid] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const oneAtATime = useOneAtATime();
  const unanswered = check.questions.filter((question) => !(question.id in answersToSend(check.questions, answers).values)).length;

  async function submit() {
    if (busy) return;
    const { values, invalid: found } = answersToSend(check.questions, answers);
    setInvalid(found);
    if (Object.keys(found).length > 0) {
      setError('Please correct the marked answers, then submit again.');
      return;
    }
    setError(null);
    try {
      await onSubmit(attemptId.current, values);
    } catch (failure) {
      console.error('Submitting the attempt failed:', failure);
      setError(
        failure instanceof ApiError && failure.status > 0 && failure.status < 500
          ? failure.message
          : `${failure instanceof ApiError ? failure.message : 'Could not submit your answers.'} Your answers are kept: submit again.`,
      );
    }
  }

  const set = (questionId: string, value: string | string[] | boolean) => setAnswers((current) => ({ ...current, [questionId]: value }));

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        oneAtATime((settled) => void submit().finally(settled));
      }}
      noValidate
    >
      <ol className="check-take-questions">
        {check.questions.map((question, index) => (
          <li key={question.id} className="check-take-question">
            <QuestionInput id={`${id}-${question.id}`} number={index + 1} question={question} value={answers[question.id]} error={invalid[question.id]} onChange={(value) => set(question.id, value)} />
          </li>
        ))}
      </ol>
      {error && (
        <Alert tone="error" onDismiss={() => setError(null)}>
          {error}
        </Alert>
      )}
      <div className="form-actions">
        <button type="submit" className="button" disabled={busy}>
          {busy ? 'Submitting...' : 'Submit answers'}
        </button>
        {unanswered > 0 && <span className="muted">{`${plural(unanswered, 'question')} not answered (counted as wrong).`}</span>}
      </div>
    </form>
  );
}

interface QuestionInputProps {
  id: string;
  number: number;
  question: StudentQuestion;
  value: string | string[] | boolean | undefined;
  error?: string;
  onChange: (value: string | string[] | boolean) => void;
}

function QuestionInput({ id, number, question, value, error, onChange }: QuestionInputProps) {
  const legend = (
    <legend className="check-prompt">
      <span className="check-number">{number}.</span> {question.prompt} <span className="muted">({plural(question.points, 'point')})</span>
    </legend>
  );
  if (question.kind === 'single' || question.kind === 'multiple' || question.kind === 'truefalse') {
    const options = question.kind === 'truefalse' ? [{ id: 'true', text: 'True' }, { id: 'false', text: 'False' }] : (question.options ?? []);
    const multiple = question.kind === 'multiple';
    const chosen = (optionId: string) =>
      question.kind === 'truefalse' ? value === (optionId === 'true') : Array.isArray(value) && value.includes(optionId);
    const pick = (optionId: string, on: boolean) => {
      if (question.kind === 'truefalse') onChange(optionId === 'true');
      else if (!multiple) onChange([optionId]);
      else {
        const current = Array.isArray(value) ? value : [];
        onChange(on ? [...current, optionId] : current.filter((each) => each !== optionId));
      }
    };
    return (
      <fieldset>
        {legend}
        {multiple && <p className="muted check-hint">Choose every answer that applies.</p>}
        {options.map((option) => (
          <label key={option.id} className="check-choice">
            <input type={multiple ? 'checkbox' : 'radio'} name={id} checked={chosen(option.id)} onChange={(event) => pick(option.id, event.target.checked)} />
            <span>{option.text}</span>
          </label>
        ))}
      </fieldset>
    );
  }
  return (
    <fieldset>
      {legend}
      <label htmlFor={id} className="visually-hidden">
        Your answer to question {number}
      </label>
      <input
        id={id}
        className="check-text-answer"
        inputMode={question.kind === 'number' ? 'decimal' : undefined}
        autoComplete="off"
        maxLength={CHECK_LIMITS.textAnswerMaxLength}
        value={typeof value === 'string' ? value : ''}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error && (
        <span id={`${id}-error`} className="field-error">
          {error}
        </span>
      )}
    </fieldset>
  );
}

/** The latest attempt's score, pass or not, and each question's answer with what the check shows of its result. */
function AttemptOutcome({ check, attempt }: { check: StudentCheck; attempt: AttemptResult }) {
  const questions = new Map(check.questions.map((question) => [question.id, question]));
  const outdated = attempt.version !== check.version;
  return (
    <div className="check-outcome">
      <p className={`check-score ${attempt.passed ? 'is-passed' : 'is-failed'}`} role="status">
        <strong>
          {`Score: ${attempt.score} / ${attempt.maxScore} (${attempt.percent}%) — ${attempt.passed ? 'Passed' : 'Not passed'}`}
        </strong>
        {!attempt.passed && ` You need ${check.passMark}% to pass.`}
      </p>
      {outdated ? (
        <p className="muted">The teacher has changed this check since this attempt; its questions are shown above as they are now.</p>
      ) : (
        <>
          {!check.showCorrectness && <p className="muted">{hiddenResultsText(check)}</p>}
          <ol className="check-results">
            {attempt.results.map((result, index) => {
              const question = questions.get(result.questionId);
              const explanation = result.explanation ?? question?.explanation;
              return (
                <li key={result.questionId} className={`check-result${result.correct === undefined ? '' : result.correct ? ' is-right' : ' is-wrong'}`}>
                  <p className="check-prompt">
                    <span className="check-number">{index + 1}.</span> {question?.prompt}
                  </p>
                  {result.correct !== undefined && (
                    <p>
                      <span aria-hidden="true">{result.correct ? '✓ ' : '✗ '}</span>
                      <strong>{result.correct ? 'Right' : (result.earned ?? 0) > 0 ? 'Partly right' : 'Wrong'}</strong>
                      {` · ${result.earned ?? 0} of ${plural(result.points, 'point')}`}
                    </p>
                  )}
                  <p className="muted">Your answer: {answerText(question, attempt.answers[result.questionId])}</p>
                  {result.answer !== undefined && <p>Correct answer: {keyText(question, result.answer)}</p>}
                  {explanation && <p className="check-explanation">{explanation}</p>}
                </li>
              );
            })}
          </ol>
        </>
      )}
    </div>
  );
}

/** Why a student sees no right or wrong per question: the teacher's choice, not a fault. */
function hiddenResultsText(check: StudentCheck): string {
  return check.showAnswers
    ? 'Your teacher shows the correct answers for this check, but not which of your answers were right.'
    : 'Your teacher shows only your score for this check, not which answers were right.';
}

const optionTexts = (question: StudentQuestion | undefined, ids: string[]) =>
  ids.map((optionId) => question?.options?.find((option) => option.id === optionId)?.text ?? optionId).join(', ');

function answerText(question: StudentQuestion | undefined, given: AnswerValue | undefined): string {
  if (given === undefined || (Array.isArray(given) && given.length === 0)) return 'not answered';
  if (Array.isArray(given)) return optionTexts(question, given);
  if (typeof given === 'boolean') return given ? 'True' : 'False';
  return String(given);
}

function keyText(question: StudentQuestion | undefined, key: AnswerKey): string {
  if (typeof key === 'boolean') return key ? 'True' : 'False';
  if (Array.isArray(key)) return question?.kind === 'text' ? key.join(' or ') : optionTexts(question, key);
  return key.tolerance ? `${key.value} (± ${key.tolerance})` : String(key.value);
}
