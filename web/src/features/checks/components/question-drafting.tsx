// "Draft questions from this file": how many (3–15) and which kinds, then the drafts go into the check's form, each
// marked Draft with the passage it came from, for the teacher to accept, edit or discard. Nothing is saved here.
import { useId, useState } from 'react';
import { DRAFT_KINDS, DRAFT_LIMITS, type DraftKind, type DrafterName } from '@shared/drafts';
import { draftRequestSchema, type Drafts } from '@shared/contract/checks';
import { Alert } from '@web/components/alert';
import { Field } from '@web/components/field';
import { ApiError } from '@web/lib/api-client';
import { validateFields, hasErrors, type FieldErrors } from '@web/lib/form-errors';
import { useDraftQuestions } from '@web/api/checks';
import { KIND_LABELS } from './check-draft';

/** Which drafter wrote the drafts, in words the teacher can weigh them by. */
export const DRAFTER_WORDS: Record<DrafterName, string> = {
  bedrock: 'Drafted by Amazon Bedrock (an AI model)',
  local: 'Drafted by the built-in drafter (key terms from the file’s own sentences, no AI model)',
};

const DEFAULT_COUNT = 8;

interface QuestionDraftingProps {
  moduleId: string;
  sectionId: string;
  /** What the file's pages are called: pages, or a presentation's slides. */
  sourceUnit: 'page' | 'slide';
  /** Questions the check can still take (its limit less those in the form). */
  room: number;
  onDrafted: (drafts: Drafts) => void;
}

export function QuestionDrafting({ moduleId, sectionId, sourceUnit, room, onDrafted }: QuestionDraftingProps) {
  const id = useId();
  const drafting = useDraftQuestions(moduleId, sectionId);
  const [count, setCount] = useState(String(DEFAULT_COUNT));
  const [kinds, setKinds] = useState<DraftKind[]>([...DRAFT_KINDS]);
  /** Which pages to draft from; both empty: the whole file, one empty: that one page. */
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [result, setResult] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);

  async function draft() {
    if (drafting.isPending) return;
    setResult(null);
    const [first, last] = [from.trim() || to.trim(), to.trim() || from.trim()];
    const request = {
      count: count.trim() === '' ? undefined : Number(count),
      kinds: DRAFT_KINDS.filter((kind) => kinds.includes(kind)),
      ...(first ? { pages: { from: Number(first), to: Number(last) } } : {}),
    };
    const found = validateFields(draftRequestSchema, request);
    setErrors(found);
    if (hasErrors(found)) return;
    try {
      const drafts = await drafting.mutateAsync(draftRequestSchema.parse(request));
      const kept = drafts.questions.slice(0, room);
      onDrafted({ ...drafts, questions: kept });
      const fewer = kept.length < Number(count) ? ` (the file gave ${kept.length === 1 ? 'one question' : `${kept.length} questions`}, fewer than asked)` : '';
      setResult({
        tone: 'success',
        text: `${kept.length === 1 ? '1 draft' : `${kept.length} drafts`} added below${fewer}. ${DRAFTER_WORDS[drafts.drafter]}. Accept, edit or discard each, then save the check.`,
      });
    } catch (error) {
      console.error('Drafting questions failed:', error);
      setResult({ tone: 'error', text: `Could not draft questions.${error instanceof ApiError && error.status !== 500 ? ` ${error.message}` : ''}` });
    }
  }

  return (
    <fieldset className="check-drafting">
      <legend>Draft questions from this file</legend>
      <p className="muted">
        Questions are drafted from the section’s file text, each with the passage and page it came from, by the built-in drafter
        (it runs with this app and uses no AI model), or by Amazon Bedrock’s AI model where your school has turned it on. Nothing
        reaches students until you save the check.
      </p>
      <div className="check-question-row">
        <Field
          id={`${id}-count`}
          label={`How many (${DRAFT_LIMITS.countMin}–${DRAFT_LIMITS.countMax})`}
          type="number"
          inputMode="numeric"
          min={DRAFT_LIMITS.countMin}
          max={DRAFT_LIMITS.countMax}
          value={count}
          onChange={(event) => setCount(event.target.value)}
          error={errors.count}
        />
        <Field
          id={`${id}-from`}
          label={`From ${sourceUnit} (optional)`}
          type="number"
          inputMode="numeric"
          min={1}
          value={from}
          onChange={(event) => setFrom(event.target.value)}
          error={errors['pages.from'] ?? errors.pages}
        />
        <Field
          id={`${id}-to`}
          label={`To ${sourceUnit} (optional)`}
          type="number"
          inputMode="numeric"
          min={1}
          value={to}
          onChange={(event) => setTo(event.target.value)}
          error={errors['pages.to']}
        />
        <fieldset className="check-options" aria-describedby={errors.kinds ? `${id}-kinds-error` : undefined}>
          <legend>Kinds</legend>
          {DRAFT_KINDS.map((kind) => (
            <label key={kind} className="check-toggle">
              <input
                type="checkbox"
                checked={kinds.includes(kind)}
                onChange={(event) => setKinds(event.target.checked ? [...kinds, kind] : kinds.filter((each) => each !== kind))}
              />
              {KIND_LABELS[kind]}
            </label>
          ))}
          {errors.kinds && (
            <p className="field-error" id={`${id}-kinds-error`}>
              {errors.kinds}
            </p>
          )}
        </fieldset>
      </div>
      {result && (
        <Alert tone={result.tone} onDismiss={() => setResult(null)}>
          {result.text}
        </Alert>
      )}
      <button type="button" className="button button-secondary" onClick={() => void draft()} disabled={drafting.isPending || room === 0}>
        {drafting.isPending ? 'Drafting...' : 'Draft questions'}
      </button>
      {room === 0 && <p className="muted">The check is full: remove questions to draft more.</p>}
    </fieldset>
  );
}
