import { useRef } from 'react';
import { useModal } from './use-modal';

interface ConfirmDialogProps {
  open: boolean;
  message: string;
  /** What answering yes means, below the question (read out with it). */
  details?: string;
  confirmLabel: string;
  cancelLabel?: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A modal question with two answers; Escape and the cancel button both cancel, focus starts on cancel. */
export function ConfirmDialog({ open, message, details, confirmLabel, cancelLabel = 'Cancel', busy, onConfirm, onCancel }: ConfirmDialogProps) {
  const cancelButton = useRef<HTMLButtonElement>(null);

  useModal(open, cancelButton, onCancel);

  if (!open) return null;
  return (
    <div className="dialog-backdrop">
      <div
        className="dialog"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="confirm-dialog-message"
        aria-describedby={details ? 'confirm-dialog-details' : undefined}
      >
        <p id="confirm-dialog-message">{message}</p>
        {details && <p id="confirm-dialog-details">{details}</p>}
        <div className="dialog-actions">
          <button type="button" ref={cancelButton} className="button button-secondary" onClick={onCancel} disabled={busy}>
            {cancelLabel}
          </button>
          <button type="button" className="button button-danger" onClick={onConfirm} disabled={busy}>
            {confirmLabel}
          </button>
        </div>
      </div>
    </div>
  );
}
