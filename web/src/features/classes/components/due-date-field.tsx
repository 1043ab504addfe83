// A due date and time, typed in the school's time zone, which the hint names with its offset on that date.
import { instantOf, schoolTimeZone, zoneOffsetName } from '@web/lib/due-dates';

interface DueDateFieldProps {
  id: string;
  /** A datetime-local value ("2026-12-05T17:00"), '' for no due date. */
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
}

export function DueDateField({ id, value, onChange, disabled }: DueDateFieldProps) {
  const zone = schoolTimeZone();
  const at = value ? new Date(instantOf(value, zone)) : undefined;
  return (
    <div className="field">
      <label htmlFor={id}>Due date (optional)</label>
      <input id={id} type="datetime-local" value={value} onChange={(event) => onChange(event.target.value)} disabled={disabled} aria-describedby={`${id}-zone`} />
      <span id={`${id}-zone`} className="field-hint">
        School time: {zone} ({zoneOffsetName(zone, at)})
      </span>
    </div>
  );
}
