// A drill-down over the report: a modal with a heading, a table, Export CSV and Close. Escape closes it and focus
// goes back to the heading or name that opened it.
import { useId, useRef, type ReactNode } from 'react';
import { useModal } from '@web/components/use-modal';

interface DrillDownDialogProps {
  title: string;
  children: ReactNode;
  onExport: (() => void) | undefined;
  onClose: () => void;
}

export function DrillDownDialog({ title, children, onExport, onClose }: DrillDownDialogProps) {
  const closeButton = useRef<HTMLButtonElement>(null);
  const headingId = useId();
  useModal(true, closeButton, onClose);
  return (
    <div className="dialog-backdrop">
      <div className="dialog drill-down" role="dialog" aria-modal="true" aria-labelledby={headingId}>
        <h2 id={headingId} className="dialog-title">
          {title}
        </h2>
        <div className="drill-down-body">{children}</div>
        <div className="dialog-actions">
          <button type="button" className="button button-secondary" onClick={onExport} disabled={!onExport}>
            Export CSV
          </button>
          <button type="button" className="button" onClick={onClose} ref={closeButton}>
            Close
          </button>
        </div>
      </div>
    </div>
  );
}
