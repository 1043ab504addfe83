import { useState } from 'react';
import { QUOTE_ROTATION_MS } from '@shared/constants';
import { useRotatingIndex } from '@web/components/use-rotating-index';
import { LOGIN_QUOTES, type Quote } from '../quotes';

interface QuotePanelProps {
  quotes?: readonly Quote[];
}

/**
 * A quote that changes every QUOTE_ROTATION_MS. Rotation pauses while the pointer or focus is on the panel and can be
 * stopped with its button (moving content must be pausable). Not announced on change: it is decoration.
 */
export function QuotePanel({ quotes = LOGIN_QUOTES }: QuotePanelProps) {
  const [stopped, setStopped] = useState(false);
  const [hovered, setHovered] = useState(false);
  const index = useRotatingIndex(quotes.length, QUOTE_ROTATION_MS, stopped || hovered);
  const quote = quotes[index];
  if (!quote) return null;

  return (
    <aside
      className="quote-panel"
      aria-label="Quotes about learning"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
    >
      <figure key={index} className="quote-panel-quote">
        <blockquote>
          <p>“{quote.text}”</p>
        </blockquote>
        <figcaption>— {quote.author}</figcaption>
      </figure>
      <div className="quote-panel-controls">
        <span className="quote-panel-dots" aria-hidden="true">
          {quotes.map((item, dot) => (
            <span key={item.text} className={dot === index ? 'dot active' : 'dot'} />
          ))}
        </span>
        <button type="button" className="quote-panel-toggle" onClick={() => setStopped((value) => !value)}>
          {stopped ? 'Play quotes' : 'Pause quotes'}
        </button>
      </div>
    </aside>
  );
}
