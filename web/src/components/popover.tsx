import { useCallback, useId, useRef, useState, type ReactNode } from 'react';
import { useDismiss } from './use-dismiss';

interface PopoverProps {
  /** Visible content of the trigger button. */
  trigger: ReactNode;
  /** Accessible name of the trigger when its content is not text (e.g. an icon). */
  triggerLabel?: string;
  triggerClassName?: string;
  panelClassName?: string;
  /** The panel's content; `close` lets a link or button inside close it. */
  children: (close: () => void) => ReactNode;
}

/**
 * A button that shows and hides a panel (the disclosure pattern): Tab moves through the panel's links and buttons,
 * Escape closes and returns focus to the button, a click or focus outside closes it.
 */
export function Popover({ trigger, triggerLabel, triggerClassName = 'icon-button', panelClassName = '', children }: PopoverProps) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const container = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, container, button, close);

  return (
    <div className="popover" ref={container}>
      <button
        ref={button}
        type="button"
        className={triggerClassName}
        aria-label={triggerLabel}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        {trigger}
      </button>
      <div id={panelId} className={`popover-panel ${panelClassName}`} hidden={!open}>
        {open && children(close)}
      </div>
    </div>
  );
}
