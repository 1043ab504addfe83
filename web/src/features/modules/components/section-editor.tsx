// The ordered sections of a module being created or edited: rename in place, reorder by drag and drop or with the
// move buttons (each move announced), remove, set its role on students' paths, and extra controls per section (a
// marker, Replace file).
import { useEffect, useId, useRef, useState, type DragEvent, type ReactNode } from 'react';
import { TEXT_LIMITS } from '@shared/constants';
import { Field } from '@web/components/field';
import type { FieldErrors } from '@web/lib/form-errors';
import type { DraftSection } from '../utils/draft-section';
import { FileTypeBadge } from './file-type-badge';
import { SectionRoleSelect } from './path-rules-fields';

interface SectionEditorProps {
  sections: DraftSection[];
  onChange: (sections: DraftSection[]) => void;
  /** Messages by path (`sections.2.title`), from the shared schema or the API. */
  errors: FieldErrors;
  disabled: boolean;
  /** Extra content per section: a "Content Uploaded" marker, a Replace file control. */
  renderExtra?: (section: DraftSection, index: number) => ReactNode;
  /** Asked before a section is removed (e.g. to say what goes with it); it calls `remove` to go ahead. */
  confirmRemove?: (section: DraftSection, remove: () => void) => void;
}

export function moveItem<T>(items: T[], from: number, to: number): T[] {
  const next = [...items];
  next.splice(to, 0, ...next.splice(from, 1));
  return next;
}

export function SectionEditor({ sections, onChange, errors, disabled, renderExtra, confirmRemove }: SectionEditorProps) {
  const id = useId();
  const [announcement, setAnnouncement] = useState('');
  const [dragged, setDragged] = useState<number | null>(null);
  const list = useRef<HTMLOListElement>(null);
  // A section moved with its buttons keeps the keyboard focus: on the same button, or on the other one when the move
  // took it to the end that disables it (a disabled button would drop the focus to the page).
  const [movedWithKeys, setMovedWithKeys] = useState<{ key: string; direction: 'up' | 'down' } | null>(null);
  useEffect(() => {
    if (!movedWithKeys) return;
    const item = list.current?.querySelector(`[data-section-key="${CSS.escape(movedWithKeys.key)}"]`);
    const other = movedWithKeys.direction === 'up' ? 'down' : 'up';
    const same = item?.querySelector<HTMLButtonElement>(`[data-move="${movedWithKeys.direction}"]`);
    (same && !same.disabled ? same : item?.querySelector<HTMLButtonElement>(`[data-move="${other}"]`))?.focus();
    setMovedWithKeys(null);
  }, [movedWithKeys]);

  function move(from: number, to: number) {
    if (to < 0 || to >= sections.length || from === to) return;
    onChange(moveItem(sections, from, to));
    setAnnouncement(`Moved "${sections[from].title}" to position ${to + 1} of ${sections.length}.`);
  }

  function moveWithButton(index: number, direction: 'up' | 'down') {
    move(index, direction === 'up' ? index - 1 : index + 1);
    setMovedWithKeys({ key: sections[index].key, direction });
  }

  function remove(index: number) {
    onChange(sections.filter((_, each) => each !== index));
    setAnnouncement(`Removed "${sections[index].title}". ${sections.length - 1} sections left.`);
  }

  const change = (index: number, edit: Partial<DraftSection>) =>
    onChange(sections.map((section, each) => (each === index ? { ...section, ...edit } : section)));

  const dropOn = (index: number) => (event: DragEvent) => {
    event.preventDefault();
    if (dragged !== null) move(dragged, index);
    setDragged(null);
  };

  return (
    <>
      <ol className="draft-sections" ref={list}>
        {sections.map((section, index) => (
          <li
            key={section.key}
            data-section-key={section.key}
            className={`draft-section${dragged === index ? ' draft-section-dragged' : ''}`}
            draggable={!disabled}
            onDragStart={(event) => {
              event.dataTransfer.effectAllowed = 'move';
              // Firefox starts a drag only with data set.
              event.dataTransfer.setData('text/plain', section.title);
              setDragged(index);
            }}
            onDragEnd={() => setDragged(null)}
            onDragOver={(event) => dragged !== null && event.preventDefault()}
            onDrop={dropOn(index)}
          >
            <span className="drag-handle" aria-hidden="true" title="Drag to reorder">
              ⠿
            </span>
            <div className="draft-section-text">
              <Field
                id={`${id}-${section.key}-title`}
                label={`Section ${index + 1} title`}
                value={section.title}
                onChange={(event) => change(index, { title: event.target.value })}
                disabled={disabled}
                required
                autoComplete="off"
                maxLength={TEXT_LIMITS.titleMaxLength}
                error={errors[`sections.${index}.title`] ?? errors[`sections.${index}.contentUrl`]}
              />
              <span className="muted draft-section-file">
                <FileTypeBadge contentType={section.contentType} />
                {section.originalFileName ? ` · ${section.originalFileName}` : ''}
              </span>
            </div>
            <SectionRoleSelect
              id={`${id}-${section.key}-role`}
              label={`Section ${index + 1} role`}
              role={section.role}
              onChange={(role) => change(index, { role })}
              disabled={disabled}
              error={errors[`sections.${index}.role`]}
            />
            <div className="section-actions">
              {renderExtra?.(section, index)}
              <button
                type="button"
                className="button button-secondary"
                onClick={() => moveWithButton(index, 'up')}
                data-move="up"
                aria-label={`Move section ${section.title} up`}
                disabled={disabled || index === 0}
              >
                ↑
              </button>
              <button
                type="button"
                className="button button-secondary"
                onClick={() => moveWithButton(index, 'down')}
                data-move="down"
                aria-label={`Move section ${section.title} down`}
                disabled={disabled || index === sections.length - 1}
              >
                ↓
              </button>
              <button
                type="button"
                className="button button-secondary"
                onClick={() => (confirmRemove ? confirmRemove(section, () => remove(index)) : remove(index))}
                aria-label={`Remove section ${section.title}`}
                disabled={disabled}
              >
                Remove
              </button>
            </div>
          </li>
        ))}
      </ol>
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
    </>
  );
}
