// A modal form: a heading, fields, and submit/cancel. Escape and Cancel close it; focus starts in the form and
// returns where it was.
import { useEffect, useId, useRef, type FormEvent, type ReactNode } from 'react';

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
  const form = useRef<HTMLFormElement>(null);
  const headingId = useId();

  useEffect(() => {
    const previouslyFocused = document.activeElement as HTMLElement | null;
    form.current?.querySelector<HTMLElement>('input, select, textarea, button')?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onCancel();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      previouslyFocused?.focus();
    };
  }, [onCancel]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };

  return (
    <div className="dialog-backdrop">
      <div className="dialog" role="dialog" aria-modal="true" aria-labelledby={headingId}>
        <form ref={form} onSubmit={submit} noValidate>
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
