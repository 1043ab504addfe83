// Explainable release on the module's edit screen, asked for when the teacher opens it: the saved rules checked for
// places a student gets stuck (each with its fix in words), and "Preview as a student who scores …": the path such a
// student meets, section by section, from the server's own path function.
import { useId, useState, type FormEvent } from 'react';
import type { Module } from '@shared/contract/modules';
import type { SectionState } from '@shared/paths';
import { usePathCheck, usePreviewPath } from '@web/api/paths';
import { Alert } from '@web/components/alert';

const STATE_WORD: Record<SectionState, string> = { open: 'Open', locked: 'Locked', complete: 'Complete', skipped: 'Skipped', excused: 'Excused' };

export function PathExplainPanel({ module }: { module: Module }) {
  const id = useId();
  const ordered = [...module.sections].sort((a, b) => a.order - b.order);
  const titleOf = new Map(ordered.map((section) => [section._id, section.title]));
  const checked = ordered.filter((section) => module.checks?.some((check) => check.sectionId === section._id));
  const [opened, setOpened] = useState(false);
  const problems = usePathCheck(module._id, module.updatedAt, module.checks, opened);
  const [scores, setScores] = useState<Record<string, string>>({});
  const [completed, setCompleted] = useState<string[]>([]);
  const preview = usePreviewPath(module._id);

  function submit(event: FormEvent) {
    event.preventDefault();
    preview.mutate({ scores: Object.fromEntries(Object.entries(scores).filter(([, value]) => value !== '').map(([sectionId, value]) => [sectionId, Number(value)])), completed });
  }

  return (
    <details className="card path-explain" onToggle={(event) => setOpened(event.currentTarget.open)}>
      <summary>
        <h2 id={`${id}-heading`} className="path-explain-title">
          Check and preview the path
        </h2>
      </summary>
      <h3>Where a student could get stuck</h3>
      {problems.isError ? (
        <Alert tone="error">Could not check the path: {problems.error.message}</Alert>
      ) : !problems.data ? (
        <p className="muted">Checking the saved rules…</p>
      ) : problems.data.problems.length === 0 ? (
        <p className="muted">No dead ends: every review and extension section can be released, and no check leaves a student stuck.</p>
      ) : (
        <ul className="path-problems" aria-label="Path problems">
          {problems.data.problems.map((problem) => (
            <li key={`${problem.kind}:${problem.sectionId ?? problem.message}`}>{problem.message}</li>
          ))}
        </ul>
      )}
      <p className="field-hint">These are the saved rules: save your changes, then look again.</p>

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
    </details>
  );
}
