// A module's due date in the reader's own time zone, with the zone named, and "Overdue" in words (not only colour)
// when it has passed with the work not complete.
import { dueText } from '../lib/due-dates';

export function DueDate({ dueAt, overdue = false }: { dueAt: string; overdue?: boolean }) {
  return (
    <span className="due">
      <span className="due-date">{dueText(dueAt)}</span>
      {overdue && <span className="overdue-badge">Overdue</span>}
    </span>
  );
}
