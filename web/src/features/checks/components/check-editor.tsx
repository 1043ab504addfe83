// A section's check in the module's edit screen: its settings (pass mark, attempts, what students see after an attempt), its ordered
// questions, each of one kind with that kind's answer (typed, or drafted from the section's file and accepted), and its mastery rules (score bands). Validated with the server's schema before it is sent, messages
// shown under the fields; saved on its own (PUT …/check), apart from the module's other changes.
import { useEffect, useId, useImperativeHandle, useRef, useState, type FormEvent, type Ref } from 'react';
import { CHECK_LIMITS, QUESTION_KINDS, type QuestionKind } from '@shared/checks';
import { checkInputSchemaFor, type TeacherCheck, type Drafts } from '@shared/contract/checks';
import { makeBandsSchema } from '@shared/paths';
import type { ContentType } from '@shared/content-type';
import { Alert } from '@web/components/alert';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { Field, SelectField, TextAreaField } from '@web/components/field';
import { ApiError } from '@web/lib/api-client';
import { FIX_FIELDS, fieldErrorsOf, hasErrors, validateFields, type FieldErrors } from '@web/lib/form-errors';
import { PathChangeCount } from '@web/components/path-change-count';
import { useSaveCheck, useSettleDrafts, useTeacherCheck } from '@web/api/checks';
import { BandEditor, type BandSection } from './band-editor';
import { PercentField } from './percent-field';
import { addOption, draftOf, emptyDraft, errorAt, inputOf, isBlank, isChoice, KIND_LABELS, newQuestion, questionOfDraft, type CheckDraft, type DraftQuestion } from './check-draft';
import { DRAFTER_WORDS, QuestionDrafting } from './question-drafting';
import '../checks.css';
import { QueryView } from '@web/components/query-view';

/** 1000 → "1,000", without building an Intl formatter (its locale data is a pause on a phone). */
const thousands = (value: number) => String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

export const CHECK_LIMITS_TEXT = `Up to ${CHECK_LIMITS.questionsMax} questions, ${CHECK_LIMITS.optionsMax} options per question and ${thousands(CHECK_LIMITS.promptMaxLength)} characters per prompt.`;

const ATTEMPT_CHOICES: readonly (readonly [string, string])[] = [
  ['', 'Unlimited'],
  ...Array.from({ length: CHECK_LIMITS.attemptsMax }, (_, index) => [String(index + 1), String(index + 1)] as const),
];
const KIND_CHOICES = QUESTION_KINDS.map((kind) => [kind, KIND_LABELS[kind]] as const);

interface CheckEditorProps {
  moduleId: string;
  sectionId: string;
  sectionTitle: string;
  /** Whether the section has a check already (the module read says so); without one the form starts empty. */
  hasCheck: boolean;
  /** The module's sections in order, as saved: what the mastery rules can open and skip. */
  sections: BandSection[];
  /** The section's file type: a presentation's drafts come from slides, other files' from pages. */
  fileType?: ContentType;
  onClose: () => void;
  /** What the page's own save uses: whether the open check has unsaved changes, and saving them. */
  ref?: Ref<CheckEditorHandle>;
}

export interface CheckEditorHandle {
  hasChanges(): boolean;
  /** Saves the check's unsaved changes; true once saved or with none, false while the form shows why not. */
  save(): Promise<boolean>;
}

export function CheckEditor({ moduleId, sectionId, sectionTitle, hasCheck, sections, fileType, onClose, ref }: CheckEditorProps) {
  // Read afresh on each opening: a module save may have changed the check's bands (new roles) since it was cached.
  const check = useTeacherCheck(moduleId, sectionId, hasCheck, { fresh: true });
  // Here rather than in the form: the form starts again from each saved version, the "saved" line stays.
  const saveCheck = useSaveCheck(moduleId, sectionId);
  const heading = useRef<HTMLHeadingElement>(null);
  const headingId = useId();
  // Opening the editor takes the teacher to it.
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="card check-editor" aria-labelledby={headingId}>
      <h2 id={headingId} ref={heading} tabIndex={-1}>
        Check: {sectionTitle}
      </h2>
      <p className="muted">
        Students answer it after the section&apos;s file; passing it completes the section. {CHECK_LIMITS_TEXT}
      </p>
      <QueryView
        query={check}
        loading="Loading check..."
        error={
          <>
            <Alert tone="error">Could not load this section&apos;s check.</Alert>
            <button type="button" className="button button-secondary" onClick={onClose}>
              Close
            </button>
          </>
        }
      >
        {(data) => (
          <CheckForm
            key={data?.updatedAt ?? 'new'}
            saveCheck={saveCheck}
            saved={data}
            sections={sections}
            moduleId={moduleId}
            sectionId={sectionId}
            sourceUnit={fileType === 'PPT' ? 'slide' : 'page'}
            onClose={onClose}
            ref={ref}
          />
        )}
      </QueryView>
    </section>
  );
}

interface CheckFormProps {
  saveCheck: ReturnType<typeof useSaveCheck>;
  saved: TeacherCheck | null;
  sections: BandSection[];
  moduleId: string;
  sectionId: string;
  sourceUnit: SourceUnit;
  onClose: () => void;
  ref?: Ref<CheckEditorHandle>;
}

type SourceUnit = 'page' | 'slide';

function CheckForm({ saveCheck, saved, sections, moduleId, sectionId, sourceUnit, onClose, ref }: CheckFormProps) {
  const id = useId();
  const [start] = useState(() => (saved ? draftOf(saved) : emptyDraft()));
  const [draft, setDraft] = useState<CheckDraft>(start);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const [confirmClose, setConfirmClose] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  /** After a move, focus stays on the moved question's control (`up`/`down`), at its new place. */
  const [focusAfterMove, setFocusAfterMove] = useState<{ questionId: string; control: 'up' | 'down' } | null>(null);
  const list = useRef<HTMLOListElement>(null);
  const form = useRef<HTMLFormElement>(null);
  const settleDrafts = useSettleDrafts(moduleId, sectionId);
  const changed = JSON.stringify(draft) !== JSON.stringify(start);
  const attemptCount = saved?.attemptCount ?? 0;

  useEffect(() => {
    if (!focusAfterMove) return;
    const item = list.current?.querySelector<HTMLElement>(`[data-question="${focusAfterMove.questionId}"]`);
    const wanted = item?.querySelector<HTMLButtonElement>(`[data-move="${focusAfterMove.control}"]`);
    const other = item?.querySelector<HTMLButtonElement>(`[data-move="${focusAfterMove.control === 'up' ? 'down' : 'up'}"]`);
    (wanted && !wanted.disabled ? wanted : other)?.focus();
    setFocusAfterMove(null);
  }, [focusAfterMove]);

  const update = (change: Partial<CheckDraft>) => setDraft((current) => ({ ...current, ...change }));
  const updateQuestion = (index: number, change: Partial<DraftQuestion>) =>
    setDraft((current) => ({ ...current, questions: current.questions.map((question, each) => (each === index ? { ...question, ...change } : question)) }));

  function move(index: number, to: number, control: 'up' | 'down') {
    const questions = [...draft.questions];
    const [moved] = questions.splice(index, 1);
    questions.splice(to, 0, moved!);
    update({ questions });
    // Messages are by position: they no longer match once questions move, so they wait for the next save.
    setErrors({});
    setFocusAfterMove({ questionId: moved!.id, control });
    setAnnouncement(`Moved question ${index + 1} to position ${to + 1} of ${questions.length}.`);
  }

  function remove(index: number) {
    const removed = draft.questions[index]?.fromPassage;
    if (removed) settleDrafts([removed]);
    update({ questions: draft.questions.filter((_, each) => each !== index) });
    setErrors({});
    setAnnouncement(`Removed question ${index + 1}. ${draft.questions.length - 1} questions left.`);
  }

  /** Discarding the only question leaves a blank one, as a new check starts. */
  function discard(index: number) {
    const discarded = draft.questions[index]?.fromPassage;
    if (discarded) settleDrafts([discarded]);
    update({ questions: draft.questions.length === 1 ? [newQuestion()] : draft.questions.filter((_, each) => each !== index) });
    setErrors({});
    setAnnouncement(`Discarded draft question ${index + 1}.`);
  }

  /** Drafts follow the questions there are (taking the place of an untouched blank one), marked until accepted. */
  function addDrafts({ drafter, questions }: Drafts) {
    if (questions.length === 0) return;
    const added = questions.map((question) => questionOfDraft(question, drafter));
    update({ questions: [...draft.questions.filter((question) => !isBlank(question)), ...added] });
    setErrors({});
    requestAnimationFrame(() => list.current?.querySelector<HTMLElement>(`[data-question="${added[0]!.id}"] [data-draft="accept"]`)?.focus());
  }

  function addQuestion() {
    const question = newQuestion();
    update({ questions: [...draft.questions, question] });
    setFocusAfterMove(null);
    // Focus goes to the new question's first field once it is drawn.
    requestAnimationFrame(() => list.current?.querySelector<HTMLElement>(`[data-question="${question.id}"] select`)?.focus());
  }

  /**
   * Marks the fields and takes the teacher to the first one; a message with no field on screen is said in full
   * instead, so a refusal never reads "correct the marked fields" with nothing marked.
   */
  function showFieldErrors(found: FieldErrors, summary: string) {
    setErrors(found);
    setMessage({ tone: 'error', text: summary });
    requestAnimationFrame(() => {
      const marked = form.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
      if (marked) marked.focus();
      else setMessage({ tone: 'error', text: [...new Set(Object.values(found))].join(' ') });
    });
  }

  /** Validates and saves the form; true once saved (or with nothing to save), false with the reasons on screen. */
  async function saveDraft(): Promise<boolean> {
    if (saveCheck.isPending) return false;
    setMessage(null);
    const pending = draft.questions.find((question) => question.drafted);
    if (pending) {
      setMessage({ tone: 'error', text: 'Accept or discard each draft question before saving the check.' });
      requestAnimationFrame(() => list.current?.querySelector<HTMLElement>(`[data-question="${pending.id}"] [data-draft="accept"]`)?.focus());
      return false;
    }
    const input = inputOf(draft);
    // With the module at hand: the bands may only open its review and extension sections and skip later optional ones.
    const schema = checkInputSchemaFor({ sections, sectionId });
    const found = validateFields(schema, input);
    if (hasErrors(found)) {
      showFieldErrors(found, found.questions ?? FIX_FIELDS);
      return false;
    }
    setErrors({});
    try {
      await saveCheck.mutateAsync(schema.parse(input));
      settleDrafts(draft.questions.flatMap((question) => (question.fromPassage ? [question.fromPassage] : [])));
      // The saved check replaces the form (keyed by its save time: a check without attempts keeps its version).
      return true;
    } catch (error) {
      console.error('Saving the check failed:', error);
      const fields = fieldErrorsOf(error);
      if (hasErrors(fields)) showFieldErrors(fields, FIX_FIELDS);
      else setMessage({ tone: 'error', text: `Could not save the check.${error instanceof ApiError && error.status < 500 ? ` ${error.message}` : ''}` });
      return false;
    }
  }

  useImperativeHandle(ref, () => ({ hasChanges: () => changed, save: async () => !changed || (await saveDraft()) }));

  function submit(event: FormEvent) {
    event.preventDefault();
    void saveDraft();
  }

  const close = () => (changed ? setConfirmClose(true) : onClose());
  const full = draft.questions.length >= CHECK_LIMITS.questionsMax;

  return (
    <form ref={form} onSubmit={submit} noValidate className="check-form">
      <fieldset className="check-settings">
        <legend>Settings</legend>
        <PercentField
          id={`${id}-pass`}
          label="Pass mark (%)"
          value={draft.passMark}
          onChange={(event) => update({ passMark: event.target.value })}
          error={errors.passMark}
        />
        <SelectField
          id={`${id}-attempts`}
          label="Attempts allowed"
          value={draft.maxAttempts}
          options={ATTEMPT_CHOICES}
          onChange={(value) => update({ maxAttempts: value })}
          error={errors.maxAttempts}
        />
        <fieldset className="check-feedback">
          <legend>After each attempt, show students</legend>
          <label className="check-toggle">
            <input type="checkbox" checked={draft.showCorrectness} onChange={(event) => update({ showCorrectness: event.target.checked })} />
            Which questions they got right
          </label>
          <label className="check-toggle">
            <input type="checkbox" checked={draft.showAnswers} onChange={(event) => update({ showAnswers: event.target.checked })} />
            The correct answers and your explanations
          </label>
          {!draft.showCorrectness && !draft.showAnswers && <p className="muted check-hint">Students see only their score.</p>}
        </fieldset>
      </fieldset>

      <QuestionDrafting
        moduleId={moduleId}
        sectionId={sectionId}
        sourceUnit={sourceUnit}
        room={CHECK_LIMITS.questionsMax - draft.questions.filter((question) => !isBlank(question)).length}
        onDrafted={addDrafts}
      />

      <ol className="check-questions" ref={list}>
        {draft.questions.map((question, index) => (
          <QuestionEditor
            key={question.id}
            id={`${id}-q${question.id}`}
            moduleId={moduleId}
            sectionId={sectionId}
            question={question}
            index={index}
            count={draft.questions.length}
            errors={errors}
            sourceUnit={sourceUnit}
            onChange={(change) => updateQuestion(index, change)}
            onMove={(to, control) => move(index, to, control)}
            onRemove={() => remove(index)}
            onDiscard={() => discard(index)}
          />
        ))}
      </ol>
      {errors.questions && <p className="field-error">{errors.questions}</p>}
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
      <button type="button" className="button button-secondary" onClick={addQuestion} disabled={full}>
        Add question
      </button>
      {full && <p className="muted">A check can have at most {CHECK_LIMITS.questionsMax} questions.</p>}

      <BandEditor id={`${id}-bands`} bands={draft.bands} sections={sections} sectionId={sectionId} errors={errors} onChange={(bands) => update({ bands })} />
      {saved && <BandChangeNote moduleId={moduleId} sectionId={sectionId} sections={sections} savedAt={saved.updatedAt} start={start} draft={draft} />}

      {attemptCount > 0 && (
        <Alert tone="info">
          {`Students have made ${attemptCount === 1 ? '1 attempt' : `${attemptCount} attempts`} at this check. Saving makes a new version: those attempts keep their scores, and new attempts use the new version.`}
        </Alert>
      )}
      {message && (
        <Alert tone={message.tone} onDismiss={() => setMessage(null)}>
          {message.text}
        </Alert>
      )}
      {saveCheck.isSuccess && !changed && <p role="status" className="check-saved">Check saved.</p>}
      <div className="form-actions">
        <button type="submit" className="button" disabled={saveCheck.isPending}>
          {saveCheck.isPending ? 'Saving...' : saved ? 'Save check' : 'Add check'}
        </button>
        <button type="button" className="button button-secondary" onClick={close} disabled={saveCheck.isPending}>
          Close
        </button>
      </div>
      <ConfirmDialog
        open={confirmClose}
        message="Close without saving? Your changes to this check will be discarded."
        confirmLabel="Discard changes"
        onConfirm={onClose}
        onCancel={() => setConfirmClose(false)}
      />
    </form>
  );
}

interface BandChangeNoteProps {
  moduleId: string;
  sectionId: string;
  sections: BandSection[];
  savedAt: string;
  /** The form as the saved check filled it: its bands read the same way as the draft's. */
  start: CheckDraft;
  draft: CheckDraft;
}

/** Once the bands differ from the saved ones and would be accepted, how many students' paths saving them changes. */
function BandChangeNote({ moduleId, sectionId, sections, savedAt, start, draft }: BandChangeNoteProps) {
  const bands = inputOf(draft).bands ?? [];
  const acceptable = makeBandsSchema({ sections, sectionId }).safeParse(bands).success;
  const rulesChanged = acceptable && JSON.stringify(bands) !== JSON.stringify(inputOf(start).bands);
  return <PathChangeCount moduleId={moduleId} savedAt={savedAt} proposal={{ check: { sectionId, bands } }} rulesChanged={rulesChanged} />;
}

interface QuestionEditorProps {
  id: string;
  /** The section the check is on: a draft's page links to the reader there. */
  moduleId: string;
  sectionId: string;
  question: DraftQuestion;
  index: number;
  count: number;
  errors: FieldErrors;
  sourceUnit: SourceUnit;
  onChange: (change: Partial<DraftQuestion>) => void;
  onMove: (to: number, control: 'up' | 'down') => void;
  onRemove: () => void;
  onDiscard: () => void;
}

function QuestionEditor({ id, moduleId, sectionId, question, index, count, errors, sourceUnit, onChange, onMove, onRemove, onDiscard }: QuestionEditorProps) {
  const path = `questions.${index}`;
  const number = index + 1;
  const { drafted } = question;
  return (
    <li className={drafted ? 'check-question check-question-draft' : 'check-question'} data-question={question.id}>
      <fieldset>
        <legend>
          Question {number}
          {drafted && <em className="check-draft-mark"> Draft</em>}
        </legend>
        {drafted && (
          <div className="check-draft-source">
            <p>
              From{' '}
              <a href={`/teacher-modules/${moduleId}/section/${sectionId}?page=${drafted.page}`} target="_blank" rel="noopener noreferrer">
                {sourceUnit} {drafted.page} of the file
              </a>
              {drafted.printedPage !== undefined && ` (printed page ${drafted.printedPage})`}. {DRAFTER_WORDS[drafted.drafter]}.
            </p>
            <blockquote>{drafted.passage}</blockquote>
            <div className="check-question-actions">
              <button type="button" className="button" data-draft="accept" onClick={() => onChange({ drafted: undefined })} aria-label={`Accept draft question ${number}`}>
                Accept
              </button>
              <button type="button" className="button button-secondary" onClick={onDiscard} aria-label={`Discard draft question ${number}`}>
                Discard
              </button>
            </div>
          </div>
        )}
        <div className="check-question-row">
          <SelectField<QuestionKind>
            id={`${id}-kind`}
            label={`Question ${number} kind`}
            value={question.kind}
            options={KIND_CHOICES}
            onChange={(kind) => onChange({ kind, correct: kind === 'single' ? question.correct.slice(0, 1) : question.correct })}
            error={errors[`${path}.kind`]}
          />
          <Field
            id={`${id}-points`}
            label="Points"
            type="number"
            inputMode="numeric"
            min={1}
            max={CHECK_LIMITS.pointsMax}
            value={question.points}
            onChange={(event) => onChange({ points: event.target.value })}
            error={errors[`${path}.points`]}
          />
        </div>
        <TextAreaField
          id={`${id}-prompt`}
          label={`Question ${number} prompt`}
          rows={2}
          value={question.prompt}
          maxLength={CHECK_LIMITS.promptMaxLength}
          onChange={(event) => onChange({ prompt: event.target.value })}
          error={errors[`${path}.prompt`]}
        />
        <AnswerEditor id={id} question={question} path={path} number={number} errors={errors} onChange={onChange} />
        <TextAreaField
          id={`${id}-explanation`}
          label="Explanation (optional, shown with the correct answers)"
          rows={2}
          value={question.explanation}
          maxLength={CHECK_LIMITS.explanationMaxLength}
          onChange={(event) => onChange({ explanation: event.target.value })}
          error={errors[`${path}.explanation`]}
        />
        <div className="check-question-actions">
          <button type="button" className="button button-secondary" data-move="up" onClick={() => onMove(index - 1, 'up')} disabled={index === 0} aria-label={`Move question ${number} up`}>
            ↑
          </button>
          <button
            type="button"
            className="button button-secondary"
            data-move="down"
            onClick={() => onMove(index + 1, 'down')}
            disabled={index === count - 1}
            aria-label={`Move question ${number} down`}
          >
            ↓
          </button>
          <button type="button" className="button button-secondary" onClick={onRemove} disabled={count === 1} aria-label={`Remove question ${number}`}>
            Remove
          </button>
        </div>
      </fieldset>
    </li>
  );
}

interface AnswerEditorProps {
  id: string;
  question: DraftQuestion;
  path: string;
  number: number;
  errors: FieldErrors;
  onChange: (change: Partial<DraftQuestion>) => void;
}

/** The kind's own fields: options with the correct ones ticked, true or false, accepted texts, or a value and tolerance. */
function AnswerEditor({ id, question, path, number, errors, onChange }: AnswerEditorProps) {
  const answerError = errorAt(errors, `${path}.answer`);
  if (isChoice(question.kind)) {
    const single = question.kind === 'single';
    const toggle = (optionId: string, on: boolean) =>
      onChange({ correct: single ? [optionId] : on ? [...question.correct, optionId] : question.correct.filter((each) => each !== optionId) });
    return (
      <fieldset className="check-options" aria-describedby={answerError ? `${id}-answer-error` : undefined}>
        <legend>
          Options ({single ? 'tick the correct one' : 'tick every correct one'}; at most {CHECK_LIMITS.optionsMax})
        </legend>
        {question.options.map((option, optionIndex) => (
          <div className="check-option" key={option.id}>
            <input
              type={single ? 'radio' : 'checkbox'}
              name={`${id}-correct`}
              checked={question.correct.includes(option.id)}
              onChange={(event) => toggle(option.id, event.target.checked)}
              aria-label={`Option ${optionIndex + 1} is correct`}
              aria-invalid={answerError && optionIndex === 0 ? true : undefined}
            />
            <Field
              id={`${id}-option-${option.id}`}
              label={`Option ${optionIndex + 1}`}
              value={option.text}
              maxLength={CHECK_LIMITS.optionMaxLength}
              onChange={(event) =>
                onChange({ options: question.options.map((each) => (each.id === option.id ? { ...each, text: event.target.value } : each)) })
              }
              error={errors[`${path}.options.${optionIndex}.text`]}
            />
            <button
              type="button"
              className="button button-secondary"
              onClick={() => onChange({ options: question.options.filter((each) => each.id !== option.id), correct: question.correct.filter((each) => each !== option.id) })}
              disabled={question.options.length <= CHECK_LIMITS.optionsMin}
              aria-label={`Remove option ${optionIndex + 1} of question ${number}`}
            >
              ✕
            </button>
          </div>
        ))}
        {errors[`${path}.options`] && <p className="field-error">{errors[`${path}.options`]}</p>}
        {answerError && (
          <p className="field-error" id={`${id}-answer-error`}>
            {answerError}
          </p>
        )}
        <button type="button" className="button button-secondary" onClick={() => onChange(addOption(question))} disabled={question.options.length >= CHECK_LIMITS.optionsMax}>
          Add option
        </button>
      </fieldset>
    );
  }
  if (question.kind === 'truefalse') {
    return (
      <fieldset className="check-options">
        <legend>Correct answer</legend>
        {([true, false] as const).map((value) => (
          <label key={String(value)} className="check-toggle">
            <input
              type="radio"
              name={`${id}-truefalse`}
              checked={question.truefalse === value}
              onChange={() => onChange({ truefalse: value })}
              aria-invalid={answerError && value ? true : undefined}
            />
            {value ? 'True' : 'False'}
          </label>
        ))}
        {answerError && <p className="field-error">{answerError}</p>}
      </fieldset>
    );
  }
  if (question.kind === 'text') {
    return (
      <TextAreaField
        id={`${id}-accepted`}
        label="Accepted answers (one per line)"
        hint="Compared ignoring case, accents and spaces around the answer."
        rows={3}
        value={question.accepted}
        onChange={(event) => onChange({ accepted: event.target.value })}
        error={answerError}
      />
    );
  }
  return (
    <div className="check-question-row">
      <Field
        id={`${id}-value`}
        label="Correct value"
        inputMode="decimal"
        value={question.value}
        onChange={(event) => onChange({ value: event.target.value })}
        error={errors[`${path}.answer.value`] ?? errors[`${path}.answer`]}
      />
      <Field
        id={`${id}-tolerance`}
        label="Tolerance (±)"
        inputMode="decimal"
        value={question.tolerance}
        onChange={(event) => onChange({ tolerance: event.target.value })}
        error={errors[`${path}.answer.tolerance`]}
      />
    </div>
  );
}
