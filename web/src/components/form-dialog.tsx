// A modal form: a heading, fields, and submit/cancel. Escape and Cancel close it; focus starts in the form and
// returns where it was.
import { useId, useRef, type FormEvent, type ReactNode } from 'react';
import { useModal } from './use-modal';

interface FormDialogProps {
  title: string;
  submitLabel: string;
  busy?: boolean;
  /** Danger styling for a submit that takes something away. */
  danger?: boolean;
  children: ReactNode;
  onSubmit: () => void;
  onCancel: () => void;
}

export function FormDialog({ title, submitLabel, busy, danger, children, onSubmit, onCancel }: FormDialogProps) {
  const firstField = useRef<HTMLElement | null>(null);
  const headingId = useId();

  useModal(true, firstField, onCancel);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };

  return (
    <div className="dialog-backdrop">
      <div className="dialog" role="dialog" aria-modal="true" aria-labelledby={headingId}>
        <form
          ref={(form) => {
            firstField.current = form?.querySelector<HTMLElement>('input, select, textarea, button') ?? null;
          }}
          onSubmit={submit}
          noValidate
        >
          <h2 id={headingId} className="dialog-title">
            {title}
          </h2>
          {children}
          <div className="dialog-actions">
            <button type="button" className="button button-secondary" onClick={onCancel} disabled={busy}>
              Cancel
            </button>
            <button type="submit" className={danger ? 'button button-danger' : 'button'} disabled={busy}>
              {submitLabel}
            </button>
          </div>
        </form>
      </div>
    </div>
  );
}
