// Explainable release on the module's edit screen: the rules as being edited, before saving, checked for places a
// student gets stuck (each with its fix in words) by the same shared rules the server's path check runs, so a problem
// shows up and goes away with the edit that makes or fixes it; the class prerequisites (server data) beside them. And
// "Preview as a student who scores …", asked for when opened: the path such a student meets under the saved rules,
// section by section, from the server's own path function.
import { useId, useMemo, useRef, useState, type FormEvent } from 'react';
import type { Module } from '@shared/contract/modules';
import { pathRuleProblems, type RulesModule } from '@shared/path-rules';
import { DEFAULT_SECTION_ROLE, type SectionState } from '@shared/paths';
import { usePathCheck, usePreviewPath } from '@web/api/paths';
import { Alert } from '@web/components/alert';
import { useHashTarget } from '@web/lib/use-hash-target';
import type { DraftSection } from '../utils/draft-section';

const STATE_WORD: Record<SectionState, string> = { open: 'Open', locked: 'Locked', complete: 'Complete', skipped: 'Skipped', excused: 'Excused' };

/** The unsaved rules: the order mode and the sections as on screen (a new one named by its local key), in order. */
export interface DraftRules {
  sequential: boolean;
  sections: DraftSection[];
}

export function PathExplainPanel({ module, draft }: { module: Module; draft: DraftRules }) {
  const id = useId();
  const ordered = [...module.sections].sort((a, b) => a.order - b.order);
  const titleOf = new Map(ordered.map((section) => [section._id, section.title]));
  const checked = ordered.filter((section) => module.checks?.some((check) => check.sectionId === section._id));
  const ruleProblems = useMemo(() => {
    const rules: RulesModule = {
      sequential: draft.sequential,
      sections: draft.sections.map((section, index) => ({ _id: section._id ?? section.key, title: section.title.trim() || `Section ${index + 1}`, order: index + 1, role: section.role ?? DEFAULT_SECTION_ROLE })),
    };
    return pathRuleProblems(rules, module.checks ?? []);
  }, [draft.sequential, draft.sections, module.checks]);
  // The class prerequisites do not change with this screen's edits: the server's check of the saved module names them.
  const saved = usePathCheck(module._id, module.updatedAt, module.checks, true);
  const problems = [...ruleProblems, ...(saved.data?.problems.filter((problem) => problem.kind === 'prerequisite') ?? [])];
  const [scores, setScores] = useState<Record<string, string>>({});
  const [completed, setCompleted] = useState<string[]>([]);
  const preview = usePreviewPath(module._id);
  // "preview its path as a student" (after Finish & Save Module) opens it.
  const previewCard = useRef<HTMLDetailsElement>(null);
  const previewAsked = useHashTarget('preview-path', previewCard);

  function submit(event: FormEvent) {
    event.preventDefault();
    preview.mutate({ scores: Object.fromEntries(Object.entries(scores).filter(([, value]) => value !== '').map(([sectionId, value]) => [sectionId, Number(value)])), completed });
  }

  return (
    <>
      <section className="card path-explain" aria-labelledby={`${id}-stuck`}>
        <h2 id={`${id}-stuck`} className="path-explain-title">
          Where a student could get stuck
        </h2>
        <div aria-live="polite">
          {problems.length === 0 ? (
            <p className="muted">No dead ends: every review and extension section can be released, and no check leaves a student stuck.</p>
          ) : (
            <ul className="path-problems" aria-label="Path problems">
              {problems.map((problem) => (
                <li key={`${problem.kind}:${problem.sectionId ?? problem.message}`}>{problem.message}</li>
              ))}
            </ul>
          )}
        </div>
        {saved.isError && <Alert tone="error">Could not check your classes' prerequisites: {saved.error.message}</Alert>}
        <p className="field-hint">Checked on your changes as you make them, before you save.</p>
      </section>
      <details className="card path-explain" id="preview-path" ref={previewCard} open={previewAsked || undefined}>
        <summary>
          <h2 className="path-explain-title">Preview the path as a student</h2>
        </summary>
        <h3>Preview as a student who scores …</h3>
        <form className="path-preview-form" onSubmit={submit} noValidate>
          {checked.length === 0 && <p className="muted">No section has a check yet: the preview shows the order alone.</p>}
          {checked.map((section) => (
            <label key={section._id} className="field">
              <span>{`Score on “${section.title}” (%)`}</span>
              <input
                type="number"
                min={0}
                max={100}
                step={1}
                inputMode="numeric"
                value={scores[section._id] ?? ''}
                onChange={(event) => setScores({ ...scores, [section._id]: event.target.value })}
              />
            </label>
          ))}
          <fieldset>
            <legend>Sections they completed</legend>
            {ordered.map((section) => (
              <label key={section._id} className="checkbox-field">
                <input
                  type="checkbox"
                  checked={completed.includes(section._id)}
                  onChange={(event) => setCompleted(event.target.checked ? [...completed, section._id] : completed.filter((each) => each !== section._id))}
                />{' '}
                {section.title}
              </label>
            ))}
          </fieldset>
          <button type="submit" className="button button-secondary" disabled={preview.isPending}>
            {preview.isPending ? 'Previewing…' : 'Preview'}
          </button>
        </form>
        {preview.isError && <Alert tone="error">{preview.error.message}</Alert>}
        {preview.data && (
          <ol className="path-preview" aria-label="The path such a student meets">
            {preview.data.sections.map((entry) => (
              <li key={entry.sectionId}>
                <strong>{titleOf.get(entry.sectionId)}</strong>: {STATE_WORD[entry.state]}
                {entry.reason ? ` — ${entry.reason}` : ''}
              </li>
            ))}
          </ol>
        )}
        <p className="field-hint">The preview follows the saved rules: save your changes, then preview again.</p>
      </details>
    </>
  );
}
