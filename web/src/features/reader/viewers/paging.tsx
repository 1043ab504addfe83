// Page (or slide) controls shared by the PDF and PowerPoint viewers: Previous / "Page x of n" / Next, the viewer's
// tools (in the row from 601 px; below that, under a Tools button, so the row stays one row with every control in
// sight), and the keys a reader expects (arrows, Page Up/Down, Home, End) while the document has focus.
import { useId, useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';

interface PagingToolbarProps {
  unit: 'Page' | 'Slide';
  page: number;
  count: number;
  onPage: (page: number) => void;
  /** The viewer's tools (zoom, search, …). */
  tools: ReactNode;
}

export function PagingToolbar({ unit, page, count, onPage, tools }: PagingToolbarProps) {
  const lower = unit.toLowerCase();
  const toolsId = useId();
  const [toolsOpen, setToolsOpen] = useState(false);
  return (
    <div className="viewer-toolbar" role="toolbar" aria-label={`${unit} controls`}>
      <button type="button" className="button button-secondary" onClick={() => onPage(page - 1)} disabled={page <= 1} aria-label={`Previous ${lower}`}>
        <span aria-hidden="true">‹</span>
        <span className="viewer-step-word"> Previous {lower}</span>
      </button>
      <span className="viewer-position" aria-live="polite">
        {unit} {page} of {count || '…'}
      </span>
      <button type="button" className="button button-secondary" onClick={() => onPage(page + 1)} disabled={page >= count} aria-label={`Next ${lower}`}>
        <span className="viewer-step-word">Next {lower} </span>
        <span aria-hidden="true">›</span>
      </button>
      <button
        type="button"
        className="button button-secondary viewer-tools-toggle"
        aria-expanded={toolsOpen}
        aria-controls={toolsId}
        onClick={() => setToolsOpen(!toolsOpen)}
      >
        Tools
      </button>
      <div id={toolsId} className={toolsOpen ? 'viewer-tools is-open' : 'viewer-tools'}>
        {tools}
      </div>
    </div>
  );
}

/** A keydown handler for the focused document: moves within 1..count. */
export function pagingKeys(page: number, count: number, onPage: (page: number) => void) {
  return (event: KeyboardEvent) => {
    const target = { ArrowRight: page + 1, PageDown: page + 1, ArrowLeft: page - 1, PageUp: page - 1, Home: 1, End: count }[
      event.key
    ];
    if (target === undefined || count === 0) return;
    event.preventDefault();
    onPage(Math.min(count, Math.max(1, target)));
  };
}

/**
 * Go to page n of a document: typed and sent with Enter or Go; a number outside 1..count is not taken. Shown (disabled)
 * before the page count is known and for a one-page document, so the toolbar keeps one shape.
 */
export function PageJump({ count, onPage }: { count: number; onPage: (page: number) => void }) {
  const id = useId();
  const [value, setValue] = useState('');
  const disabled = count < 2;
  function submit(event: FormEvent) {
    event.preventDefault();
    const target = Number(value);
    if (!Number.isInteger(target) || target < 1 || target > count) return;
    onPage(target);
    setValue('');
  }
  return (
    <form className="viewer-jump" onSubmit={submit}>
      <label htmlFor={id}>Go to page</label>
      <input id={id} type="number" inputMode="numeric" min={1} max={count} value={value} disabled={disabled} onChange={(event) => setValue(event.target.value)} />
      <button type="submit" className="button button-secondary" disabled={disabled}>
        Go
      </button>
    </form>
  );
}
