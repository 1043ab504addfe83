// A report cell's status as a shape and words (never colour alone), the legend that explains the shapes, and a
// student's last activity as a date.
import { STATUS_LABELS, cellStatus, type CellStatus } from '@shared/report-insight';
import { formatShortDate } from '@web/lib/dates';

const ICONS: Record<CellStatus, string> = { 'not-started': '○', struggling: '!', 'in-progress': '◐', complete: '✓' };

/**
 * One element that shows the shape and is named by the status's words (an image to assistive technology), read with
 * the cell's figures: a report row on screen holds twenty of them, so each costs a phone as little layout as it can.
 */
export function StatusIcon({ cell }: { cell: { completed: number; total: number; struggling?: true } }) {
  const status = cellStatus(cell);
  return (
    <span className={`status-icon status-${status}`} role="img" aria-label={STATUS_LABELS[status]} title={STATUS_LABELS[status]}>
      {ICONS[status]}
    </span>
  );
}

export function StatusLegend() {
  return (
    <ul className="status-legend" aria-label="What the cell icons mean">
      {(Object.keys(ICONS) as CellStatus[]).map((status) => (
        <li key={status}>
          <span className={`status-icon status-${status}`} aria-hidden="true">
            {ICONS[status]}
          </span>
          {STATUS_LABELS[status]}
        </li>
      ))}
    </ul>
  );
}

export function LastActivity({ iso }: { iso: string | null }) {
  if (!iso) return <span className="muted">Never</span>;
  return <time dateTime={iso}>{formatShortDate(new Date(iso))}</time>;
}
