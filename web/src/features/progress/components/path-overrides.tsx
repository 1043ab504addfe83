// The student drill-down's overrides: what the teacher changed on this student's path (a section opened or excused,
// a module unlocked, more attempts at a check), each with its reason and a button to take it back, and a form to add
// one that says what it will change before it is saved. The server recomputes
// the path from them; the report refreshes after a change.
import { useState, type FormEvent } from 'react';
import { EXTRA_ATTEMPTS_MAX, type OverrideKind } from '@shared/paths';
import { Field, SelectField } from '@web/components/field';
import { useModules } from '@web/api/modules';
import { useAddOverride, useRemoveOverride, useStudentOverrides } from '@web/api/paths';
import { QueryView } from '@web/components/query-view';
import { attemptsWord, describeOverride, KIND_WORD, OverrideSummary } from './override-summary';

const KIND_CHOICES = [
  ['release', 'Open a section'],
  ['excuse', 'Excuse from a section'],
  ['unlock', 'Unlock the module'],
  ['attempts', 'Give more attempts at a check'],
] as const satisfies readonly (readonly [OverrideKind, string])[];
const EXTRA_CHOICES = Array.from({ length: EXTRA_ATTEMPTS_MAX }, (_, index) => [String(index + 1), String(index + 1)] as const);

/** What saving the override will do to the student's path, said before it is saved. */
function effectOf(kind: OverrideKind, studentName: string, target: string, extra: number): string {
  switch (kind) {
    case 'release':
      return `${target} opens for ${studentName} now, whatever the rules. Nothing else closes and their progress does not drop: the section is extra until they complete it.`;
    case 'excuse':
      return `${studentName} no longer needs ${target}: it stops counting in their progress and asks for nothing, and the sections after it do not wait for it.`;
    case 'unlock':
      return `${target} opens for ${studentName} whatever its prerequisite. Nothing else changes.`;
    case 'attempts':
      return `${studentName} gets ${attemptsWord(extra)} at the check in ${target} (added to any given before). Nothing else changes.`;
  }
}
const REASON_MAX = 300;

interface PathOverridesProps {
  classId: string;
  studentId: string;
  studentName: string;
  /** The class's modules, in the report's order. */
  modules: { moduleId: string; moduleTitle: string }[];
}

export function PathOverrides({ classId, studentId, studentName, modules }: PathOverridesProps) {
  const overrides = useStudentOverrides(classId, studentId);
  const library = useModules();
  const add = useAddOverride(classId, studentId);
  const remove = useRemoveOverride(classId, studentId);
  const [moduleId, setModuleId] = useState(modules[0]?.moduleId ?? '');
  const [kind, setKind] = useState<OverrideKind>('release');
  const [sectionId, setSectionId] = useState('');
  const [extra, setExtra] = useState('1');
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string>();
  const sections = library.data?.find((module) => module._id === moduleId)?.sections ?? [];
  const chosenSection = sections.some((section) => section._id === sectionId) ? sectionId : (sections[0]?._id ?? '');
  const moduleTitle = modules.find((module) => module.moduleId === moduleId)?.moduleTitle ?? '';
  const sectionTitle = sections.find((section) => section._id === chosenSection)?.title;
  const target = kind === 'unlock' || !sectionTitle ? `“${moduleTitle}”` : `“${sectionTitle}”`;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!reason.trim()) {
      setReasonError('Give a reason: the student sees it.');
      return;
    }
    setReasonError(undefined);
    add.mutate(
      { moduleId, kind, ...(kind === 'unlock' ? {} : { sectionId: chosenSection }), ...(kind === 'attempts' && { extra: Number(extra) }), reason: reason.trim() },
      { onSuccess: () => setReason('') },
    );
  }

  return (
    <section className="path-overrides" aria-labelledby="path-overrides-heading">
      <h3 id="path-overrides-heading">Path overrides</h3>
      <QueryView
        query={overrides}
        loading="Loading overrides..."
        error="Could not load the overrides of this student."
        empty={{ when: (data) => data.overrides.length === 0, show: <p className="muted">No overrides: {studentName} follows the module rules.</p> }}
      >
        {(data) => (
          <ul className="override-list">
            {data.overrides.map((override) => (
              <li key={`${override.moduleId}:${override.kind}:${override.sectionId ?? ''}`}>
                <OverrideSummary override={override} />{' '}
                <button
                  type="button"
                  className="button button-secondary"
                  disabled={remove.isPending}
                  aria-label={`Remove override: ${KIND_WORD[override.kind]} ${describeOverride(override)}`}
                  onClick={() => remove.mutate(override)}
                >
                  Remove
                </button>
              </li>
            ))}
          </ul>
        )}
      </QueryView>
      <p role="status" className="field-hint">
        {remove.isError ? remove.error.message : remove.isSuccess ? 'Override removed.' : ''}
      </p>
      <form className="override-form" onSubmit={submit} noValidate>
        <SelectField
          id="override-module"
          label="Module"
          value={moduleId}
          options={modules.map(({ moduleId: id, moduleTitle }) => [id, moduleTitle] as const)}
          onChange={setModuleId}
        />
        <SelectField id="override-kind" label="Change" value={kind} options={KIND_CHOICES} onChange={setKind} />
        {kind !== 'unlock' && (
          <SelectField
            id="override-section"
            label="Section"
            value={chosenSection}
            options={sections.map((section) => [section._id, section.title] as const)}
            onChange={setSectionId}
            disabled={sections.length === 0}
          />
        )}
        {kind === 'attempts' && (
          <SelectField id="override-extra" label="How many more attempts" value={extra} options={EXTRA_CHOICES} onChange={setExtra} />
        )}
        <p className="field-hint override-effect" id="override-effect">
          {effectOf(kind, studentName, target, Number(extra))}
        </p>
        <Field
          id="override-reason"
          label="Reason"
          hint="Shown to the student with the change."
          value={reason}
          maxLength={REASON_MAX}
          error={reasonError}
          onChange={(event) => setReason(event.target.value)}
        />
        <button type="submit" className="button button-primary" disabled={add.isPending || (kind !== 'unlock' && !chosenSection)}>
          {add.isPending ? 'Saving...' : 'Save override'}
        </button>
        <span role="status" className="field-hint">
          {add.isError ? add.error.message : add.isSuccess ? 'Override saved.' : ''}
        </span>
      </form>
    </section>
  );
}
